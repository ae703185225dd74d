import { describe, expect, it } from 'vitest'
import { NotificationModel, PodMemberModel, PodModel } from '#models/index'
import { offsetMinutes } from '~/lib/pods'
import { joinPodQueue, leavePodQueue, matchPods, podQueueState } from '~/services/pods/matching.server'
import { leavePod } from '~/services/pods/pods.server'
import { useSeededTestServer } from '../setup/seeded-server'
import { learner } from './program-helpers'
import { activePodsOf, block, podProgram, queue, startedMembers, waitingIn } from './pod-helpers'

/**
 * Issue 29, peer pods: joining the queue and the matching job (product §2
 * "Peer pods", decision 210). The job is called as a runner would, with the
 * clock given; two runners are two calls at once with different run ids.
 */
const server = useSeededTestServer()
const DAY = 86_400_000
const MONDAY = 1
const NEW_YORK = { timeZone: 'America/New_York', checkInDay: MONDAY }

describe('joining the queue', () => {
	it('needs Premium and a started program; joining twice keeps one place; the state says who is waiting nearby', async () => {
		const program = await podProgram()
		const { member: free } = await learner(server.url, { premium: false })
		await expect(joinPodQueue(free, program.id, NEW_YORK)).rejects.toMatchObject({ status: 403 })
		const { member: unstarted } = await learner(server.url)
		await expect(joinPodQueue(unstarted, program.id, NEW_YORK)).rejects.toMatchObject({ status: 409 })
		const [first, second, far] = await startedMembers(program.id, 3)
		await expect(
			joinPodQueue(first!.member, program.id, { timeZone: 'Mars/Olympus', checkInDay: 1 }),
		).rejects.toMatchObject({ status: 400, field: 'timeZone' })
		await expect(joinPodQueue(first!.member, program.id, { timeZone: 'UTC', checkInDay: 8 })).rejects.toMatchObject({
			status: 400,
		})
		await joinPodQueue(first!.member, program.id, NEW_YORK)
		await joinPodQueue(first!.member, program.id, { ...NEW_YORK, checkInDay: 3 })
		await joinPodQueue(second!.member, program.id, { timeZone: 'America/Chicago', checkInDay: MONDAY })
		await joinPodQueue(far!.member, program.id, { timeZone: 'Asia/Tokyo', checkInDay: MONDAY })
		expect(await waitingIn(program.id)).toHaveLength(3)
		expect(await podQueueState(first!.member, program.id)).toMatchObject({
			state: 'waiting',
			waitingNearby: 1,
			checkInDay: 3,
		})
		expect(await leavePodQueue(far!.member, program.id)).toMatchObject({ state: 'none' })
		expect(await waitingIn(program.id)).toHaveLength(2)
	})
})

