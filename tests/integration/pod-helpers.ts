import { BlockModel, PodMemberModel, PodModel, PodQueueModel, UserModel, type Pod } from '#models/index'
import { enrol } from '~/services/learning/program-learning.server'
import { joinPodQueue, matchPods } from '~/services/pods/matching.server'
import { TestClient } from '../setup/http-client'
import { createMembersWithSessions, type SessionMember } from '../setup/direct-sessions'
import { TEST_SESSION_SECRET } from '../setup/test-server'
import { makeProgram, reading, type MadeProgram } from './program-helpers'

/** Shared by the pods' tests: a program, members who started it, and their places in its queue. */

export type PodTestMember = SessionMember & { member: { id: number; role: 'member'; subscriptionStatus: string } }

export async function podProgram(): Promise<MadeProgram> {
	return makeProgram([
		{ unlock: { kind: 'immediately' }, items: [reading('First reading'), reading('Second reading')] },
		{ unlock: { kind: 'immediately' }, items: [reading('Third reading')] },
	])
}

/** `count` Premium members (accounts and sessions written directly) who started `programId`. */
export async function startedMembers(programId: number, count: number, label = 'podder'): Promise<PodTestMember[]> {
	const members = await createMembersWithSessions(count, { sessionSecret: TEST_SESSION_SECRET, label })
	const shaped = members.map((member) => ({
		...member,
		member: { id: member.id, role: 'member' as const, subscriptionStatus: 'active' },
	}))
	for (const { member } of shaped) await enrol(member, programId)
	return shaped
}

/** Puts members in the queue one after another (a millisecond apart, so the waiting order is theirs). */
export async function queue(
	programId: number,
	members: PodTestMember[],
	choice: { timeZone: string; checkInDay: number } | Array<{ timeZone: string; checkInDay: number }>,
	start = new Date(),
): Promise<void> {
	for (const [index, { member }] of members.entries()) {
		const chosen = Array.isArray(choice) ? choice[index]! : choice
		await joinPodQueue(member, programId, chosen, new Date(start.getTime() + index))
	}
}

export async function activePodsOf(programId: number): Promise<Array<Pod & { memberIds: number[] }>> {
	const pods = await PodModel.find({ programId, state: 'active' }).sort({ id: 1 }).lean<Pod[]>()
	return Promise.all(
		pods.map(async (pod) => ({
			...pod,
			memberIds: (
				await PodMemberModel.find({ podId: pod.id, state: 'active' })
					.sort({ userId: 1 })
					.lean<Array<{ userId: number }>>()
			).map((row) => row.userId),
		})),
	)
}

export async function waitingIn(programId: number): Promise<number[]> {
	return (await PodQueueModel.find({ programId }).sort({ joinedAt: 1 }).lean<Array<{ userId: number }>>()).map(
		(row) => row.userId,
	)
}

export async function block(blockerId: number, blockedId: number) {
	await BlockModel.create({ blockerId, blockedId, createdAt: new Date() })
}

export async function setPremium(userId: number, premium: boolean) {
	await UserModel.updateOne({ id: userId }, { $set: { subscriptionStatus: premium ? 'active' : 'inactive' } })
}

/** A browser with the member's session. */
export const browserOf = (serverUrl: string, member: { cookie: string }) =>
	new TestClient(serverUrl).withCookie(member.cookie)

/** A running pod of `size` members of a new program, formed at `now` with the given zone and check-in day. */
export async function formedPod(
	size: number,
	{
		now = new Date(),
		timeZone = 'America/New_York',
		checkInDay = 1,
	}: { now?: Date; timeZone?: string; checkInDay?: number } = {},
) {
	const program = await podProgram()
	const members = await startedMembers(program.id, size)
	await queue(program.id, members, { timeZone, checkInDay }, now)
	await matchPods(now)
	const [pod] = await activePodsOf(program.id)
	if (!pod) throw new Error('No pod formed')
	return { program, members, pod }
}
