import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import mongoose from 'mongoose'
import {
	CaughtMailModel,
	CommunityModel,
	DiscussionCommentModel,
	DiscussionPostModel,
	EventModel,
	MessageModel,
	NotificationModel,
	OutboxMailModel,
	UserModel,
	VideoModel,
	conversationKeyOf,
	nextId,
	privateMessageGroupKey,
} from '#models/index'
import { EMAIL_PREFERENCE_KEYS } from '~/lib/email-preferences'
import { verifyUnsubscribeToken } from '~/services/account/tokens.server'
import { runJobNow } from '~/platform/jobs.server'
import { registerLivePublisher } from '~/platform/live.server'
import { listCaughtMail, startMailCatcher, type CaughtMailJSON, type MailCatcher } from '~/platform/mail/catcher.server'
import { mailOutboxJob } from '~/platform/mail/outbox.server'
import { closeSmtpConnection, useSmtpServer } from '~/platform/mail/transport.server'
import { lessonDigestJob, lessonDigestSlot, privateMessageEmailsJob } from '~/services/notifications/emails.server'
import { getEmailPreferences, saveEmailPreferences, unsubscribe } from '~/services/notifications/preferences.server'
import { notify } from '~/services/notifications/notifications.server'
import { weeklyDigestJob } from '~/services/notifications/weekly-digest.server'
import { useTestDatabase } from '../setup/test-database'
import { uniqueName } from '../setup/unique-name'

/**
 * The emails that follow notifications (docs/decisions/123), at the service
 * level: `notify` is called as the notification triggers call it, the
 * outbox job delivers to an SMTP catcher started here, and the caught mail
 * is read back. No app server runs on this database, so every delivery is
 * this process's, at the times the tests choose.
 */
useTestDatabase()

const MINUTE = 60_000
let catcher: MailCatcher
/** Members who "have a page open": the live publisher answers isOnline from here. */
const online = new Set<number>()

beforeAll(async () => {
	catcher = await startMailCatcher()
	useSmtpServer(catcher.url)
	registerLivePublisher({
		deliverMessage: () => {},
		emitToUser: () => {},
		isOnline: async (userId) => online.has(userId),
		isViewingConversation: async () => false,
		isLookingAt: async () => false,
		deliverMessageChange: () => {},
		disconnectUser: () => {},
	})
})
afterAll(async () => {
	registerLivePublisher(null)
	closeSmtpConnection()
	await catcher.stop()
})
beforeEach(async () => {
	online.clear()
	await Promise.all([OutboxMailModel.deleteMany({}), CaughtMailModel.deleteMany({})])
})

async function member(name = 'Robin Reader') {
	const username = uniqueName('mailer')
	const user = await UserModel.create({
		id: await nextId('users'),
		username,
		usernameKey: username,
		passwordHash: 'not-used-here',
		name,
		email: `${username}@example.com`,
		role: 'member',
		subscriptionStatus: 'active',
	})
	return { id: user.id, name, email: user.email }
}

/** Hands everything queued to the catcher, then reads what one address received, oldest first. */
async function mailTo(address: string): Promise<CaughtMailJSON[]> {
	expect(await runJobNow(mailOutboxJob)).toBe('ran')
	return (await listCaughtMail({ to: address })).reverse()
}

const unsubscribeLinkIn = (mail: CaughtMailJSON) => /Stop them with one click: (\S+)/.exec(mail.text)?.[1]
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

