import { beforeAll, describe, expect, it } from 'vitest'
import { AuditEntryModel, MessageModel, MuteModel, ReportModel, UserModel } from '#models/index'
import { TestClient } from '../setup/http-client'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot, userIdOf } from './admin-helpers'
import { postInRoom, useChatConnections, demoMember, newMember, type Member } from './chat-helpers'

/**
 * product §6 "Moderation": moderators and admins remove room messages and mute
 * members (not an admin or another moderator, unless they are an admin);
 * members report room messages and private messages they received; the
 * queue on /moderation and the JSON calls resolve reports. Every refusal
 * changes nothing.
 */

const server = useSeededTestServer()
const connect = useChatConnections(server)
let moderator: Member
let admin: Member

beforeAll(async () => {
	moderator = await demoMember(server.url, 'moderator')
	admin = await demoMember(server.url, 'admin')
})

const ROOM = 3

const post = (member: Member, content: string, communityId = ROOM) => postInRoom(connect, member, content, communityId)

async function expectRefusedAndNothingChanged(call: () => Promise<Response>, status: number, message: string) {
	const before = await snapshot()
	const response = await call()
	expect(response.status).toBe(status)
	expect((await response.json()).message).toBe(message)
	expect(await snapshot()).toBe(before)
}

describe('removing room messages', () => {
	it('a moderator removes any member’s room message: everyone sees “Removed by a moderator”, live and after a reload, and the audit log says who', async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		const watching = await connect(reader)
		const deleted = watching.changes
		const id = await post(author, 'Something against the rules')
		await MessageModel.updateOne({ id }, { $set: { createdAt: new Date(Date.now() - 3 * 60 * 60_000) } })

		const response = await moderator.client.json('DELETE', `/api/messages/${id}`)
		expect(response.status).toBe(200)
		await watching.waitUntil(() => deleted.length === 1, 'the removal arrives live')
		expect(deleted[0]).toMatchObject({
			event: 'message_deleted',
			message: { id, content: '', deleted: true, removedByModerator: true },
		})
		const page = await pageHtml(reader.client, `/community/${ROOM}`)
		expect(page).toContain('Removed by a moderator')
		expect(page).not.toContain('Something against the rules')
		const entry = await AuditEntryModel.findOne({ kind: 'message.deleted', targetId: id }).lean()
		expect(entry).toMatchObject({
			actorId: moderator.id,
			actorName: 'Jordan Lee',
			before: { content: 'Something against the rules' },
		})
	})

	it('a moderator cannot remove an admin’s or another moderator’s message (403); an admin can', async () => {
		const adminMessage = await post(admin, 'An admin announcement')
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('DELETE', `/api/messages/${adminMessage}`),
			403,
			'Moderators cannot moderate an admin or another moderator',
		)
		const colleague = await newMember(server.url)
		await UserModel.updateOne({ id: colleague.id }, { $set: { role: 'moderator' } })
		const colleagueMessage = await post(colleague, 'A colleague’s note')
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('DELETE', `/api/messages/${colleagueMessage}`),
			403,
			'Moderators cannot moderate an admin or another moderator',
		)
		expect((await admin.client.json('DELETE', `/api/messages/${colleagueMessage}`)).status).toBe(200)
	})

	it('members remove only their own; a private message is not a moderator’s to remove without a report', async () => {
		const author = await newMember(server.url)
		const other = await newMember(server.url)
		const id = await post(author, 'Ordinary message')
		await expectRefusedAndNothingChanged(
			() => other.client.json('DELETE', `/api/messages/${id}`),
			403,
			'You can only edit or delete your own messages',
		)
		const chat = await connect(author)
		const direct = (await chat.send('private_message', { content: 'Just between us', recipientId: other.id })).id!
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('DELETE', `/api/messages/${direct}`),
			403,
			'You can only edit or delete your own messages',
		)
	})

	it('without JavaScript: a moderator’s menu offers Delete and Mute on members’ messages, not on staff’s, and the forms work', async () => {
		const author = await newMember(server.url)
		const id = await post(author, 'Mute-worthy')
		const page = await pageHtml(moderator.client, `/community/${ROOM}`)
		const item = page.slice(page.indexOf(`data-message-id="${id}"`))
		expect(item).toContain(`href="/community/${ROOM}?mute=${id}"`)
		const adminId = await post(admin, 'Staff message')
		const staffItem = (await pageHtml(moderator.client, `/community/${ROOM}`))
			.split(`data-message-id="${adminId}"`)[1]!
			.split('</li>')[0]!
		expect(staffItem).not.toContain('?mute=')
		expect(staffItem).not.toContain('delete-message')

		const removed = await moderator.client.submitForm(`/community/${ROOM}`, {
			intent: 'delete-message',
			messageId: String(id),
		})
		expect(removed.status).toBe(303)
		expect(await MessageModel.findOne({ id }).lean()).toMatchObject({ deletedBy: moderator.id })
	})
})

