import ical, { type VEvent } from 'node-ical'
import { beforeAll, describe, expect, it } from 'vitest'
import {
	CalendarFeedModel,
	EventModel,
	MessageModel,
	NotificationModel,
	RsvpModel,
	UserModel,
	VideoModel,
} from '#models/index'
import { trialEndingJob } from '~/services/billing/notices.server'
import { eventRemindersJob } from '~/services/events/events.server'
import { runJobNow, type Job } from '~/platform/jobs.server'
import { notify } from '~/services/notifications/notifications.server'
import { createVideo, newVideoAnnouncementsJob } from '~/services/catalogue/videos.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { connectChat, authenticate, newMember, type ChatClient, type Member } from './chat-helpers'

/**
 * Issue 11: notifications, real unread state of private messages, RSVPs,
 * joining, replays and calendar files, as members meet them through the
 * server (product §2 "Notifications", "Messages", "Events"; §7).
 */
const server = useSeededTestServer()

const MINUTE = 60_000
const HOUR = 60 * MINUTE
let admin: TestClient

beforeAll(async () => {
	admin = await logIn(server.url, 'admin')
})

const unreadOf = (userId: number) => NotificationModel.countDocuments({ recipientId: userId, readAt: null })
const notificationsOf = (userId: number, kind?: string) =>
	NotificationModel.find({ recipientId: userId, ...(kind ? { kind } : {}) })
		.sort({ id: -1 })
		.lean()

/** An event made by the admin through the API, starting `startsIn` from now. */
async function newEvent(
	startsIn: number,
	fields: Record<string, unknown> = {},
): Promise<{ id: number; title: string }> {
	// Whole seconds, as calendar files write them.
	const startTime = new Date(Math.floor((Date.now() + startsIn) / 1000) * 1000)
	const response = await admin.json('POST', '/api/admin/events', {
		title: `Session ${Math.random().toString(36).slice(2, 8)}`,
		startTime: startTime.toISOString(),
		endTime: new Date(startTime.getTime() + HOUR).toISOString(),
		...fields,
	})
	expect(response.status).toBe(201)
	return response.json()
}

async function rsvp(member: Member, eventId: number, going: boolean) {
	return member.client.json('POST', `/api/events/${eventId}/rsvp`, { going })
}

/** Runs a job until one run of it happened here (the server process runs the same jobs, and may hold the lease a moment). */
async function runOnce(job: Job, options: { now?: Date; holder?: string } = {}) {
	while ((await runJobNow(job, options)) !== 'ran') {
		// Skipped: a run is in progress in the server process; ask again.
	}
}

/** One event's card in the events page's HTML: from its id to the next card. */
function eventCard(html: string, eventId: number): string {
	const start = html.indexOf(`id="event-${eventId}"`)
	expect(start, `event ${eventId} is listed`).toBeGreaterThan(-1)
	const next = html.indexOf('id="event-', start + 1)
	return html.slice(start, next === -1 ? undefined : next)
}

/** Resolves with the next `event` the socket receives. */
function nextEvent<T>(chat: ChatClient, event: string): Promise<T> {
	return new Promise((resolve) => chat.socket.once(event, (payload: T) => resolve(payload)))
}