describe('emails that follow a notification', () => {
	it('a mention is emailed at once, with a one-click unsubscribe link for mentions and the List-Unsubscribe headers', async () => {
		const reader = await member()
		await notify(reader.id, {
			kind: 'mention',
			title: 'Maria mentioned you in New Managers',
			text: '@robin what did you try first?',
			link: '/community/2',
		})
		const [mail, ...others] = await mailTo(reader.email)
		expect(others).toEqual([])
		expect(mail!.subject).toBe('Maria mentioned you in New Managers')
		expect(mail!.text).toContain(`Hello ${reader.name},`)
		expect(mail!.text).toContain('@robin what did you try first?')
		expect(mail!.text).toMatch(/Open it on LeaderForge: http:\/\/\S+\/community\/2/)
		const link = unsubscribeLinkIn(mail!)!
		expect(link).toMatch(/\/unsubscribe\?token=/)
		expect(mail!.headers['list-unsubscribe']).toBe(`<${link}>`)
		expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
		expect(verifyUnsubscribeToken(tokenOf(link))).toEqual({ userId: reader.id, what: 'mentions' })

		// The link turns mentions off, and only mentions.
		await unsubscribe(tokenOf(link))
		expect(await getEmailPreferences(reader.id)).toEqual({
			privateMessages: true,
			mentions: false,
			discussions: true,
			eventReminders: true,
			newLessons: true,
			billing: true,
			programs: true,
			podCheckIns: true,
			weeklyDigest: false,
		})
		await notify(reader.id, { kind: 'mention', title: 'Mentioned again', text: '@robin?', link: '/community/2' })
		await notify(reader.id, {
			kind: 'event_reminder',
			title: 'Starting in an hour',
			text: 'Feedback Skills Workshop at 17:00',
			link: '/events',
		})
		expect((await mailTo(reader.email)).map((caught) => caught.subject)).toEqual([
			'Maria mentioned you in New Managers',
			'Starting in an hour',
		])
	})

	it('follows each switch of the Notifications tab, but payment notices always go, without an unsubscribe link', async () => {
		const reader = await member()
		await saveEmailPreferences(
			reader.id,
			Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((key) => [key, false])) as Record<
				(typeof EMAIL_PREFERENCE_KEYS)[number],
				boolean
			>,
		)
		await notify(reader.id, { kind: 'mention', title: 'A mention', text: 'x', link: null })
		await notify(reader.id, { kind: 'event_reminder', title: 'A reminder', text: 'x', link: '/events' })
		await notify(reader.id, {
			kind: 'trial_ending',
			title: 'Your trial ends in 3 days',
			text: 'x',
			link: '/profile?tab=billing',
		})
		await notify(reader.id, {
			kind: 'payment_failed',
			title: 'Your payment failed',
			text: 'Your last payment failed. Update your payment method.',
			link: null,
		})
		await notify(reader.id, {
			kind: 'subscription_ended',
			title: 'Your subscription has ended',
			text: 'Premium has ended.',
			link: null,
		})
		const mail = await mailTo(reader.email)
		expect(mail.map((caught) => caught.subject)).toEqual(['Your payment failed', 'Your subscription has ended'])
		for (const caught of mail) {
			expect(caught.headers['list-unsubscribe']).toBeUndefined()
			expect(caught.text).toContain('This email is about a payment, so it is always sent.')
			// Without a link of its own, a payment notice points at the Billing tab.
			expect(caught.text).toMatch(/\/profile\?tab=billing/)
		}

		await saveEmailPreferences(reader.id, {
			privateMessages: false,
			mentions: false,
			eventReminders: false,
			newLessons: false,
			billing: true,
			programs: true,
		})
		await notify(reader.id, {
			kind: 'trial_ending',
			title: 'Your trial ends in 3 days',
			text: 'Add a card to keep Premium.',
			link: '/profile?tab=billing',
		})
		const [trial] = (await mailTo(reader.email)).slice(2)
		expect(trial!.subject).toBe('Your trial ends in 3 days')
		expect(verifyUnsubscribeToken(tokenOf(unsubscribeLinkIn(trial!)!))).toEqual({ userId: reader.id, what: 'billing' })
	})

	it('event changes and cancellations stay on the site', async () => {
		const reader = await member()
		await notify(reader.id, { kind: 'event_changed', title: 'An event moved', text: 'x', link: '/events' })
		await notify(reader.id, { kind: 'event_cancelled', title: 'An event was cancelled', text: 'x', link: '/events' })
		expect(await mailTo(reader.email)).toEqual([])
		expect(await NotificationModel.countDocuments({ recipientId: reader.id })).toBe(2)
	})

	it('one notify for many members sends each the email their own switch allows', async () => {
		const [going, alsoGoing, notThisWay] = await Promise.all([member(), member(), member()])
		await saveEmailPreferences(notThisWay.id, {
			privateMessages: true,
			mentions: true,
			eventReminders: false,
			newLessons: true,
			billing: true,
			programs: true,
		})
		await notify([going.id, alsoGoing.id, notThisWay.id], {
			kind: 'event_reminder',
			title: 'Town hall starts in an hour',
			text: 'Town hall at 10:00',
			link: '/events',
			onceKey: 'reminder:77',
		})
		expect(await mailTo(going.email)).toHaveLength(1)
		expect(await mailTo(alsoGoing.email)).toHaveLength(1)
		expect(await mailTo(notThisWay.email)).toHaveLength(0)
		// The once-key keeps the notification, and so the email, to one.
		await notify(going.id, {
			kind: 'event_reminder',
			title: 'Town hall starts in an hour',
			text: 'Town hall at 10:00',
			link: '/events',
			onceKey: 'reminder:77',
		})
		expect(await mailTo(going.email)).toHaveLength(1)
	})

	it('a signed unsubscribe token cannot be changed to another member or another kind', async () => {
		const reader = await member()
		await notify(reader.id, { kind: 'mention', title: 'A mention', text: 'x', link: null })
		const token = tokenOf(unsubscribeLinkIn((await mailTo(reader.email))[0]!)!)
		const [, what, signature] = token.split('.')
		for (const forged of [
			`${reader.id + 1}.${what}.${signature}`,
			`${reader.id}.newLessons.${signature}`,
			`${reader.id}.${what}.${'A'.repeat(43)}`,
			'garbage',
		]) {
			expect(verifyUnsubscribeToken(forged)).toBeNull()
			await expect(unsubscribe(forged)).rejects.toThrow('This unsubscribe link is not valid')
		}
		expect((await getEmailPreferences(reader.id)).mentions).toBe(true)
	})
})

