import { createECDH, randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { describe, expect, it } from 'vitest'
import {
	AccountTokenModel,
	EventModel,
	MessageEmailStateModel,
	CertificateModel,
	MessageModel,
	NotificationModel,
	NotificationPreferencesModel,
	PodMemberModel,
	ProgramModel,
	ProgressModel,
	PushDeliveryModel,
	SearchTermModel,
	SessionModel,
	SimulatedInvoiceModel,
	UserModel,
} from '#models/index'
import { notify } from '~/services/notifications/notifications.server'
import { PERSONAL_DATA } from '~/services/account/personal-data.server'
import { enrol } from '~/services/learning/program-learning.server'
import { joinPodQueue, matchPods } from '~/services/pods/matching.server'
import { cheerCheckIn, getPod, postCheckIn, replyToCheckIn } from '~/services/pods/pods.server'
import { activePodsOf, podProgram, queue, startedMembers, type PodTestMember } from './pod-helpers'
import { resetCalendarFeed } from '~/services/events/calendar.server'
import { setRsvp } from '~/services/events/rsvps.server'
import { blockMember } from '~/services/moderation/blocks.server'
import { muteMember } from '~/services/moderation/mutes.server'
import { createReport } from '~/services/moderation/reports.server'
import { saveEmailPreferences } from '~/services/notifications/preferences.server'
import { mailTo as mailToServer } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember, type SignedUpMember } from '../setup/members'
import { useSeededTestServer } from '../setup/seeded-server'
import { userIdOf } from './admin-helpers'
import { connectChat } from './chat-helpers'
import { textOf } from '../setup/page-html'

/**
 * Deleting and exporting an account (product §2 "Profile" Account tab, the
 * admin Users tab, §7; docs/decisions/125), through the built server with
 * simulated billing.
 */
const server = useSeededTestServer()

const mailTo = (address: string) => mailToServer(server.url, address)

/**
 * A premium member with something in every collection deletion clears: a
 * trial (and its invoice), progress, a room message, private messages both
 * ways with David, notifications, email preferences, a reset link, an RSVP,
 * blocks both ways, a mute, a report they filed, a calendar feed, a
 * discussion post and comment, a reaction, a followed post, a membership and
 * directory profile fields.
 */
async function memberWithEverything(): Promise<
	SignedUpMember & {
		roomLine: string
		sentLine: string
		receivedLine: string
		postUrl: string
		postTitle: string
		podId: number
	}