describe('notifications over JSON (product §7)', () => {
	it('pages newest first, 20 at a time, and marks some or all read', async () => {
		const reader = await newMember(server.url)
		for (let n = 1; n <= 23; n++)
			await notify(reader.id, { kind: 'new_video', title: `Lesson ${n}`, text: 'New', link: '/content-library/1' })
		const first = await (await reader.client.get('/api/notifications')).json()
		expect(first.unreadCount).toBe(23)
		expect(first.notifications).toHaveLength(20)
		expect(first.notifications[0]).toEqual({
			id: expect.any(Number),
			kind: 'new_video',
			title: 'Lesson 23',
			text: 'New',
			link: '/content-library/1',
			createdAt: expect.any(String),
			readAt: null,
		})
		const second = await (await reader.client.get(`/api/notifications?before=${first.notifications[19].id}`)).json()
		expect(second.notifications.map((item: { title: string }) => item.title)).toEqual([
			'Lesson 3',
			'Lesson 2',
			'Lesson 1',
		])

		const some = await reader.client.json('POST', '/api/notifications/read', {
			ids: [first.notifications[0].id, first.notifications[1].id],
		})
		expect(await some.json()).toEqual({ unreadCount: 21 })
		const all = await reader.client.json('POST', '/api/notifications/read', {})
		expect(await all.json()).toEqual({ unreadCount: 0 })
	})

	it("another member's notification id is a 404, and nothing is marked", async () => {
		const [owner, other] = [await newMember(server.url), await newMember(server.url)]
		const [theirs] = await notify(owner.id, { kind: 'mention', title: 'Mentioned', text: 'Hello', link: null })
		const [mine] = await notify(other.id, { kind: 'mention', title: 'Mentioned', text: 'Hi', link: null })
		const response = await other.client.json('POST', '/api/notifications/read', { ids: [mine!.id, theirs!.id] })
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ message: 'Notification not found' })
		expect(await unreadOf(owner.id)).toBe(1)
		expect(await unreadOf(other.id)).toBe(1)
		// Nor can they open it from the page's form.
		const opened = await other.client.submitForm('/notifications', { intent: 'open', id: String(theirs!.id) })
		expect(opened.status).toBe(404)
		expect(await unreadOf(owner.id)).toBe(1)
	})

	it('refuses bad input with a readable 400 and no session with a 401', async () => {
		const member = await newMember(server.url)
		for (const body of [
			{ ids: 'all' },
			{ ids: [0] },
			{ ids: [1.5] },
			{ ids: [{ $gt: 0 }] },
			{ ids: Array.from({ length: 101 }, (_, i) => i + 1) },
		]) {
			const response = await member.client.json('POST', '/api/notifications/read', body)
			expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400)
			expect((await response.json()).message).toEqual(expect.any(String))
		}
		expect((await member.client.get('/api/notifications?before=abc')).status).toBe(400)
		expect((await new TestClient(server.url).get('/api/notifications')).status).toBe(401)
		expect((await new TestClient(server.url).json('POST', '/api/notifications/read', {})).status).toBe(401)
	})
})

describe('the notifications page without JavaScript (product §2)', () => {
	it('opens a notification (read, then its link) and marks all read with plain forms', async () => {
		const member = await newMember(server.url)
		const [first] = await notify(member.id, {
			kind: 'new_video',
			title: 'New lesson: Owning the room',
			text: 'A new lesson',
			link: '/content-library/2',
		})
		await notify(member.id, { kind: 'mention', title: 'Maria mentioned you', text: '@you hello', link: '/community/1' })

		const html = await pageHtml(member.client, '/notifications')
		expect(html).toContain('2 unread')
		expect(html).toMatch(/Maria mentioned you[\s\S]*New lesson: Owning the room/)
		expect(html).toContain('Mark all as read')
		// The bell on every page shows the same count and items.
		expect(await pageHtml(member.client, '/dashboard')).toContain('Notifications (2 new)')

		const opened = await member.client.submitForm('/notifications', { intent: 'open', id: String(first!.id) })
		expect(opened.status).toBe(303)
		expect(opened.headers.get('Location')).toBe('/content-library/2')
		expect(await unreadOf(member.id)).toBe(1)

		const all = await member.client.submitForm('/notifications', { intent: 'read-all' })
		expect(all.headers.get('Location')).toBe('/notifications')
		expect(await unreadOf(member.id)).toBe(0)
		const after = await pageHtml(member.client, '/dashboard')
		expect(after).not.toMatch(/Notifications \(\d+ new\)/)
	})
})