describe('private messages by email', () => {
	/** What the messages service stores, then the notification the trigger writes for it. */
	async function privateMessage(from: { id: number; name: string }, to: { id: number }, content: string) {
		await MessageModel.create({
			id: await nextId('messages'),
			content,
			senderId: from.id,
			recipientId: to.id,
			conversationKey: conversationKeyOf(from.id, to.id),
			isPrivate: true,
			createdAt: new Date(),
		})
		await notify(to.id, {
			kind: 'private_message',
			title: `New message from ${from.name}`,
			text: content,
			link: `/messages?userId=${from.id}`,
			groupKey: privateMessageGroupKey(from.id),
		})
	}
	const later = (minutes: number) => ({ now: new Date(Date.now() + minutes * MINUTE) })

	it('go out while the member is away, one email per conversation an hour at most, with the latest lines', async () => {
		const [reader, ada] = await Promise.all([member(), member('Ada Lovelace')])
		await privateMessage(ada, reader, 'Are you joining the workshop?')
		const [first] = await mailTo(reader.email)
		expect(first!.subject).toBe('New message from Ada Lovelace')
		expect(first!.text).toContain('> Are you joining the workshop?')
		expect(first!.text).toMatch(new RegExp(`Reply: http://\\S+/messages\\?userId=${ada.id}`))
		expect(first!.headers['list-unsubscribe']).toMatch(/\/unsubscribe\?token=/)

		// Within the hour: nothing more, however many messages come.
		await privateMessage(ada, reader, 'It starts at five.')
		await privateMessage(ada, reader, 'I saved you a seat.')
		expect(await mailTo(reader.email)).toHaveLength(1)
		expect(await runJobNow(privateMessageEmailsJob, later(30))).toBe('ran')
		expect(await mailTo(reader.email)).toHaveLength(1)

		// The hour is over: one email with what came since the first, and nothing already sent.
		expect(await runJobNow(privateMessageEmailsJob, later(61))).toBe('ran')
		const [, second, ...more] = await mailTo(reader.email)
		expect(more).toEqual([])
		expect(second!.subject).toBe('New messages from Ada Lovelace')
		expect(second!.text).toContain('(2 messages)')
		expect(second!.text).toContain('> It starts at five.\n> I saved you a seat.')
		expect(second!.text).not.toContain('Are you joining the workshop?')
		// Nothing is waiting any more.
		expect(await runJobNow(privateMessageEmailsJob, later(200))).toBe('ran')
		expect(await mailTo(reader.email)).toHaveLength(2)
	})

	it('are not emailed while the member is on the site, or once they have read them, or when turned off', async () => {
		const [here, ada, grace] = await Promise.all([member(), member('Ada Lovelace'), member('Grace Hopper')])
		online.add(here.id)
		await privateMessage(ada, here, 'You are online, so no email.')
		expect(await mailTo(here.email)).toEqual([])
		online.delete(here.id)

		// Away: the first email goes; the next waits for its hour, and is dropped because the member read it meanwhile.
		await privateMessage(grace, here, 'First line.')
		await privateMessage(grace, here, 'Second line.')
		expect(await mailTo(here.email)).toHaveLength(1)
		await NotificationModel.updateMany({ recipientId: here.id }, { $set: { readAt: new Date() } })
		await runJobNow(privateMessageEmailsJob, later(61))
		expect(await mailTo(here.email)).toHaveLength(1)

		await saveEmailPreferences(here.id, {
			privateMessages: false,
			mentions: true,
			eventReminders: true,
			newLessons: true,
			billing: true,
			programs: true,
		})
		await privateMessage(ada, here, 'Private message emails are off.')
		await runJobNow(privateMessageEmailsJob, later(200))
		expect(await mailTo(here.email)).toHaveLength(1)
	})

	it('each conversation has its own hour', async () => {
		const [reader, ada, grace] = await Promise.all([member(), member('Ada Lovelace'), member('Grace Hopper')])
		await privateMessage(ada, reader, 'From Ada.')
		await privateMessage(grace, reader, 'From Grace.')
		expect((await mailTo(reader.email)).map((mail) => mail.subject)).toEqual([
			'New message from Ada Lovelace',
			'New message from Grace Hopper',
		])
	})
})