describe('mutes', () => {
	it('POST /api/moderation/mutes mutes in every room: the socket, the form and edits are refused with the time, the room shows why, and lifting restores posting', async () => {
		const member = await newMember(server.url)
		const earlier = await post(member, 'Before the mute')
		const chat = await connect(member)
		const response = await moderator.client.json('POST', '/api/moderation/mutes', {
			userId: member.id,
			hours: 24,
			reason: 'Cooling off',
		})
		expect(response.status).toBe(201)
		const { userId, until } = await response.json()
		expect(userId).toBe(member.id)
		expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60_000)

		const refused = await chat.send('community_message', { content: 'Still here', communityId: 1 })
		expect(refused.ok).toBe(false)
		expect(refused.message).toMatch(/^You are muted until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/)
		const form = await member.client.submitForm('/community/2', { content: 'By form' })
		expect(form.status).toBe(403)
		expect(await form.text()).toContain('You are muted until')
		const edit = await member.client.json('PATCH', `/api/messages/${earlier}`, { content: 'Edited while muted' })
		expect(edit.status).toBe(403)
		expect((await edit.json()).message).toMatch(/^You are muted until/)
		// Private messages stay open.
		expect((await chat.send('private_message', { content: 'Still allowed', recipientId: moderator.id })).ok).toBe(true)

		const room = await pageHtml(member.client, '/community/1')
		expect(room).toContain('You are muted until')
		expect(room).toContain('Reason: Cooling off')
		expect(room).not.toMatch(/name="content"/)

		expect((await moderator.client.json('DELETE', `/api/moderation/mutes/${member.id}`)).status).toBe(200)
		expect((await chat.send('community_message', { content: 'Back again', communityId: 1 })).ok).toBe(true)
		const again = await moderator.client.json('DELETE', `/api/moderation/mutes/${member.id}`)
		expect(again.status).toBe(404)
		expect((await again.json()).message).toBe('This member is not muted')
		const kinds = (await AuditEntryModel.find({ targetId: member.id, targetType: 'user' }).sort({ id: 1 }).lean()).map(
			(entry) => entry.kind,
		)
		expect(kinds).toEqual(['member.muted', 'member.unmuted'])
	})

	it('until lifted (hours: null), an expired mute lets the member post, and a live page is told of a new mute', async () => {
		const member = await newMember(server.url)
		const chat = await connect(member)
		const told = new Promise<unknown>((resolve) => chat.socket.once('mute_changed', resolve))
		const response = await admin.client.json('POST', '/api/moderation/mutes', {
			userId: member.id,
			hours: null,
			reason: 'Spam',
		})
		expect(await response.json()).toEqual({ userId: member.id, until: null })
		expect(await told).toEqual({ mute: { until: null, reason: 'Spam' } })
		expect((await chat.send('community_message', { content: 'x', communityId: 1 })).message).toBe(
			'You are muted until a moderator lifts the mute',
		)

		await MuteModel.updateOne({ userId: member.id }, { $set: { until: new Date(Date.now() - 1000) } })
		expect((await chat.send('community_message', { content: 'The mute ran out', communityId: 1 })).ok).toBe(true)
	})

	it('refuses muting oneself (400), staff by a moderator (403), an unknown member (404) and bad durations (400), changing nothing', async () => {
		const member = await newMember(server.url)
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', '/api/moderation/mutes', { userId: moderator.id, hours: 1, reason: 'Me' }),
			400,
			'You cannot mute yourself',
		)
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', '/api/moderation/mutes', { userId: admin.id, hours: 1, reason: 'Boss' }),
			403,
			'Moderators cannot moderate an admin or another moderator',
		)
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', '/api/moderation/mutes', { userId: 99999999, hours: 1, reason: 'Nobody' }),
			404,
			'User not found',
		)
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', '/api/moderation/mutes', { userId: member.id, hours: 5, reason: 'Odd' }),
			400,
			'hours must be 1, 24, 168 or null (until lifted)',
		)
		await expectRefusedAndNothingChanged(
			() => member.client.json('POST', '/api/moderation/mutes', { userId: moderator.id, hours: 1, reason: 'Revenge' }),
			403,
			'You do not have permission to do that',
		)
	})

	it('without JavaScript: the mute form under a message mutes its sender', async () => {
		const member = await newMember(server.url)
		const id = await post(member, 'Please mute me')
		const form = await pageHtml(moderator.client, `/community/${ROOM}?mute=${id}`)
		expect(form).toContain(`aria-label="Mute ${member.name}"`)
		const missingReason = await moderator.client.submitForm(`/community/${ROOM}?mute=${id}`, {
			intent: 'mute-member',
			userId: String(member.id),
			duration: '168',
			reason: '',
		})
		expect(missingReason.status).toBe(400)
		expect(await missingReason.text()).toContain('reason is required')
		const muted = await moderator.client.submitForm(`/community/${ROOM}?mute=${id}`, {
			intent: 'mute-member',
			userId: String(member.id),
			duration: '168',
			reason: 'A week off',
		})
		expect(muted.status).toBe(303)
		const mute = await MuteModel.findOne({ userId: member.id }).lean()
		expect(mute).toMatchObject({ reason: 'A week off', mutedBy: moderator.id })
		expect(mute!.until!.getTime() - Date.now()).toBeGreaterThan(167 * 60 * 60_000)
	})
})