describe('private messages: real unread state (product §2 "Messages")', () => {
	it('one notification per conversation until it is read; opening it reads the messages and the notification', async () => {
		const [ada, ben] = [
			await newMember(server.url, { name: 'Ada Writer' }),
			await newMember(server.url, { name: 'Ben Reader' }),
		]
		const adaChat = await connectChat(server.url, ada)
		const benBadge = await connectChat(server.url, ben, { auth: false })
		const live = nextEvent<{ unreadCount: number; notification: { title: string } }>(benBadge, 'notification')
		expect((await adaChat.send('private_message', { content: 'Hello Ben', recipientId: ben.id })).ok).toBe(true)
		// A page with a socket hears it at once, with the new count.
		expect(await live).toMatchObject({
			unreadCount: 1,
			notification: { title: 'New message from Ada Writer', text: 'Hello Ben' },
		})
		expect((await adaChat.send('private_message', { content: 'Are you there?', recipientId: ben.id })).ok).toBe(true)
		adaChat.close()
		benBadge.close()

		const notifications = await notificationsOf(ben.id, 'private_message')
		expect(notifications).toHaveLength(1)
		expect(notifications[0]).toMatchObject({ text: 'Are you there?', link: `/messages?userId=${ada.id}`, readAt: null })

		const conversations = await (await ben.client.get('/api/conversations')).json()
		expect(conversations[0]).toEqual({
			user: { id: ada.id, username: ada.username, name: 'Ada Writer', avatar: null },
			lastMessage: {
				id: expect.any(Number),
				content: 'Are you there?',
				senderId: ada.id,
				createdAt: expect.any(String),
			},
			unreadCount: 2,
		})
		expect(await pageHtml(ben.client, '/dashboard')).toContain('Messages (1 unread)')

		// Opening the conversation (here its history call) reads it.
		expect((await ben.client.get(`/api/messages/private/${ada.id}`)).status).toBe(200)
		expect((await (await ben.client.get('/api/conversations')).json())[0].unreadCount).toBe(0)
		expect(await unreadOf(ben.id)).toBe(0)
		expect(await pageHtml(ben.client, '/dashboard')).not.toMatch(/Messages \(\d+ unread\)/)
		// For the sender the conversation was never unread.
		expect((await (await ada.client.get('/api/conversations')).json())[0]).toMatchObject({
			user: { id: ben.id },
			unreadCount: 0,
		})
	})

	it('a message to someone who has the conversation open is read at once, and announced to nobody', async () => {
		const [ada, ben] = [await newMember(server.url), await newMember(server.url)]
		const benReading = await connectChat(server.url, ben)
		benReading.socket.emit('subscribe', { communityIds: [], conversationWith: ada.id })
		// `auth` again: answered after the subscribe before it was handled, so Ben is surely in the conversation now.
		await authenticate(benReading, ben)
		const adaChat = await connectChat(server.url, ada)
		expect((await adaChat.send('private_message', { content: 'You are here', recipientId: ben.id })).ok).toBe(true)
		await benReading.waitUntil(() => benReading.private.length === 1, 'Ben sees the message')
		adaChat.close()
		benReading.close()
		expect(await notificationsOf(ben.id, 'private_message')).toHaveLength(0)
		expect(await MessageModel.countDocuments({ recipientId: ben.id, readAt: null })).toBe(0)
	})

	it('opening the conversation page reads it too, and the page lists conversations with their last message', async () => {
		const [ada, ben] = [await newMember(server.url, { name: 'Ada Page' }), await newMember(server.url)]
		const adaChat = await connectChat(server.url, ada)
		await adaChat.send('private_message', { content: 'Unread until the page opens', recipientId: ben.id })
		adaChat.close()
		const list = await pageHtml(ben.client, '/messages')
		expect(list).toMatch(
			/Conversations[\s\S]*Ada Page[\s\S]*Unread until the page opens[\s\S]*1<span class="sr-only"> unread/,
		)
		await pageHtml(ben.client, `/messages?userId=${ada.id}`)
		expect(await MessageModel.countDocuments({ recipientId: ben.id, readAt: null })).toBe(0)
	})
})