describe('the weekly digest of new lessons', () => {
	const nextSlot = (weeks = 1) =>
		new Date(lessonDigestSlot(new Date()).getTime() + weeks * 7 * 86_400_000 + 60 * MINUTE)
	const newLesson = (userIds: number[], title: string, id: number) =>
		notify(userIds, { kind: 'new_video', title: 'New lesson', text: title, link: `/content-library/${id}` })

	it('sends no email per lesson, then one digest a week listing the lessons since the last one', async () => {
		const [reader, other] = await Promise.all([member(), member()])
		await newLesson([reader.id, other.id], 'Giving Feedback That Lands', 3)
		await newLesson([reader.id, other.id], 'Running One-on-Ones That Matter', 4)
		expect(await mailTo(reader.email)).toEqual([])

		expect(await runJobNow(lessonDigestJob, { now: nextSlot() })).toBe('ran')
		const [digest, ...more] = await mailTo(reader.email)
		expect(more).toEqual([])
		expect(digest!.subject).toBe('2 new lessons on LeaderForge this week')
		expect(digest!.text).toMatch(
			/- Giving Feedback That Lands: http:\/\/\S+\/content-library\/3\n- Running One-on-Ones That Matter: http:\/\/\S+\/content-library\/4/,
		)
		expect(digest!.headers['list-unsubscribe']).toMatch(/\/unsubscribe\?token=/)
		expect(verifyUnsubscribeToken(tokenOf(unsubscribeLinkIn(digest!)!))).toEqual({
			userId: reader.id,
			what: 'newLessons',
		})
		expect(await mailTo(other.email)).toHaveLength(1)

		// The same week again (a second run, another process): nothing more.
		expect(await runJobNow(lessonDigestJob, { now: new Date(nextSlot().getTime() + 30 * MINUTE) })).toBe('ran')
		expect(await mailTo(reader.email)).toHaveLength(1)

		// The next week lists only what is new since.
		await newLesson([reader.id], 'Leading Through Change', 12)
		expect(await runJobNow(lessonDigestJob, { now: nextSlot(2) })).toBe('ran')
		const [, second] = await mailTo(reader.email)
		expect(second!.subject).toBe('A new lesson on LeaderForge this week')
		expect(second!.text).toContain('- Leading Through Change')
		expect(second!.text).not.toContain('Giving Feedback That Lands')
	})

	it('skips members who turned it off, and does not bring those lessons back when it is turned on again', async () => {
		const reader = await member()
		await saveEmailPreferences(reader.id, {
			privateMessages: true,
			mentions: true,
			eventReminders: true,
			newLessons: false,
			billing: true,
			programs: true,
		})
		await newLesson([reader.id], 'Delegation Without Abdication', 7)
		await runJobNow(lessonDigestJob, { now: nextSlot() })
		expect(await mailTo(reader.email)).toEqual([])

		await saveEmailPreferences(reader.id, {
			privateMessages: true,
			mentions: true,
			eventReminders: true,
			newLessons: true,
			billing: true,
			programs: true,
		})
		await runJobNow(lessonDigestJob, { now: nextSlot(2) })
		expect(await mailTo(reader.email)).toEqual([])
	})

	it('digests go out from Monday 08:00 UTC', () => {
		expect(lessonDigestSlot(new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z')
		expect(lessonDigestSlot(new Date('2026-11-23T07:59:00Z')).toISOString()).toBe('2026-11-16T08:00:00.000Z')
		expect(lessonDigestSlot(new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z')
	})
})

describe('the weekly community digest (issue 24)', () => {
	const nextSlot = (weeks = 1) =>
		new Date(lessonDigestSlot(new Date()).getTime() + weeks * 7 * 86_400_000 + 60 * MINUTE)

	/** A community with one busy post and one quiet one this week. */
	async function busyCommunity(authorId: number) {
		const communityId = await nextId('communities')
		await CommunityModel.create({ id: communityId, name: `Digest Room ${communityId}`, createdBy: authorId })
		const post = async (title: string) => {
			const id = await nextId('discussionPosts')
			await DiscussionPostModel.create({
				id,
				communityId,
				authorId,
				title,
				body: 'Thoughts?',
				createdAt: new Date(),
				lastActivityAt: new Date(),
			})
			return id
		}
		const busy = await post('Delegation that sticks')
		await post('A quiet question')
		for (const body of ['One', 'Two', 'Three'])
			await DiscussionCommentModel.create({
				id: await nextId('discussionComments'),
				postId: busy,
				communityId,
				authorId,
				body,
				createdAt: new Date(),
			})
		return { communityId, busy }
	}

	it('is off until turned on; then one email from Monday 08:00 UTC with the busiest discussions of their communities, new lessons and events to join', async () => {
		const [reader, notAsked] = await Promise.all([member('Dee Digest'), member('Nora Noswitch')])
		const { communityId, busy } = await busyCommunity(reader.id)
		await UserModel.updateMany(
			{ id: mongoose.trusted({ $in: [reader.id, notAsked.id] }) },
			{ $set: { communityIds: [communityId] } },
		)
		await saveEmailPreferences(reader.id, { weeklyDigest: true })
		const lessonId = await nextId('videos')
		await VideoModel.create({ id: lessonId, title: 'Leading Hybrid Teams', url: '/media/x.mp4', createdBy: reader.id })
		const eventId = await nextId('events')
		await EventModel.create({
			id: eventId,
			title: 'Digest Coaching Circle',
			startTime: new Date(nextSlot().getTime() + 2 * 86_400_000),
			createdBy: reader.id,
		})

		expect(await runJobNow(weeklyDigestJob, { now: nextSlot() })).toBe('ran')
		expect(await mailTo(notAsked.email)).toEqual([])
		const [digest, ...more] = await mailTo(reader.email)
		expect(more).toEqual([])
		expect(digest!.subject).toBe('Your week on LeaderForge')
		expect(digest!.text).toMatch(
			new RegExp(
				`- Delegation that sticks \\(Digest Room ${communityId}; 3 comments, 0 reactions\\): http://\\S+/community/${communityId}/discussions/${busy}\\n- A quiet question`,
			),
		)
		expect(digest!.text).toMatch(new RegExp(`- Leading Hybrid Teams: http://\\S+/content-library/${lessonId}`))
		expect(digest!.text).toContain('- Digest Coaching Circle,')
		expect(verifyUnsubscribeToken(tokenOf(unsubscribeLinkIn(digest!)!))).toEqual({
			userId: reader.id,
			what: 'weeklyDigest',
		})

		// Once a week, however often the job runs; the link turns it off.
		expect(await runJobNow(weeklyDigestJob, { now: new Date(nextSlot().getTime() + 30 * MINUTE) })).toBe('ran')
		expect(await mailTo(reader.email)).toHaveLength(1)
		await unsubscribe(tokenOf(unsubscribeLinkIn(digest!)!))
		expect((await getEmailPreferences(reader.id)).weeklyDigest).toBe(false)
		expect(await runJobNow(weeklyDigestJob, { now: nextSlot(2) })).toBe('ran')
		expect(await mailTo(reader.email)).toHaveLength(1)
	})
})
