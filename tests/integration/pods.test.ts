import mongoose from 'mongoose'
import { describe, expect, it } from 'vitest'
import { NotificationModel, OutboxMailModel, PodMemberModel, PodModel, UserModel } from '#models/index'
import { saveEmailPreferences } from '~/services/notifications/preferences.server'
import { getCommunityHistory, sendCommunityMessage } from '~/services/chat/messages.server'
import { listCommunities } from '~/services/catalogue/communities.server'
import {
	cheerCheckIn,
	checkInRate,
	getPod,
	postCheckIn,
	replyToCheckIn,
	runPodWeeks,
	updateCheckIn,
} from '~/services/pods/pods.server'
import { logIn } from '../setup/log-in'
import { textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { browserOf, formedPod, setPremium } from './pod-helpers'
import { demoMember, texts, useChatConnections } from './chat-helpers'

/**
 * Issue 29, inside a pod (product §2 "Inside a pod", decisions 211-214): a
 * pod and its chat room are its members' alone; weeks run in the pod's time
 * zone, daylight saving included; this week's check-ins show once one's own
 * is posted; reminders at most twice a week; Premium and its 30 days;
 * finishing after twelve weeks.
 */
const server = useSeededTestServer()
const connect = useChatConnections(server)
const DAY = 86_400_000
/** A seeded public community every Premium member may post in. */
const EXECUTIVE_LEADERSHIP = 1
const checkIn = (commitment = 'Ask for feedback in my one-to-one') => ({
	outcome: 'done' as const,
	note: 'It went well',
	commitment,
})

describe('a pod is its members’ alone', () => {
	it('its page, its JSON and its chat room answer 404 to anyone else, staff included; members read and post', async () => {
		const { members, pod } = await formedPod(4)
		const [first, second] = members
		const outsider = await formedPod(4)
		const stranger = outsider.members[0]!

		const mine = browserOf(server.url, first!)
		const page = await mine.get(`/pods/${pod.id}`)
		expect(page.status).toBe(200)
		const text = textOf(await page.text())
		expect(text).toContain(pod.name)
		expect(text).toContain('Check-ins on Monday')
		for (const member of members) expect(text).toContain(member.name)

		// The member's message reaches the room's history, read by the members.
		await sendCommunityMessage(
			{ ...first!.member, name: first!.name },
			{
				communityId: pod.roomId,
				content: 'Hello pod',
			},
		)
		const history = await browserOf(server.url, second!).get(`/api/messages/community/${pod.roomId}`)
		expect(history.status).toBe(200)
		expect(JSON.stringify(await history.json())).toContain('Hello pod')

		const theirs = browserOf(server.url, stranger)
		expect((await theirs.get(`/pods/${pod.id}`)).status).toBe(404)
		expect((await theirs.get(`/api/pods/${pod.id}`)).status).toBe(404)
		expect((await theirs.get(`/api/pods/${pod.id}/check-ins`)).status).toBe(404)
		// After a member's read filled the held page, a stranger still gets nothing from it (decision 089).
		const refused = await theirs.get(`/api/messages/community/${pod.roomId}`)
		expect(refused.status).toBe(404)
		expect(await refused.text()).not.toContain('Hello pod')
		await expect(
			sendCommunityMessage({ ...stranger.member, name: stranger.name }, { communityId: pod.roomId, content: 'hi' }),
		).rejects.toMatchObject({ status: 404 })
		const admin = await logIn(server.url, 'admin')
		expect((await admin.get(`/pods/${pod.id}`)).status).toBe(404)
		expect((await admin.get(`/api/messages/community/${pod.roomId}`)).status).toBe(404)
		// The room is no community: not a page, not listed.
		expect((await mine.get(`/community/${pod.roomId}`)).status).toBe(404)
		expect((await listCommunities()).map((room) => room.id)).not.toContain(pod.roomId)

		// Posting without JavaScript: the room's composer on the pod's page.
		const posted = await mine.submitForm(`/pods/${pod.id}`, { content: 'From the form' })
		expect(posted.status).toBe(303)
		const after = await getCommunityHistory(first!.member, pod.roomId)
		expect(after.messages.map((message) => message.content)).toContain('From the form')
	})
	it('its room’s live messages and typing reach its members’ tabs alone, not a stranger’s nor an admin’s who asks for the room', async () => {
		const { members, pod } = await formedPod(4)
		const [writer, reader] = members
		const stranger = (await formedPod(4)).members[0]!
		const writerChat = await connect(writer!)
		const readerChat = await connect(reader!)
		const strangerChat = await connect(stranger)
		const adminChat = await connect(await demoMember(server.url, 'admin'))
		// The stranger listens to every room, as a socket does by default; the admin asks for the pod's room by its id.
		// Neither gets anything of the pod: its messages go to its members' own rooms.
		adminChat.socket.emit('subscribe', { communityIds: [pod.roomId, EXECUTIVE_LEADERSHIP] })

		writerChat.socket.emit('typing', { isTyping: true, targetId: pod.roomId, isPrivate: false })
		await readerChat.waitUntil(() => readerChat.typing.length > 0, 'the pod member hears the typing')
		const sent = await writerChat.send('community_message', { communityId: pod.roomId, content: 'Pod only' })
		expect(sent.ok, sent.message).toBe(true)
		await readerChat.waitUntil(() => texts(readerChat.community).includes('Pod only'), 'the pod member gets it')
		await writerChat.waitUntil(() => texts(writerChat.community).includes('Pod only'), 'the writer’s tab gets it')

		// A later message in a public room reaches the outsiders; delivery is in id order, so the pod's came first if at all.
		const open = await writerChat.send('community_message', { communityId: EXECUTIVE_LEADERSHIP, content: 'Public' })
		expect(open.ok, open.message).toBe(true)
		for (const outsider of [strangerChat, adminChat]) {
			await outsider.waitUntil(() => texts(outsider.community).includes('Public'), 'the public message arrives')
			expect(texts(outsider.community)).not.toContain('Pod only')
			expect(outsider.typing.filter((notice) => notice.targetId === pod.roomId)).toEqual([])
		}
	})
})

describe('pod weeks and check-ins', () => {
	it('weeks begin at local midnight of the check-in day in the pod’s zone, across a daylight-saving change', async () => {
		// New York moves its clocks on Sunday 9 March 2031; the pod checks in on Mondays.
		const { members, pod } = await formedPod(4, { now: new Date('2031-03-04T15:00:00Z') })
		const [first] = members
		expect(pod.firstWeekDate).toBe('2031-03-03')
		// 23:30 on Sunday in New York (EDT) is still week 1; a naive 7 × 24 hours from 05:00Z would say 05:00Z.
		const lateSunday = new Date('2031-03-10T03:30:00Z')
		const posted = await postCheckIn(first!.member, pod.id, checkIn(), lateSunday)
		expect(posted.week).toBe(1)
		const mondayMidnight = new Date('2031-03-10T04:00:00Z')
		const view = await getPod(first!.member, pod.id, mondayMidnight)
		expect(view.week).toBe(2)
		expect(view.weekStartsAt).toBe('2031-03-10T04:00:00.000Z')
		expect(view.weekEndsAt).toBe('2031-03-17T04:00:00.000Z')
		// A check-in can be edited until its week ends, not after.
		await expect(
			updateCheckIn(first!.member, posted.id, { commitment: 'Too late' }, mondayMidnight),
		).rejects.toMatchObject({ status: 409 })
		const second = await postCheckIn(first!.member, pod.id, checkIn('Week two'), mondayMidnight)
		expect(second.week).toBe(2)
		await expect(postCheckIn(first!.member, pod.id, checkIn(), mondayMidnight)).rejects.toMatchObject({ status: 409 })
		expect((await getPod(first!.member, pod.id, mondayMidnight)).members.find((m) => m.you)!.streak).toBe(2)
	})

	it('hides the others’ check-ins of this week until one’s own is posted; past weeks stay readable; cheers and replies', async () => {
		const now = new Date('2031-04-07T15:00:00Z')
		const { members, pod } = await formedPod(4, { now })
		const [ana, ben] = members
		const first = await postCheckIn(ana!.member, pod.id, checkIn('SECRET-COMMITMENT'), now)

		const before = await getPod(ben!.member, pod.id, now)
		const seen = before.weeksOfCheckIns[0]!.checkIns[0]!
		expect(seen).toMatchObject({ hidden: true, outcome: null, commitment: null, note: null, name: ana!.name })
		expect(JSON.stringify(before)).not.toContain('SECRET-COMMITMENT')
		const json = await browserOf(server.url, ben!).get(`/api/pods/${pod.id}/check-ins`)
		expect(await json.text()).not.toContain('SECRET-COMMITMENT')
		const html = await (await browserOf(server.url, ben!).get(`/pods/${pod.id}`)).text()
		expect(html).not.toContain('SECRET-COMMITMENT')
		expect(textOf(html)).toContain(`${ana!.name} has checked in`)
		await expect(cheerCheckIn(ben!.member, first.id, true, now)).rejects.toMatchObject({ status: 403 })

		// Ben posts without JavaScript, then reads Ana's words, cheers and replies.
		const browser = browserOf(server.url, ben!)
		const posted = await browser.submitForm(`/pods/${pod.id}`, {
			intent: 'check-in',
			outcome: 'partly',
			note: '',
			commitment: 'Run a retro',
			itemId: '',
		})
		expect(posted.status).toBe(302)
		const after = await getPod(ben!.member, pod.id, new Date())
		expect(after.weeksOfCheckIns.flatMap((week) => week.checkIns).find((row) => row.id === first.id)).toMatchObject({
			hidden: false,
			commitment: 'SECRET-COMMITMENT',
		})
		expect((await browser.request(`/api/check-ins/${first.id}/cheer`, { method: 'PUT' })).status).toBe(200)
		expect((await browser.request(`/api/check-ins/${first.id}/cheer`, { method: 'PUT' })).status).toBe(200)
		expect(await cheerCheckIn(ben!.member, first.id, true)).toEqual({ cheers: 1, cheeredByMe: true })
		const reply = await browser.json('POST', `/api/check-ins/${first.id}/replies`, { text: 'Nice one' })
		expect(reply.status).toBe(201)
		const replied = await getPod(ana!.member, pod.id)
		expect(replied.weeksOfCheckIns[0]!.checkIns.find((row) => row.id === first.id)).toMatchObject({
			cheers: 1,
			replies: [{ name: ben!.name, text: 'Nice one' }],
		})

		// A week later both are past: readable by a member who has not posted this week.
		const nextWeek = new Date(now.getTime() + 7 * DAY)
		const [, , carl] = members
		const later = await getPod(carl!.member, pod.id, nextWeek)
		expect(later.weeksOfCheckIns.flatMap((week) => week.checkIns).every((row) => !row.hidden)).toBe(true)
		await expect(replyToCheckIn(carl!.member, first.id, { text: '   ' }, nextWeek)).rejects.toMatchObject({
			status: 400,
		})
	})
})

describe('reminders', () => {
	it('the check-in day and the day before the next, to members who have not checked in: never more than two a week', async () => {
		// Formed on Wednesday 9 April 2031, in Berlin, with Thursday check-ins.
		const { members, pod } = await formedPod(4, {
			now: new Date('2031-04-09T10:00:00Z'),
			timeZone: 'Europe/Berlin',
			checkInDay: 4,
		})
		const [done, emailed, quiet] = members
		// The new "Pod check-ins" switch: off, the reminders stay in the app (and send no push).
		await saveEmailPreferences(quiet!.id, { podCheckIns: false })
		// Thursday 10 April, 09:00 in Berlin: week 2 starts.
		const thursday = new Date('2031-04-10T07:00:00Z')
		await postCheckIn(done!.member, pod.id, checkIn(), thursday)
		await runPodWeeks(thursday)
		await runPodWeeks(new Date(thursday.getTime() + 3_600_000))
		const reminded = async () =>
			NotificationModel.countDocuments({
				kind: 'pod_check_in_reminder',
				recipientId: mongoose.trusted({ $in: members.map((member) => member.id) }),
			})
		expect(await reminded()).toBe(3)
		expect(await NotificationModel.countDocuments({ kind: 'pod_check_in_reminder', recipientId: done!.id })).toBe(0)
		// Saturday: no reminder day.
		await runPodWeeks(new Date('2031-04-12T10:00:00Z'))
		expect(await reminded()).toBe(3)
		// Wednesday 16 April, the week's last day: one more each, once however often the job runs.
		await runPodWeeks(new Date('2031-04-16T08:00:00Z'))
		await runPodWeeks(new Date('2031-04-16T20:00:00Z'))
		expect(await reminded()).toBe(6)
		const notice = await NotificationModel.findOne({ kind: 'pod_check_in_reminder', recipientId: members[1]!.id })
			.sort({ id: -1 })
			.lean()
		expect(notice).toMatchObject({ link: `/pods/${pod.id}` })
		expect(notice!.title).toContain('Last day')
		const mailsTo = async (member: { username: string }) =>
			OutboxMailModel.countDocuments({
				to: `${member.username.toLowerCase()}@example.com`,
				subject: mongoose.trusted({ $regex: /check in/i }),
			})
		expect(await mailsTo(emailed!)).toBe(2)
		expect(await mailsTo(quiet!)).toBe(0)
	})
})

describe('the Premium rule', () => {
	it('a member without Premium reads the pod for 30 days and cannot check in or chat; the figures leave them out', async () => {
		const now = new Date('2031-05-05T15:00:00Z')
		const { members, pod } = await formedPod(4, { now })
		const [lapsed, other] = members
		await postCheckIn(lapsed!.member, pod.id, checkIn(), now)
		await postCheckIn(other!.member, pod.id, checkIn(), now)
		expect(await checkInRate((await PodModel.findOne({ id: pod.id }).lean())!, now)).toBe(50)

		await setPremium(lapsed!.id, false)
		const free = { ...lapsed!.member, subscriptionStatus: 'inactive' }
		const view = await getPod(free, pod.id, now)
		expect(view).toMatchObject({ canWrite: false })
		expect(view.readOnlyReason).toContain('Premium')
		await expect(postCheckIn(free, pod.id, checkIn(), new Date(now.getTime() + 7 * DAY))).rejects.toMatchObject({
			status: 403,
		})
		await expect(
			sendCommunityMessage({ ...free, name: lapsed!.name }, { communityId: pod.roomId, content: 'hi' }),
		).rejects.toMatchObject({ status: 403 })
		// The pod's figures count the three with Premium: one of them checked in.
		expect(await checkInRate((await PodModel.findOne({ id: pod.id }).lean())!, now)).toBe(33)

		expect((await getPod(free, pod.id, new Date(now.getTime() + 29 * DAY))).id).toBe(pod.id)
		await expect(getPod(free, pod.id, new Date(now.getTime() + 30 * DAY))).rejects.toMatchObject({ status: 404 })
		await expect(getCommunityHistory(free, pod.roomId)).resolves.toBeTruthy()
		// Premium again: the pod is theirs to write in once more.
		await setPremium(lapsed!.id, true)
		const back = await getPod(lapsed!.member, pod.id, new Date(now.getTime() + 31 * DAY))
		expect(back.canWrite).toBe(true)
		expect((await PodMemberModel.findOne({ podId: pod.id, userId: lapsed!.id }).lean())!.lapsedAt).toBeNull()
	})
})

describe('finishing', () => {
	it('after twelve weeks the pod is read-only with its summary', async () => {
		const now = new Date('2031-01-06T15:00:00Z')
		const { members, pod } = await formedPod(4, { now })
		await postCheckIn(members[0]!.member, pod.id, checkIn(), now)
		await postCheckIn(
			members[0]!.member,
			pod.id,
			{ ...checkIn(), outcome: 'not-yet' },
			new Date(now.getTime() + 7 * DAY),
		)
		await postCheckIn(members[1]!.member, pod.id, checkIn(), new Date(now.getTime() + 7 * DAY))
		expect((await runPodWeeks(new Date(now.getTime() + 11 * 7 * DAY))).finished).toBe(0)
		await runPodWeeks(new Date(now.getTime() + 12 * 7 * DAY))
		const finished = await getPod(members[0]!.member, pod.id, new Date(now.getTime() + 12 * 7 * DAY))
		expect(finished).toMatchObject({
			state: 'finished',
			canWrite: false,
			summary: { weeks: 12, checkInRate: 6, commitmentsKept: 1, commitmentsReported: 2, certificates: 0 },
		})
		await expect(
			postCheckIn(members[2]!.member, pod.id, checkIn(), new Date(now.getTime() + 12 * 7 * DAY)),
		).rejects.toMatchObject({ status: 403 })
		const page = textOf(await (await browserOf(server.url, members[0]!).get(`/pods/${pod.id}`)).text())
		expect(page).toContain('How your pod did')
		expect(await UserModel.exists({ id: members[0]!.id })).toBeTruthy()
	})
})