describe('mentions in community rooms', () => {
	it('a mention of a free member notifies them; the author and unknown names are not notified', async () => {
		const author = await newMember(server.url, { name: 'Mia Mentioner' })
		const free = await newMember(server.url, { premium: false })
		const chat = await connectChat(server.url, author)
		const content = `Welcome @${free.username}! Thanks @${author.username}, and hi @nobody_by_this_name. Mail me at mia@example.com`
		expect((await chat.send('community_message', { content, communityId: 1 })).ok).toBe(true)
		chat.close()
		const [mention] = await notificationsOf(free.id, 'mention')
		expect(mention).toMatchObject({
			title: 'Mia Mentioner mentioned you in Executive Leadership',
			link: '/community/1',
			readAt: null,
		})
		expect(await notificationsOf(author.id, 'mention')).toHaveLength(0)
		// The room shows the mention highlighted.
		const room = await pageHtml(free.client, '/community/1')
		expect(room).toContain(`<mark data-mention="${free.username}"`)
	})
})

describe('RSVP (product §2 "Events", §7)', () => {
	it('says going or not, idempotent and safe when requests race; the lists show the count and whether I am going', async () => {
		const event = await newEvent(2 * 24 * HOUR)
		const member = await newMember(server.url)
		expect(await (await rsvp(member, event.id, true)).json()).toEqual({ going: true, attendeeCount: 1 })
		expect(await (await rsvp(member, event.id, true)).json()).toEqual({ going: true, attendeeCount: 1 })
		const racing = await Promise.all(Array.from({ length: 5 }, () => rsvp(member, event.id, true)))
		expect(racing.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
		expect(await RsvpModel.countDocuments({ eventId: event.id, userId: member.id })).toBe(1)

		const listed = (await (await member.client.get('/api/events')).json()).find(
			(item: { id: number }) => item.id === event.id,
		)
		expect(listed).toMatchObject({ attendeeCount: 1, going: true })
		const other = await newMember(server.url)
		const seenByOther = (await (await other.client.get('/api/events')).json()).find(
			(item: { id: number }) => item.id === event.id,
		)
		expect(seenByOther).toMatchObject({ attendeeCount: 1, going: false })

		expect(await (await rsvp(member, event.id, false)).json()).toEqual({ going: false, attendeeCount: 0 })
	})

	it('refuses a past event (409), an unknown one (404) and bad bodies (400), changing nothing', async () => {
		const member = await newMember(server.url)
		const past = await EventModel.findOne({ title: 'New Manager Q&A' }).lean()
		const late = await rsvp(member, past!.id, true)
		expect(late.status).toBe(409)
		expect(await late.json()).toEqual({ message: 'This event has already started, so RSVPs are closed.' })
		expect((await rsvp(member, 999_999, true)).status).toBe(404)
		expect((await member.client.json('POST', '/api/events/abc/rsvp', { going: true })).status).toBe(404)
		for (const body of [{}, { going: 'yes' }, { going: { $ne: false } }]) {
			expect((await member.client.json('POST', `/api/events/${past!.id}/rsvp`, body)).status).toBe(400)
		}
		expect(await RsvpModel.countDocuments({ userId: member.id })).toBe(0)
	})

	it('works as a plain form: RSVP, then Going and Cancel RSVP', async () => {
		const event = await newEvent(3 * 24 * HOUR)
		const member = await newMember(server.url)
		const posted = await member.client.submitForm('/events', {
			intent: 'rsvp',
			eventId: String(event.id),
			going: 'true',
			returnTo: '/events',
		})
		expect(posted.status).toBe(303)
		expect(posted.headers.get('Location')).toBe(`/events#event-${event.id}`)
		const html = await pageHtml(member.client, '/events')
		const card = html.slice(html.indexOf(`id="event-${event.id}"`))
		expect(card).toMatch(/Going[\s\S]*Cancel RSVP[\s\S]*1 going/)
		const past = await EventModel.findOne({ title: 'New Manager Q&A' }).lean()
		const refused = await member.client.submitForm('/events', {
			intent: 'rsvp',
			eventId: String(past!.id),
			going: 'true',
			returnTo: '/events',
		})
		expect(refused.status).toBe(409)
		expect(await refused.text()).toContain('RSVPs are closed')
	})

	it("an event's own page names who is going, and its RSVP form comes back to it", async () => {
		const event = await newEvent(3 * 24 * HOUR)
		const member = await newMember(server.url)
		const before = await pageHtml(member.client, `/events/${event.id}`)
		expect(before).toContain(event.title)
		expect(before).toContain('Nobody has said they are going yet.')
		const posted = await member.client.submitForm(`/events/${event.id}`, {
			intent: 'rsvp',
			eventId: String(event.id),
			going: 'true',
			returnTo: `/events/${event.id}`,
		})
		expect(posted.status).toBe(303)
		expect(posted.headers.get('Location')).toBe(`/events/${event.id}`)
		const after = await pageHtml(member.client, `/events/${event.id}`)
		expect(after).toMatch(/Who is going[\s\S]*1 going/)
		expect(after).toContain(`href="/members/${member.id}"`)
		expect(after).toContain(`Cancel RSVP: ${event.title}`)
		expect(after).toContain(`href="/events/${event.id}/calendar.ics"`)
		// The list links each card to its page.
		expect(await pageHtml(member.client, '/events')).toContain(`href="/events/${event.id}"`)
	})
})

describe('joining and replays (product §2 "Events")', () => {
	it("'Join Now' links to the meeting from 15 minutes before the start, for members who are going only", async () => {
		const meetingUrl = 'https://meet.example.com/join-me'
		const soon = await newEvent(10 * MINUTE, { meetingUrl })
		const later = await newEvent(2 * HOUR, { meetingUrl })
		const elsewhere = await newEvent(5 * MINUTE, { location: 'Room 4, Lisbon' })
		const going = await newMember(server.url)
		const notGoing = await newMember(server.url)
		for (const event of [soon, later, elsewhere]) await rsvp(going, event.id, true)

		const html = await pageHtml(going.client, '/events')
		const cardOf = (id: number) => eventCard(html, id)
		expect(cardOf(soon.id)).toContain(`href="${meetingUrl}"`)
		expect(cardOf(soon.id)).toContain('Join Now')
		expect(cardOf(later.id)).not.toContain('Join Now')
		// The time alone on the same day; after midnight (a run late in the evening) with its date, "Nov 23, 2026, 12:15 AM".
		expect(cardOf(later.id)).toMatch(/Join opens at (?:[A-Z][a-z]{2} \d{1,2}, \d{4}, )?\d{1,2}:\d{2} [AP]M/)
		expect(cardOf(elsewhere.id)).toContain('Happens at: Room 4, Lisbon')
		expect(await pageHtml(notGoing.client, '/events')).not.toContain(meetingUrl)
	})

	it('accepts only an https: meeting link and a replay video that exists, with readable messages', async () => {
		const plain = await admin.json('POST', '/api/admin/events', {
			title: 'Insecure link',
			startTime: '2031-01-01T10:00:00Z',
			meetingUrl: 'http://meet.example.com/x',
		})
		expect(plain.status).toBe(400)
		expect((await plain.json()).message).toContain('Meeting link must be an https:// address')
		const script = await admin.json('POST', '/api/admin/events', {
			title: 'Script link',
			startTime: '2031-01-01T10:00:00Z',
			meetingUrl: 'javascript:alert(1)',
		})
		expect(script.status).toBe(400)
		const unknownReplay = await admin.json('POST', '/api/admin/events', {
			title: 'Ghost replay',
			startTime: '2031-01-01T10:00:00Z',
			replayVideoId: 999_999,
		})
		expect(unknownReplay.status).toBe(400)
		expect((await unknownReplay.json()).message).toBe('Replay video not found')
		for (const title of ['Insecure link', 'Script link', 'Ghost replay'])
			expect(await EventModel.countDocuments({ title })).toBe(0)

		const event = await newEvent(-3 * HOUR)
		const patched = await admin.json('PATCH', `/api/admin/events/${event.id}`, { replayVideoId: 2 })
		expect(await patched.json()).toMatchObject({ replayVideoId: 2, meetingUrl: null })
		const member = await newMember(server.url)
		const html = await pageHtml(member.client, '/events?tab=past')
		expect(eventCard(html, event.id)).toContain('href="/content-library/2"')
	})
})

describe('event notices', () => {
	it('the reminder is sent once per member, across a restart, and only to members going', async () => {
		const event = await newEvent(30 * MINUTE, { meetingUrl: 'https://meet.example.com/reminder' })
		const [going, notGoing] = [await newMember(server.url), await newMember(server.url)]
		await rsvp(going, event.id, true)
		await runOnce(eventRemindersJob)
		// The server restarts: a new process (another lease holder), later, runs the job again.
		await runOnce(eventRemindersJob, { now: new Date(Date.now() + 5 * MINUTE), holder: 'after-a-restart' })
		const reminders = await notificationsOf(going.id, 'event_reminder')
		expect(reminders).toHaveLength(1)
		expect(reminders[0]).toMatchObject({ title: `Starting soon: ${event.title}`, link: `/events/${event.id}` })
		expect(await notificationsOf(notGoing.id, 'event_reminder')).toHaveLength(0)
	})

	it('members going are told when an event changes or is deleted', async () => {
		const event = await newEvent(24 * HOUR)
		const [going, notGoing] = [await newMember(server.url), await newMember(server.url)]
		await rsvp(going, event.id, true)
		await admin.json('PATCH', `/api/admin/events/${event.id}`, { location: 'Main hall' })
		expect(await notificationsOf(going.id, 'event_changed')).toMatchObject([
			{ title: `Changed: ${event.title}`, link: `/events/${event.id}` },
		])
		expect((await admin.json('DELETE', `/api/admin/events/${event.id}`)).status).toBe(200)
		expect(await notificationsOf(going.id, 'event_cancelled')).toMatchObject([{ title: `Cancelled: ${event.title}` }])
		expect(await notificationsOf(notGoing.id)).toHaveLength(0)
		expect(await RsvpModel.countDocuments({ eventId: event.id })).toBe(0)
	})
})

describe('new videos (announced by a job, not in the request)', () => {
	it('reaches every member who can play it: premium members for a Premium video, free members too for a free one', async () => {
		const premium = await newMember(server.url)
		const free = await newMember(server.url, { premium: false })
		const adminUser = (await UserModel.findOne({ usernameKey: 'admin' }).lean())!
		const video = await createVideo(
			{ id: adminUser.id, role: 'admin' },
			{
				title: 'Announced Lesson',
				description: 'Fresh in the library',
				url: '/media/strategy.mp4',
				thumbnail: null,
				duration: 2,
				category: 'Strategy',
			},
		)
		expect(video.id).toBeGreaterThan(10)
		while (await VideoModel.exists({ id: video.id, announcementPending: true }))
			await runJobNow(newVideoAnnouncementsJob)
		expect(await notificationsOf(premium.id, 'new_video')).toMatchObject([
			{ title: 'New lesson: Announced Lesson', link: `/content-library/${video.id}` },
		])
		expect(await notificationsOf(free.id, 'new_video')).toHaveLength(0)
		expect(await notificationsOf(adminUser.id, 'new_video')).toHaveLength(0)

		// A free video (ids 1 to 10), published again: free members can play it, so they hear of it, once.
		await VideoModel.updateOne({ id: 4 }, { $set: { announcementPending: true } })
		while (await VideoModel.exists({ id: 4, announcementPending: true })) await runJobNow(newVideoAnnouncementsJob)
		await VideoModel.updateOne({ id: 4 }, { $set: { announcementPending: true } })
		while (await VideoModel.exists({ id: 4, announcementPending: true })) await runJobNow(newVideoAnnouncementsJob)
		expect(await notificationsOf(free.id, 'new_video')).toMatchObject([{ link: '/content-library/4' }])
	})
})

describe('billing notices', () => {
	it('a trial that ends within 3 days is announced once', async () => {
		const member = await newMember(server.url, { premium: false })
		await UserModel.updateOne(
			{ id: member.id },
			{ $set: { subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() + 2 * 24 * HOUR + HOUR) } },
		)
		await runOnce(trialEndingJob)
		await runOnce(trialEndingJob, { holder: 'after-a-restart' })
		expect(await notificationsOf(member.id, 'trial_ending')).toMatchObject([
			{ title: 'Your free trial ends in 3 days', link: '/profile?tab=account' },
		])
	})
})