> {
	const member = await signUpMember(server.url, 'leaver', { name: 'Lee Leaver' })
	const tag = member.username
	expect((await member.client.json('POST', '/api/get-or-create-subscription')).status).toBe(200)
	expect((await member.client.json('POST', '/api/progress', { videoId: 12, progress: 40 })).status).toBe(200)
	expect(
		(await member.client.json('POST', '/api/videos/12/notes', { atSeconds: 95, text: 'Name what is ending.' })).status,
	).toBe(201)
	const roomLine = `Room line from ${tag}`
	const sentLine = `Private line from ${tag}`
	const receivedLine = `Private line to ${tag}`
	expect((await member.client.submitForm('/community/1', { content: roomLine })).status).toBe(303)
	const davidId = await userIdOf('david')
	expect((await member.client.submitForm(`/messages?userId=${davidId}`, { content: sentLine })).status).toBe(303)
	const david = await logIn(server.url, 'david')
	expect((await david.submitForm(`/messages?userId=${member.id}`, { content: receivedLine })).status).toBe(303)
	await notify(member.id, {
		kind: 'new_video',
		title: 'New lesson',
		text: 'Leading Through Change',
		link: '/content-library/12',
	})
	await saveEmailPreferences(member.id, {
		privateMessages: false,
		mentions: true,
		eventReminders: true,
		newLessons: true,
		billing: true,
		programs: true,
	})
	await MessageEmailStateModel.create({
		recipientId: member.id,
		senderId: davidId,
		pendingSince: null,
		lastSentAt: new Date(),
		throughMessageId: 0,
	})
	expect((await new TestClient(server.url).json('POST', '/api/password-reset', { email: member.email })).status).toBe(
		202,
	)
	const upcoming = (await EventModel.find().select('id startTime').lean<Array<{ id: number; startTime: Date }>>()).find(
		(event) => event.startTime.getTime() > Date.now(),
	)!
	await setRsvp(member, upcoming.id, true)
	// Discussions (issue 24): a post and a comment (they stay), a reaction and a follow on David's post (they go).
	const postTitle = `A question from ${tag}`
	const written = await member.client.json('POST', '/api/communities/1/posts', { title: postTitle, body: 'Thoughts?' })
	expect(written.status).toBe(201)
	const { url: postUrl, id: postId } = await written.json()
	expect(
		(await member.client.json('POST', `/api/posts/${postId}/comments`, { body: `Comment by ${tag}` })).status,
	).toBe(201)
	const davidPost = await (
		await david.json('POST', '/api/communities/1/posts', { title: `David asks ${tag}`, body: 'Anyone?' })
	).json()
	expect((await member.client.json('PUT', `/api/posts/${davidPost.id}/reactions/like`)).status).toBe(200)
	expect((await member.client.json('PUT', `/api/posts/${davidPost.id}/follow`)).status).toBe(200)
	expect((await member.client.json('POST', '/api/communities/4/membership')).status).toBe(200)
	expect(
		(await member.client.json('PATCH', `/api/users/${member.id}`, { headline: 'Leaving soon', interests: ['Exits'] }))
			.status,
	).toBe(200)
	await blockMember(member, await userIdOf('maria'))
	await blockMember({ id: davidId }, member.id)
	await muteMember(
		{ id: await userIdOf('admin'), role: 'admin' },
		{ userId: member.id, hours: 24, reason: 'Cooling off' },
	)
	const fromDavid = await MessageModel.findOne({ content: receivedLine }).select('id').lean<{ id: number }>()
	await createReport(member, { messageId: fromDavid!.id, reason: 'spam', details: null })
	await resetCalendarFeed(member.id)
	// The short demo program, done through its JSON calls: a start, a reading, a check attempt, and so a certificate.
	const essentials = await ProgramModel.findOne({ title: 'Leadership Essentials' }).lean()
	const [lessonItem, readingItem, checkItem] = essentials!.modules[0]!.items
	expect((await member.client.json('POST', `/api/programs/${essentials!.id}/enrol`)).status).toBe(200)
	expect((await member.client.json('POST', `/api/program-items/${readingItem!.id}/done`)).status).toBe(200)
	const answers = checkItem!.questions!.map((question) => question.answer)
	expect((await member.client.json('POST', `/api/program-items/${checkItem!.id}/check`, { answers })).status).toBe(200)
	expect((await member.client.json('POST', `/api/program-items/${lessonItem!.id}/done`)).status).toBe(200)
	// A peer pod (issue 29): their place, a check-in, a cheer and a reply; and a place in another program's queue.
	const podder = { id: member.id, role: 'member' as const, subscriptionStatus: 'active' }
	const pods = await podProgram()
	const mates = await startedMembers(pods.id, 3)
	await enrol(podder, pods.id)
	await queue(pods.id, [{ member: podder } as PodTestMember, ...mates], { timeZone: 'Europe/London', checkInDay: 2 })
	await matchPods()
	const [pod] = await activePodsOf(pods.id)
	await postCheckIn(podder, pod!.id, { outcome: 'done', note: 'LEAVER-NOTE', commitment: 'Leave well' })
	const matesCheckIn = await postCheckIn(mates[0]!.member, pod!.id, { outcome: 'partly', note: '', commitment: 'Stay' })
	await cheerCheckIn(podder, matesCheckIn.id, true)
	await replyToCheckIn(podder, matesCheckIn.id, { text: 'LEAVER-REPLY' })
	await joinPodQueue(podder, essentials!.id, { timeZone: 'Europe/London', checkInDay: 3 })
	// Push notifications on in one browser (docs/decisions/181), and a push of theirs waiting to go out.
	const browser = createECDH('prime256v1')
	const turnedOn = await member.client.json('POST', '/api/users/me/push-devices', {
		endpoint: `http://127.0.0.1:9/push/${tag}`,
		keys: { p256dh: browser.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
	})
	expect(turnedOn.status).toBe(201)
	const device = (await turnedOn.json()) as { id: number }
	const waiting = await NotificationModel.findOne({ recipientId: member.id }).lean<{ id: number }>()
	await PushDeliveryModel.create({
		notificationId: waiting!.id,
		userId: member.id,
		deviceId: device.id,
		status: 'pending',
		attempts: 0,
		nextAttemptAt: new Date(Date.now() + 3_600_000),
	})
	// Every collection the deletion must clear holds something of theirs now, so "all gone" afterwards means something.
	for (const [collection, count] of Object.entries(await recordsOf(member.id)))
		expect(count, `${collection} before the deletion`).toBeGreaterThan(0)
	for (const [model, count] of Object.entries(await registeredRecordsOf(member.id)))
		expect(count, `${model} before the deletion: give the member a record of it here`).toBeGreaterThan(0)
	return { ...member, roomLine, sentLine, receivedLine, postUrl, postTitle, podId: pod!.id }
}

/** Every record of the member's in the collections deletion clears. */
async function recordsOf(id: number) {
	const [users, progress, notifications, preferences, tokens, emailState, invoices, privateMessages] =
		await Promise.all([
			UserModel.countDocuments({ id }),
			ProgressModel.countDocuments({ userId: id }),
			NotificationModel.countDocuments({ recipientId: id }),
			NotificationPreferencesModel.countDocuments({ userId: id }),
			AccountTokenModel.countDocuments({ userId: id }),
			MessageEmailStateModel.countDocuments({ $or: [{ recipientId: id }, { senderId: id }] }),
			SimulatedInvoiceModel.countDocuments({ userId: id }),
			MessageModel.countDocuments({ isPrivate: true, $or: [{ senderId: id }, { recipientId: id }] }),
		])
	return { users, progress, notifications, preferences, tokens, emailState, invoices, privateMessages }
}

/**
 * Every record naming the member (by its entry's memberFields) in each
 * collection the registry of personal data erases from (decision 097).
 */
async function registeredRecordsOf(id: number) {
	const counts: Record<string, number> = {}
	for (const { model, memberFields, erase } of PERSONAL_DATA)
		if (erase.length > 0)
			counts[model.modelName] = await mongoose
				.model(model.modelName)
				.countDocuments({ $or: memberFields.map((field) => ({ [field]: id })) })
	return counts
}

describe('Delete Account', () => {
	it('without JavaScript: the password is the confirmation, and a wrong one changes nothing', async () => {
		const member = await memberWithEverything()
		const before = await recordsOf(member.id)
		const page = textOf(await (await member.client.get('/profile?tab=account')).text())
		expect(page).toContain('Delete Account')
		expect(page).toContain('Type your password to confirm.')

		const wrong = await member.client.submitForm('/profile?tab=account', {
			intent: 'delete-account',
			password: 'not-my-password',
		})
		expect(wrong.status).toBe(400)
		const wrongHtml = await wrong.text()
		expect(textOf(wrongHtml)).toMatch(/Account not deleted.*Password is incorrect/)
		expect(wrongHtml).not.toContain('not-my-password')
		const empty = await member.client.submitForm('/profile?tab=account', { intent: 'delete-account', password: '' })
		expect(empty.status).toBe(400)
		expect(textOf(await empty.text())).toContain('Password is required')
		expect(await recordsOf(member.id)).toEqual(before)

		const deleted = await member.client.submitForm('/profile?tab=account', {
			intent: 'delete-account',
			password: member.password,
		})
		expect(deleted.status).toBe(302)
		expect(deleted.headers.get('Location')).toBe('/')
		expect(member.client.cookie('__session')).toBeUndefined()
		expect(textOf(await (await member.client.get('/auth')).text())).toContain(
			'Your account and its data have been deleted.',
		)
		expect((await recordsOf(member.id)).users).toBe(0)
	})

	it('erases the member, keeps their room messages as "Deleted member", ends every session and socket, says goodbye, and frees the username and email', async () => {
		const member = await memberWithEverything()
		const certificate = await CertificateModel.findOne({ userId: member.id }).lean()
		expect((await new TestClient(server.url).get(`/certificates/${certificate!.code}`)).status).toBe(200)
		const phone = await logIn(server.url, member.username, member.password)
		const socket = await connectChat(server.url, {
			id: member.id,
			username: member.username,
			cookie: `__session=${phone.cookie('__session')}`,
		})
		const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve))

		const response = await member.client.json('DELETE', '/api/users/me', { password: member.password })
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ success: true })
		expect(await closed).toBe('io server disconnect')
		expect((await phone.get('/api/user')).status).toBe(401)
		expect((await member.client.get('/api/user')).status).toBe(401)
		expect(await SessionModel.countDocuments({ userId: member.id })).toBe(0)
		expect(await recordsOf(member.id)).toEqual({
			users: 0,
			progress: 0,
			notifications: 0,
			preferences: 0,
			tokens: 0,
			emailState: 0,
			invoices: 0,
			privateMessages: 0,
		})

		// Their pod shows "a former member" in their place; their check-in, cheer and reply are gone.
		const mate = await PodMemberModel.findOne({ userId: mongoose.trusted({ $ne: null }), podId: member.podId }).lean()
		const pod = await getPod({ id: mate!.userId!, subscriptionStatus: 'active' }, member.podId)
		expect(pod.members.map((row) => row.name)).toContain('A former member')
		expect(JSON.stringify(pod)).not.toContain('LEAVER-')
		expect(pod.weeksOfCheckIns[0]!.checkIns.every((row) => !row.cheeredByMe && row.cheers === 0)).toBe(true)

		// Nothing of theirs is left in any collection the registry erases from, but the room line, which stays, and
		// the words of their post and comment in the search index, which stay as they do (none of their profile's).
		expect(Object.entries(await registeredRecordsOf(member.id)).filter(([, count]) => count > 0)).toEqual([
			['Message', 1],
			['SearchTerm', expect.any(Number)],
		])
		expect((await SearchTermModel.distinct('key', { authorIds: member.id })).sort()).toEqual([
			expect.stringMatching(/^comment:\d+$/),
			`post:${member.postUrl.split('/').at(-1)}`,
		])

		// Their certificate's address now says it does not exist.
		const gone = await new TestClient(server.url).get(`/certificates/${certificate!.code}`)
		expect(gone.status).toBe(404)
		expect(textOf(await gone.text())).toContain('This certificate does not exist.')

		// The room still reads: the line stays, under "Deleted member". David's side of the conversation is gone too.
		const david = await logIn(server.url, 'david')
		const room = (await (await david.get('/api/messages/community/1')).json()) as Array<{
			content: string
			senderName: string
		}>
		expect(room.find((message) => message.content === member.roomLine)).toMatchObject({ senderName: 'Deleted member' })
		// So do their discussion post and comment, as written by "Deleted member".
		const thread = textOf(await (await david.get(member.postUrl)).text())
		expect(thread).toContain(member.postTitle)
		expect(thread).toContain(`Comment by ${member.username}`)
		expect(thread).toContain('Deleted member')
		expect(await MessageModel.countDocuments({ content: member.receivedLine })).toBe(0)
		expect((await david.get(`/api/messages/private/${member.id}`)).status).toBe(404)

		const [goodbye] = await (async () => {
			await expect
				.poll(async () => (await mailTo(member.email)).filter((mail) => mail.subject.includes('deleted')).length, {
					timeout: 20_000,
				})
				.toBe(1)
			return (await mailTo(member.email)).filter((mail) => mail.subject.includes('deleted'))
		})()
		expect(goodbye!.subject).toBe('Your LeaderForge account has been deleted')
		expect(goodbye!.text).toContain(`Your LeaderForge account "${member.username}" has been deleted, as you asked.`)

		const again = await new TestClient(server.url).json('POST', '/api/register', {
			username: member.username,
			password: 'another-password',
			name: 'Lee Again',
			email: member.email,
		})
		expect(again.status).toBe(201)
	})

	it('answers DELETE /api/users/me with 400 for a wrong or missing password, 401 without a session', async () => {
		const member = await signUpMember(server.url, 'stayer')
		const wrong = await member.client.json('DELETE', '/api/users/me', { password: 'wrong-password' })
		expect(wrong.status).toBe(400)
		expect(await wrong.json()).toEqual({ message: 'Password is incorrect', field: 'password' })
		expect((await member.client.json('DELETE', '/api/users/me', {})).status).toBe(400)
		expect(
			(await new TestClient(server.url).json('DELETE', '/api/users/me', { password: 'whatever-it-is' })).status,
		).toBe(401)
		expect(await UserModel.countDocuments({ id: member.id })).toBe(1)
	})

	it('the last admin cannot delete their account (409), another admin can', async () => {
		const admin = await logIn(server.url, 'admin')
		const adminId = await userIdOf('admin')
		expect(await UserModel.countDocuments({ role: 'admin' })).toBe(1)
		const refused = await admin.json('DELETE', '/api/users/me', { password: 'password123' })
		expect(refused.status).toBe(409)
		expect((await refused.json()).message).toBe(
			'You are the last admin: make another user an admin before deleting this account.',
		)
		const form = await admin.submitForm('/profile?tab=account', { intent: 'delete-account', password: 'password123' })
		expect(form.status).toBe(409)
		expect(textOf(await form.text())).toContain('You are the last admin')
		expect(await UserModel.findOne({ id: adminId }).lean()).toMatchObject({ role: 'admin' })

		const second = await signUpMember(server.url, 'admin2')
		await UserModel.updateOne({ id: second.id }, { $set: { role: 'admin' } })
		expect((await second.client.json('DELETE', '/api/users/me', { password: second.password })).status).toBe(200)
		expect(await UserModel.countDocuments({ role: 'admin' })).toBe(1)
	})
})