describe('the matching job', () => {
	it('the same queue gives the same pods', async () => {
		const choices = [
			NEW_YORK,
			{ timeZone: 'Europe/London', checkInDay: 2 },
			{ timeZone: 'America/Chicago', checkInDay: MONDAY },
			NEW_YORK,
			{ timeZone: 'Europe/Paris', checkInDay: 2 },
			{ timeZone: 'America/Denver', checkInDay: 3 },
			NEW_YORK,
			{ timeZone: 'Europe/Berlin', checkInDay: 2 },
			{ timeZone: 'Europe/London', checkInDay: 4 },
			{ timeZone: 'America/Chicago', checkInDay: 3 },
		]
		const now = new Date('2031-05-05T12:00:00Z')
		const shapes: number[][][] = []
		for (let round = 0; round < 2; round++) {
			const program = await podProgram()
			const members = await startedMembers(program.id, choices.length)
			await queue(program.id, members, choices, now)
			await matchPods(now)
			const position = new Map(members.map((member, index) => [member.id, index]))
			shapes.push(
				(await activePodsOf(program.id)).map((pod) =>
					pod.memberIds.map((id) => position.get(id)!).sort((a, b) => a - b),
				),
			)
		}
		expect(shapes[0]!.length).toBe(2)
		expect(shapes[1]).toEqual(shapes[0])
	})

	it('keeps every pod within three hours by UTC offset now, and prefers the same check-in day', async () => {
		const program = await podProgram()
		const now = new Date('2031-01-15T12:00:00Z')
		const zones = [
			'America/New_York',
			'Asia/Tokyo',
			'America/Chicago',
			'Asia/Seoul',
			'America/New_York',
			'Asia/Tokyo',
			'America/Denver',
			'Asia/Tokyo',
			'America/New_York',
		]
		const days = [1, 1, 2, 1, 1, 1, 1, 1, 2]
		const members = await startedMembers(program.id, zones.length)
		await queue(
			program.id,
			members,
			zones.map((timeZone, index) => ({ timeZone, checkInDay: days[index]! })),
			now,
		)
		await matchPods(now)
		const pods = await activePodsOf(program.id)
		expect(pods).toHaveLength(2)
		const zoneOf = new Map(members.map((member, index) => [member.id, zones[index]!]))
		for (const pod of pods) {
			const offsets = pod.memberIds.map((id) => offsetMinutes(zoneOf.get(id)!, now))
			expect(Math.max(...offsets) - Math.min(...offsets)).toBeLessThanOrEqual(180)
		}
		// The Americas' pod of five takes everyone in the band; the pod's day is the most common one.
		const americas = pods.find((pod) => pod.timeZone.startsWith('America'))!
		expect(americas.memberIds).toHaveLength(5)
		expect(americas.checkInDay).toBe(MONDAY)
		expect(americas.timeZone).toBe('America/New_York')
		// Week 1 began on the check-in day on or before the day it formed, in the pod's zone.
		expect(americas.firstWeekDate).toBe('2031-01-13')
		expect(await waitingIn(program.id)).toEqual([])
	})

	it('never places two members together when one has blocked the other', async () => {
		const program = await podProgram()
		const members = await startedMembers(program.id, 5)
		await block(members[1]!.id, members[0]!.id)
		await queue(program.id, members, NEW_YORK)
		await matchPods()
		const [pod] = await activePodsOf(program.id)
		expect(pod!.memberIds).toHaveLength(4)
		expect(pod!.memberIds).toContain(members[0]!.id)
		expect(pod!.memberIds).not.toContain(members[1]!.id)
		expect(await waitingIn(program.id)).toEqual([members[1]!.id])
	})

	it('after seven days forms a pod of three, or places a member in a pod with room', async () => {
		const program = await podProgram()
		const start = new Date('2031-02-02T10:00:00Z')
		const trio = await startedMembers(program.id, 3)
		await queue(program.id, trio, NEW_YORK, start)
		await matchPods(new Date(start.getTime() + 6 * DAY))
		expect(await activePodsOf(program.id)).toEqual([])
		await matchPods(new Date(start.getTime() + 7 * DAY + 1000))
		const [pod] = await activePodsOf(program.id)
		expect(pod!.memberIds).toEqual(trio.map((member) => member.id).sort((a, b) => a - b))
		expect(pod!.size).toBe(3)

		// One more, alone in the band for a week, joins that pod (it has room).
		const [late] = await startedMembers(program.id, 1)
		const joined = new Date(start.getTime() + 8 * DAY)
		await queue(program.id, [late!], { timeZone: 'America/Toronto', checkInDay: 5 }, joined)
		await matchPods(new Date(joined.getTime() + DAY))
		expect((await activePodsOf(program.id))[0]!.memberIds).toHaveLength(3)
		await matchPods(new Date(joined.getTime() + 7 * DAY))
		const [after] = await activePodsOf(program.id)
		expect(after!.memberIds).toContain(late!.id)
		expect(after!.size).toBe(4)
		const told = await NotificationModel.findOne({ recipientId: late!.id, kind: 'pod_formed' }).lean()
		expect(told).toMatchObject({ link: `/pods/${after!.id}` })
		// A member in a pod cannot queue again for the program.
		await expect(joinPodQueue(late!.member, program.id, NEW_YORK)).rejects.toMatchObject({ status: 409 })
		expect(await podQueueState(late!.member, program.id)).toMatchObject({ state: 'matched', podId: after!.id })
	})

	it('two runners at once form no duplicate or overlapping pods', async () => {
		const program = await podProgram()
		const now = new Date('2031-04-01T09:00:00Z')
		const members = await startedMembers(program.id, 17)
		await queue(program.id, members, NEW_YORK, now)
		await Promise.all([matchPods(now, 'runner-a'), matchPods(now, 'runner-b'), matchPods(now, 'runner-c')])
		const pods = await activePodsOf(program.id)
		const placed = pods.flatMap((pod) => pod.memberIds)
		expect(new Set(placed).size).toBe(placed.length)
		for (const pod of pods) {
			expect(pod.memberIds.length).toBeGreaterThanOrEqual(4)
			expect(pod.memberIds.length).toBeLessThanOrEqual(6)
			expect(pod.size).toBe(pod.memberIds.length)
		}
		// No queue is left holding four compatible members.
		expect((await waitingIn(program.id)).length).toBeLessThan(4)
		expect(placed.length + (await waitingIn(program.id)).length).toBe(17)
		const memberships = await PodMemberModel.countDocuments({ programId: program.id, state: 'active' })
		expect(memberships).toBe(placed.length)
	})

	it('merges a pod that fell below three into another pod of the program with room, and tells its members', async () => {
		const program = await podProgram()
		const now = new Date('2031-06-02T09:00:00Z')
		const four = await startedMembers(program.id, 4)
		await queue(program.id, four, NEW_YORK, now)
		await matchPods(now)
		const trio = await startedMembers(program.id, 3)
		// Far from the first pod's zone, so the seven-day fallback forms a pod of three rather than joining it.
		await queue(program.id, trio, { timeZone: 'Asia/Tokyo', checkInDay: MONDAY }, new Date(now.getTime() + DAY))
		await matchPods(new Date(now.getTime() + 9 * DAY))
		const before = await activePodsOf(program.id)
		expect(before.map((pod) => pod.memberIds.length)).toEqual([4, 3])
		const small = before[1]!
		await leavePod(trio[0]!.member, small.id, new Date(now.getTime() + 10 * DAY))
		await leavePod(trio[1]!.member, small.id, new Date(now.getTime() + 10 * DAY))
		await matchPods(new Date(now.getTime() + 10 * DAY))
		const after = await activePodsOf(program.id)
		expect(after).toHaveLength(1)
		expect(after[0]!.memberIds).toContain(trio[2]!.id)
		expect(after[0]!.memberIds).toHaveLength(5)
		expect(await PodModel.findOne({ id: small.id }).lean()).toMatchObject({ state: 'dissolved' })
		expect(await NotificationModel.findOne({ recipientId: trio[2]!.id, kind: 'pod_changed' }).lean()).toMatchObject({
			link: `/pods/${after[0]!.id}`,
		})
	})
})