describe('calendar files (product §2 "Events")', () => {
	it('one event as .ics: one VEVENT with a stable UID, UTC times, summary, description and where', async () => {
		const event = await newEvent(24 * HOUR, {
			description: 'Bring questions',
			location: 'Room 9',
			meetingUrl: 'https://meet.example.com/ics',
		})
		const member = await newMember(server.url)
		const response = await member.client.get(`/events/${event.id}/calendar.ics`)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toContain('text/calendar')
		const body = await response.text()
		expect(body).toMatch(/DTSTART:\d{8}T\d{6}Z/)
		const parsed = Object.values(ical.sync.parseICS(body)).filter((item): item is VEvent => item?.type === 'VEVENT')
		expect(parsed).toHaveLength(1)
		const stored = (await EventModel.findOne({ id: event.id }).lean())!
		expect(parsed[0]!.summary).toBe(event.title)
		expect(parsed[0]!.description).toBe('Bring questions')
		expect(parsed[0]!.location).toBe('Room 9')
		expect(new Date(parsed[0]!.start).toISOString()).toBe(new Date(stored.startTime).toISOString())
		expect(new Date(parsed[0]!.end!).toISOString()).toBe(new Date(stored.endTime!).toISOString())
		const again = Object.values(
			ical.sync.parseICS(await (await member.client.get(`/events/${event.id}/calendar.ics`)).text()),
		).find((item) => item?.type === 'VEVENT') as VEvent
		expect(again.uid).toBe(parsed[0]!.uid)
		expect((await new TestClient(server.url).get(`/events/${event.id}/calendar.ics`)).headers.get('Location')).toBe(
			'/auth',
		)
		expect((await member.client.get('/events/999999/calendar.ics')).status).toBe(404)
	})

	it('a personal feed at a secret address shown once in the profile; resetting it ends the old address', async () => {
		const member = await newMember(server.url)
		const event = await newEvent(48 * HOUR)
		await rsvp(member, event.id, true)
		const made = await member.client.submitForm('/profile?tab=account', { intent: 'calendar-feed' })
		expect(made.status).toBe(200)
		const address = /\/calendar\/([A-Za-z0-9_-]+)\.ics/.exec(await made.text())
		expect(address).not.toBeNull()
		const feedPath = `/calendar/${address![1]}.ics`
		// Only a hash is stored, never the token.
		const stored = (await CalendarFeedModel.findOne({ userId: member.id }).lean())!
		expect(stored.tokenHash).not.toContain(address![1])
		expect(await pageHtml(member.client, '/profile?tab=account')).not.toContain(address![1])

		const feed = await new TestClient(server.url).get(feedPath)
		expect(feed.status).toBe(200)
		const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
			(item): item is VEvent => item?.type === 'VEVENT',
		)
		expect(events.map((item) => item.summary)).toEqual([event.title])

		const reset = await member.client.submitForm('/profile?tab=account', { intent: 'calendar-feed' })
		const newAddress = /\/calendar\/([A-Za-z0-9_-]+)\.ics/.exec(await reset.text())![1]
		expect(newAddress).not.toBe(address![1])
		expect((await new TestClient(server.url).get(feedPath)).status).toBe(404)
		expect((await new TestClient(server.url).get(`/calendar/${newAddress}.ics`)).status).toBe(200)
		expect((await new TestClient(server.url).get('/calendar/not-a-real-token-at-all.ics')).status).toBe(404)
	})
})