describe('an admin deletes a member', () => {
	it('from the Users tab, in a dialog that works without JavaScript', async () => {
		const member = await memberWithEverything()
		const admin = await logIn(server.url, 'admin')
		// The table is paged (25 a page): the admin finds the member by searching, as with any busy community.
		const list = await (await admin.get(`/admin?tab=users&q=${member.username}`)).text()
		expect(list).toContain(`href="/admin/users/${member.id}/delete?q=${member.username}"`)
		const dialog = textOf(await (await admin.get(`/admin/users/${member.id}/delete`)).text())
		expect(dialog).toContain('Delete User')
		expect(dialog).toContain(`Delete the account of Lee Leaver (${member.username})?`)

		const response = await admin.submitForm(`/admin/users/${member.id}/delete`, { intent: 'delete-user' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin?tab=users')
		expect(textOf(await (await admin.get('/admin?tab=users')).text())).toContain(
			'User deleted "Lee Leaver" has been deleted.',
		)
		expect(await recordsOf(member.id)).toEqual({
			users: 0,
			progress: 0,
			notifications: 0,
			preferences: 0,
			tokens: 0,
			emailState: 0,
			invoices: 0,
			privateMessages: 0,
		})
		expect((await member.client.get('/api/user')).status).toBe(401)
		await expect
			.poll(
				async () =>
					(await mailTo(member.email)).some((mail) =>
						mail.text.includes('An administrator has deleted your LeaderForge account'),
					),
				{ timeout: 20_000 },
			)
			.toBe(true)
	})

	it('with DELETE /api/admin/users/{id}: admins only, never their own account, 404 for nobody', async () => {
		const member = await signUpMember(server.url, 'removed')
		const adminId = await userIdOf('admin')
		const admin = await logIn(server.url, 'admin')
		const manager = await logIn(server.url, 'manager')
		expect((await manager.json('DELETE', `/api/admin/users/${member.id}`)).status).toBe(403)
		expect((await member.client.json('DELETE', `/api/admin/users/${adminId}`)).status).toBe(403)
		const self = await admin.json('DELETE', `/api/admin/users/${adminId}`)
		expect(self.status).toBe(400)
		expect((await self.json()).message).toBe(
			'To delete your own account, use Delete Account in your profile, under Account.',
		)
		expect((await admin.json('DELETE', '/api/admin/users/99999')).status).toBe(404)
		expect(await UserModel.countDocuments({ id: member.id })).toBe(1)

		expect(await (await admin.json('DELETE', `/api/admin/users/${member.id}`)).json()).toEqual({ success: true })
		expect(await UserModel.countDocuments({ id: member.id })).toBe(0)
	})
})

describe('Download my data', () => {
	it('is a JSON attachment with everything of the member and nothing of anyone else but names', async () => {
		const member = await memberWithEverything()
		const page = await (await member.client.get('/profile?tab=account')).text()
		expect(page).toMatch(/<a [^>]*href="\/api\/users\/me\/export"[^>]*>Download my data<\/a>/)

		const response = await member.client.get('/api/users/me/export')
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
		expect(response.headers.get('Content-Disposition')).toMatch(
			new RegExp(`^attachment; filename="leaderforge-data-${member.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
		)
		const body = await response.text()
		const data = JSON.parse(body)
		// The document's sections, in this order (the registry of personal data, decision 097).
		expect(Object.keys(data)).toEqual([
			'exportedAt',
			'profile',
			'emailPreferences',
			'subscription',
			'progress',
			'notes',
			'programs',
			'certificates',
			'rsvps',
			'pods',
			'reportsFiled',
			'blockedMembers',
			'mute',
			'notifications',
			'messages',
			'discussions',
			'reactions',
			'followedDiscussions',
			'pushDevices',
		])
		expect(data.profile).toMatchObject({
			id: member.id,
			username: member.username,
			email: member.email,
			name: 'Lee Leaver',
			pendingEmail: null,
			headline: 'Leaving soon',
			interests: ['Exits'],
		})
		// Memberships: the three a new account starts in, and Remote Team Leaders.
		expect(data.profile.communities.map((community: { name: string }) => community.name)).toEqual([
			'Executive Leadership',
			'New Managers',
			'Women in Leadership',
			'Remote Team Leaders',
		])
		expect(data.emailPreferences).toEqual({
			privateMessages: false,
			mentions: true,
			discussions: true,
			eventReminders: true,
			newLessons: true,
			billing: true,
			programs: true,
			podCheckIns: true,
			weeklyDigest: false,
		})
		expect(data.subscription).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false })
		expect(data.subscription.simulatedInvoices).toHaveLength(1)
		// The program's lesson they marked done (lesson 1), and lesson 12 as they left it.
		expect(data.progress).toEqual([
			expect.objectContaining({ videoId: 1, progress: 100, completed: true }),
			expect.objectContaining({ videoId: 12, progress: 40 }),
		])
		expect(data.notes).toEqual([
			expect.objectContaining({
				videoId: 12,
				atSeconds: 95,
				text: 'Name what is ending.',
				lesson: 'Leading Through Change',
			}),
		])
		// Leadership Essentials, and the program of their pod.
		expect(data.programs).toHaveLength(2)
		expect(data.programs).toContainEqual(
			expect.objectContaining({
				program: 'Leadership Essentials',
				completedAt: expect.any(String),
				items: expect.arrayContaining([expect.objectContaining({ item: 'Followed, not obeyed' })]),
				checkAttempts: [expect.objectContaining({ item: 'Leadership essentials', score: 100, passed: true })],
			}),
		)
		expect(data.certificates).toEqual([
			expect.objectContaining({ programTitle: 'Leadership Essentials', recipientName: 'Lee Leaver', revokedAt: null }),
		])
		expect(data.rsvps).toEqual([{ eventId: expect.any(Number), going: true }])
		expect(data.pods).toMatchObject({
			waitingFor: [{ timeZone: 'Europe/London', checkInDay: 'Wednesday' }],
			pods: [{ state: 'active', timeZone: 'Europe/London', checkInDay: 'Tuesday' }],
			checkIns: [{ outcome: 'done', note: 'LEAVER-NOTE', commitment: 'Leave well' }],
			replies: [{ text: 'LEAVER-REPLY' }],
			cheeredCheckInIds: [expect.any(Number)],
		})
		expect(data.reportsFiled).toEqual([
			{
				messageId: expect.any(Number),
				postId: null,
				commentId: null,
				checkInId: null,
				reason: 'spam',
				details: null,
				status: 'open',
				createdAt: expect.any(String),
			},
		])
		// Whom they blocked, by name; not that David blocked them, and nothing about who muted them.
		expect(data.blockedMembers).toEqual([{ name: 'Maria Gonzalez', blockedAt: expect.any(String) }])
		expect(data.mute).toEqual({ until: expect.any(String), reason: 'Cooling off' })
		// David's message notified the member; the export keeps that it came, not his words.
		expect(data.notifications).toEqual([
			expect.objectContaining({ kind: 'private_message', title: 'New message from David Kim', text: null }),
			expect.objectContaining({ kind: 'new_video', text: 'Leading Through Change' }),
			expect.objectContaining({ kind: 'certificate_issued', title: 'Certificate earned: Leadership Essentials' }),
			expect.objectContaining({ kind: 'pod_formed', link: `/pods/${member.podId}` }),
		])
		expect(data.messages.rooms).toEqual([
			expect.objectContaining({ room: 'Executive Leadership', content: member.roomLine }),
		])
		expect(data.messages.private).toEqual([expect.objectContaining({ to: 'David Kim', content: member.sentLine })])
		// The browsers with push on, named; never their push address or keys (the browser's secrets).
		expect(data.pushDevices).toEqual([
			{ id: expect.any(Number), label: 'A browser', createdAt: expect.any(String), lastPushedAt: null },
		])
		expect(body).not.toMatch(/p256dh|127\.0\.0\.1:9\/push/)
		expect(data.discussions.posts).toEqual([
			expect.objectContaining({ title: `A question from ${member.username}`, body: 'Thoughts?', deleted: false }),
		])
		expect(data.discussions.comments).toEqual([
			expect.objectContaining({ body: `Comment by ${member.username}`, deleted: false }),
		])
		expect(data.reactions).toEqual([
			{ kind: 'like', on: 'post', id: expect.any(Number), createdAt: expect.any(String) },
		])
		expect(data.followedDiscussions).toHaveLength(2)

		// Nothing about anyone else: not what David wrote, not his email, no secret.
		expect(body).not.toContain(member.receivedLine)
		expect(body).not.toContain('david@example.com')
		expect(body).not.toMatch(/passwordHash|\$argon2|tokenHash/)
		expect((await new TestClient(server.url).get('/api/users/me/export')).status).toBe(401)
	})
})