describe('reports', () => {
	it('POST /api/reports answers 201 {id}; one open report per member and message (409); nobody reports themself (400)', async () => {
		const author = await newMember(server.url)
		const reporter = await newMember(server.url)
		const id = await post(author, 'Buy cheap watches')
		const created = await reporter.client.json('POST', '/api/reports', { messageId: id, reason: 'spam' })
		expect(created.status).toBe(201)
		const { id: reportId } = await created.json()
		expect(await ReportModel.findOne({ id: reportId }).lean()).toMatchObject({
			messageId: id,
			reporterId: reporter.id,
			authorId: author.id,
			status: 'open',
			excerpt: 'Buy cheap watches',
		})

		await expectRefusedAndNothingChanged(
			() => reporter.client.json('POST', '/api/reports', { messageId: id, reason: 'spam' }),
			409,
			'You have already reported this message',
		)
		await expectRefusedAndNothingChanged(
			() => author.client.json('POST', '/api/reports', { messageId: id, reason: 'spam' }),
			400,
			'You cannot report your own message',
		)
		await expectRefusedAndNothingChanged(
			() => reporter.client.json('POST', '/api/reports', { messageId: id, reason: 'other' }),
			400,
			'details: Please say what is wrong with this message',
		)
		await expectRefusedAndNothingChanged(
			() => reporter.client.json('POST', '/api/reports', { messageId: 99999999, reason: 'spam' }),
			404,
			'Message not found',
		)
		// Someone else reporting the same message is a second report.
		const second = await newMember(server.url)
		expect(
			(await second.client.json('POST', '/api/reports', { messageId: id, reason: 'other', details: 'Scam link' }))
				.status,
		).toBe(201)
	})

	it('a private message can be reported by the member who received it only', async () => {
		const sender = await newMember(server.url, { premium: false })
		const recipient = await newMember(server.url, { premium: false })
		const bystander = await newMember(server.url, { premium: false })
		const chat = await connect(sender)
		const id = (await chat.send('private_message', { content: 'You are useless', recipientId: recipient.id })).id!
		await expectRefusedAndNothingChanged(
			() => bystander.client.json('POST', '/api/reports', { messageId: id, reason: 'harassment' }),
			404,
			'Message not found',
		)
		expect(
			(
				await recipient.client.json('POST', '/api/reports', {
					messageId: id,
					reason: 'harassment',
					details: 'Third time',
				})
			).status,
		).toBe(201)
	})

	it('the queue lists open reports oldest first with the message, author, reporter, reason and context; resolving moves them to Resolved with who and how', async () => {
		const author = await newMember(server.url)
		const reporter = await newMember(server.url)
		const before = await post(author, 'Context before', 4)
		const reported = await post(author, 'The bad one', 4)
		const after = await post(reporter, 'Context after', 4)
		const reportId = (
			await (
				await reporter.client.json('POST', '/api/reports', {
					messageId: reported,
					reason: 'harassment',
					details: 'Rude',
				})
			).json()
		).id

		const queue = await (await moderator.client.get('/api/reports?status=open')).json()
		const ids = queue.reports.map((report: { id: number }) => report.id)
		expect([...ids].sort((a: number, b: number) => a - b)).toEqual(ids)
		const listed = queue.reports.find((report: { id: number }) => report.id === reportId)
		expect(listed).toMatchObject({
			reason: 'harassment',
			details: 'Rude',
			message: { id: reported, reportedContent: 'The bad one', communityName: 'Remote Team Leaders' },
			author: { id: author.id, name: author.name },
			reporter: { id: reporter.id },
			resolution: null,
		})
		expect(listed.context.map((message: { id: number }) => message.id)).toEqual(expect.arrayContaining([before, after]))

		const resolved = await moderator.client.json('POST', `/api/reports/${reportId}/resolve`, {
			action: 'mute',
			hours: 1,
		})
		expect(resolved.status).toBe(200)
		expect(await resolved.json()).toMatchObject({
			status: 'resolved',
			resolution: { action: 'muted', muteHours: 1, resolvedBy: { id: moderator.id, name: 'Jordan Lee' } },
		})
		expect(await MuteModel.findOne({ userId: author.id }).lean()).toMatchObject({
			reason: 'Reported for harassment: Rude',
		})
		const done = await (await moderator.client.get('/api/reports?status=resolved')).json()
		expect(done.reports[0]).toMatchObject({ id: reportId })
		const again = await moderator.client.json('POST', `/api/reports/${reportId}/resolve`, { action: 'dismiss' })
		expect(again.status).toBe(409)
	})

	it('resolving with delete removes the message and resolves every open report of it; a moderator cannot act on staff through a report', async () => {
		const author = await newMember(server.url)
		const one = await newMember(server.url)
		const two = await newMember(server.url)
		const id = await post(author, 'Reported twice')
		const first = (await (await one.client.json('POST', '/api/reports', { messageId: id, reason: 'spam' })).json()).id
		const second = (
			await (await two.client.json('POST', '/api/reports', { messageId: id, reason: 'off-topic' })).json()
		).id
		expect((await admin.client.json('POST', `/api/reports/${first}/resolve`, { action: 'delete' })).status).toBe(200)
		expect(await MessageModel.findOne({ id }).lean()).toMatchObject({ deletedBy: admin.id })
		expect(await ReportModel.findOne({ id: second }).lean()).toMatchObject({
			status: 'resolved',
			resolution: 'deleted',
			resolvedBy: admin.id,
		})

		const staffMessage = await post(admin, 'Admin speaking')
		const staffReport = (
			await (
				await one.client.json('POST', '/api/reports', { messageId: staffMessage, reason: 'other', details: 'Bossy' })
			).json()
		).id
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', `/api/reports/${staffReport}/resolve`, { action: 'delete' }),
			403,
			'Moderators cannot moderate an admin or another moderator',
		)
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', `/api/reports/${staffReport}/resolve`, { action: 'mute', hours: 24 }),
			403,
			'Moderators cannot moderate an admin or another moderator',
		)
		await expectRefusedAndNothingChanged(
			() => moderator.client.json('POST', `/api/reports/${staffReport}/resolve`, { action: 'mute' }),
			400,
			'hours is required to mute: 1, 24, 168 or null (until lifted)',
		)
		expect(
			(await moderator.client.json('POST', `/api/reports/${staffReport}/resolve`, { action: 'dismiss' })).status,
		).toBe(200)
	})

	it('a reported private message is removed through its report, for both participants', async () => {
		const sender = await newMember(server.url, { premium: false })
		const recipient = await newMember(server.url, { premium: false })
		const chat = await connect(sender)
		const id = (await chat.send('private_message', { content: 'Threatening words', recipientId: recipient.id })).id!
		const reportId = (
			await (await recipient.client.json('POST', '/api/reports', { messageId: id, reason: 'harassment' })).json()
		).id
		expect((await moderator.client.json('POST', `/api/reports/${reportId}/resolve`, { action: 'delete' })).status).toBe(
			200,
		)
		const page = await pageHtml(recipient.client, `/messages?userId=${sender.id}`)
		expect(page).toContain('Removed by a moderator')
		expect(page).not.toContain('Threatening words')
	})

	it('without JavaScript: the report form under a message, and the queue’s forms on /moderation', async () => {
		const author = await newMember(server.url)
		const reporter = await newMember(server.url)
		const id = await post(author, 'Report me by form')
		const form = await pageHtml(reporter.client, `/community/${ROOM}?report=${id}`)
		expect(form).toContain('Why are you reporting this message?')
		const noReason = await reporter.client.submitForm(`/community/${ROOM}?report=${id}`, {
			intent: 'report-message',
			messageId: String(id),
		})
		expect(noReason.status).toBe(400)
		expect(await noReason.text()).toContain('reason must be one of')
		const sent = await reporter.client.submitForm(`/community/${ROOM}?report=${id}`, {
			intent: 'report-message',
			messageId: String(id),
			reason: 'spam',
			details: '',
		})
		expect(sent.status).toBe(303)
		const report = await ReportModel.findOne({ messageId: id }).lean()
		expect(report).toMatchObject({ reporterId: reporter.id, reason: 'spam', details: null })

		const queue = await pageHtml(moderator.client, '/moderation')
		expect(queue).toContain('Report me by form')
		expect(queue).toContain(`Reported by ${reporter.name}`)
		const dismissed = await moderator.client.submitForm('/moderation', {
			intent: 'resolve-report',
			reportId: String(report!.id),
			outcome: 'dismiss',
		})
		expect(dismissed.status).toBe(303)
		const resolvedTab = await pageHtml(moderator.client, '/moderation?tab=resolved')
		expect(resolvedTab).toContain('Report me by form')
		expect(resolvedTab).toMatch(/Dismissed by Jordan Lee/)
	})

	it('/moderation and the report calls are for moderators and admins; the sidebar shows them the open count', async () => {
		const member = await newMember(server.url)
		expect((await member.client.get('/moderation')).headers.get('Location')).toBe('/dashboard')
		expect((await new TestClient(server.url).get('/moderation')).headers.get('Location')).toBe('/auth')
		expect((await member.client.get('/api/reports')).status).toBe(403)
		const open = await ReportModel.countDocuments({ status: 'open' })
		const dashboard = await pageHtml(moderator.client, '/dashboard')
		expect(dashboard).toContain('href="/moderation"')
		expect(dashboard).toContain(`(${open} open ${open === 1 ? 'report' : 'reports'})`)
		expect(await pageHtml(member.client, '/dashboard')).not.toContain('href="/moderation"')
		expect((await moderator.client.get('/api/reports?status=closed')).status).toBe(400)
	})

	it('the demo data has open reports, a resolved one and a muted member', async () => {
		expect(await ReportModel.countDocuments({ status: 'open', reporterId: await userIdOf('maria') })).toBeGreaterThan(0)
		expect(await ReportModel.countDocuments({ status: 'resolved' })).toBeGreaterThan(0)
		expect(await MuteModel.exists({ userId: await userIdOf('casey') })).toBeTruthy()
	})
})
