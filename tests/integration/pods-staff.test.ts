import { describe, expect, it } from 'vitest'
import { AuditEntryModel, NotificationModel, PodCheckInModel, PodModel, PodQueueModel } from '#models/index'
import { sendCommunityMessage } from '~/services/chat/messages.server'
import { postCheckIn } from '~/services/pods/pods.server'
import { logIn } from '../setup/log-in'
import { textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { activePodsOf, browserOf, formedPod, queue, startedMembers } from './pod-helpers'
import { matchPods } from '~/services/pods/matching.server'

/**
 * Issue 29, peer pods for moderators and admins (product §2, decisions
 * 215-217): the admin's Pods tab shows figures and never a pod's words; its
 * two actions are audited; a pod's words reach a moderator only through a
 * report; Insights compares members in pods with members going alone.
 */
const server = useSeededTestServer()
const words = { outcome: 'done' as const, note: 'PRIVATE-NOTE', commitment: 'PRIVATE-COMMITMENT' }

describe('the Pods tab', () => {
	it('lists pods with their figures, never their words; admins only', async () => {
		const { members, pod } = await formedPod(4)
		await postCheckIn(members[0]!.member, pod.id, words)
		await sendCommunityMessage(
			{ ...members[0]!.member, name: members[0]!.name },
			{
				communityId: pod.roomId,
				content: 'PRIVATE-CHAT',
			},
		)
		const admin = await logIn(server.url, 'admin')
		const listed = await admin.get('/api/admin/pods')
		expect(listed.status).toBe(200)
		const body = await listed.text()
		const row = (JSON.parse(body) as Array<{ id: number; size: number; checkInRate: number; week: number }>).find(
			(entry) => entry.id === pod.id,
		)
		expect(row).toMatchObject({ size: 4, checkInRate: 25, week: 1 })
		const page = await (await admin.get('/admin?tab=pods')).text()
		expect(textOf(page)).toContain(pod.name)
		for (const text of [body, page]) {
			expect(text).not.toContain('PRIVATE-NOTE')
			expect(text).not.toContain('PRIVATE-COMMITMENT')
			expect(text).not.toContain('PRIVATE-CHAT')
		}
		const moderator = await logIn(server.url, 'moderator')
		expect((await moderator.get('/api/admin/pods')).status).toBe(403)
		expect((await browserOf(server.url, members[0]!).get('/api/admin/pods')).status).toBe(403)
	})

	it('moves a member to another pod of the program, and dissolves a pod: each audited, the members told', async () => {
		const now = new Date()
		const { program, members, pod } = await formedPod(4, { now })
		const others = await startedMembers(program.id, 4)
		await queue(program.id, others, { timeZone: 'America/New_York', checkInDay: 1 }, now)
		await matchPods(now)
		const target = (await activePodsOf(program.id)).find((row) => row.id !== pod.id)!
		const admin = await logIn(server.url, 'admin')

		// Without JavaScript: the dialog's form.
		const moved = await admin.submitForm(`/admin/pods/${pod.id}/move`, {
			intent: 'move-pod-member',
			userId: String(members[0]!.id),
			toPodId: String(target.id),
		})
		expect(moved.status).toBe(302)
		const after = await activePodsOf(program.id)
		expect(after.find((row) => row.id === target.id)!.memberIds).toContain(members[0]!.id)
		expect(after.find((row) => row.id === pod.id)!.size).toBe(3)
		expect(await AuditEntryModel.findOne({ kind: 'pod.member_moved', targetId: pod.id }).lean()).toBeTruthy()
		expect(
			(await admin.json('POST', `/api/admin/pods/${pod.id}/move`, { userId: members[1]!.id, toPodId: 999999 })).status,
		).toBe(404)

		const dissolved = await admin.request(`/api/admin/pods/${pod.id}`, { method: 'DELETE' })
		expect(dissolved.status).toBe(200)
		expect(await PodModel.findOne({ id: pod.id }).lean()).toMatchObject({ state: 'dissolved' })
		expect(await PodQueueModel.countDocuments({ programId: program.id })).toBe(3)
		expect(await NotificationModel.findOne({ recipientId: members[1]!.id, kind: 'pod_changed' }).lean()).toBeTruthy()
		expect(await AuditEntryModel.findOne({ kind: 'pod.dissolved', targetId: pod.id }).lean()).toBeTruthy()
		expect((await admin.request(`/api/admin/pods/${pod.id}`, { method: 'DELETE' })).status).toBe(409)
		expect((await browserOf(server.url, members[1]!).get(`/pods/${pod.id}`)).status).toBe(404)
	})
})

describe('reports: the only way a moderator reads a pod’s words', () => {
	it('members report a check-in or a pod message; the moderator reads it in the queue and removes it; outsiders cannot', async () => {
		const { members, pod } = await formedPod(4)
		const [author, reporter] = members
		const outsider = (await formedPod(4)).members[0]!
		const checkIn = await postCheckIn(author!.member, pod.id, words)
		await postCheckIn(reporter!.member, pod.id, { ...words, note: '' })
		const message = await sendCommunityMessage(
			{ ...author!.member, name: author!.name },
			{
				communityId: pod.roomId,
				content: 'REPORTED-POD-MESSAGE',
			},
		)

		const stranger = browserOf(server.url, outsider)
		expect((await stranger.json('POST', '/api/reports', { checkInId: checkIn.id, reason: 'spam' })).status).toBe(404)
		expect((await stranger.json('POST', '/api/reports', { messageId: message.id, reason: 'spam' })).status).toBe(404)
		expect((await stranger.get(`/pods/${pod.id}/check-ins/${checkIn.id}/report`)).status).toBe(404)

		const browser = browserOf(server.url, reporter!)
		const reported = await browser.submitForm(`/pods/${pod.id}/check-ins/${checkIn.id}/report`, {
			intent: 'report',
			reason: 'harassment',
			details: '',
		})
		expect(reported.status).toBe(302)
		expect((await browser.json('POST', '/api/reports', { messageId: message.id, reason: 'spam' })).status).toBe(201)

		const moderator = await logIn(server.url, 'moderator')
		const queue = (await (await moderator.get('/api/reports')).json()) as {
			reports: Array<{ id: number; target: string; message: { content: string } }>
		}
		const ofCheckIn = queue.reports.find((report) => report.target === 'checkin')!
		expect(ofCheckIn.message.content).toContain('PRIVATE-COMMITMENT')
		expect(queue.reports.some((report) => report.message.content === 'REPORTED-POD-MESSAGE')).toBe(true)
		// Without a report, the moderator reads nothing of the pod.
		expect((await moderator.get(`/pods/${pod.id}`)).status).toBe(404)
		expect((await moderator.request(`/api/messages/${message.id}`, { method: 'DELETE' })).status).toBe(404)

		const resolved = await moderator.json('POST', `/api/reports/${ofCheckIn.id}/resolve`, { action: 'delete' })
		expect(resolved.status).toBe(200)
		expect(await PodCheckInModel.exists({ id: checkIn.id })).toBeNull()
		expect(await AuditEntryModel.findOne({ kind: 'check_in.removed', targetId: checkIn.id }).lean()).toBeTruthy()
	})
})

describe('Insights', () => {
	it('compares members in pods with members going alone: completion rate and median days, a chart and a table', async () => {
		const admin = await logIn(server.url, 'admin')
		const insights = (await (await admin.get('/api/admin/insights')).json()) as {
			programs: { pods: { inPods: { enrolments: number }; alone: { enrolments: number } } }
		}
		expect(insights.programs.pods.inPods.enrolments).toBeGreaterThan(0)
		expect(insights.programs.pods.alone).toHaveProperty('medianDaysToComplete')
		const page = textOf(await (await admin.get('/admin?tab=insights')).text())
		expect(page).toContain('Completion rate: in a peer pod and alone')
		expect(page).toContain('Peer pods and going alone')
	})
})
