import mongoose from 'mongoose'
import { PodMemberModel, PodModel, PodQueueModel, ProgramModel, UserModel, type Pod } from '#models/index'
import { PodMoveSchema } from '~/lib/pod-schemas'
import { ServiceError, notFound } from '~/lib/service-error'
import { runJobSoon } from '~/platform/jobs.server'
import { recordAudit } from '~/services/admin/audit.server'
import { notify } from '~/services/notifications/notifications.server'
import { POD_NOT_FOUND, parsePodInput } from '~/services/pods/access.server'
import { POD_MATCHING_JOB, claimSeats, moveMembers, podMemberIds, releaseSeats } from '~/services/pods/matching.server'
import { checkInRate, currentWeekOf } from '~/services/pods/pods.server'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * The admin's Pods tab and its calls (product §2 "For moderators and
 * admins", docs/decisions/215): pods by program with their state, size,
 * week, check-in rate and last activity, never a word of their check-ins or
 * chat; moving a member to another pod of the program and dissolving a pod,
 * each audited.
 */

export interface AdminPodRow {
	id: number
	name: string
	programId: number
	programTitle: string
	state: Pod['state']
	size: number
	week: number
	checkInRate: number
	lastActivityAt: string
	members: Array<{ id: number; name: string }>
}

export async function listPodsForAdmin(actor: Actor, now = new Date()): Promise<AdminPodRow[]> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const pods = await PodModel.find({ state: mongoose.trusted({ $in: ['active', 'finished'] }) })
		.sort({ programId: 1, id: 1 })
		.lean<Pod[]>()
	const programIds = [...new Set(pods.map((pod) => pod.programId))]
	const [programs, memberships] = await Promise.all([
		ProgramModel.find({ id: mongoose.trusted({ $in: programIds }) })
			.select('id title')
			.lean<Array<{ id: number; title: string }>>(),
		PodMemberModel.find({
			podId: mongoose.trusted({ $in: pods.map((pod) => pod.id) }),
			state: 'active',
			userId: mongoose.trusted({ $ne: null }),
		})
			.select('podId userId')
			.lean<Array<{ podId: number; userId: number }>>(),
	])
	const users = await UserModel.find({ id: mongoose.trusted({ $in: memberships.map((row) => row.userId) }) })
		.select('id name')
		.lean<Array<{ id: number; name: string }>>()
	const names = new Map(users.map((user) => [user.id, user.name]))
	const rows: AdminPodRow[] = []
	for (const pod of pods) {
		rows.push({
			id: pod.id,
			name: pod.name,
			programId: pod.programId,
			programTitle: programs.find((program) => program.id === pod.programId)?.title ?? 'Program',
			state: pod.state,
			size: pod.size,
			week: pod.state === 'finished' ? (pod.summary?.weeks ?? currentWeekOf(pod, now)) : currentWeekOf(pod, now),
			checkInRate: pod.state === 'finished' && pod.summary ? pod.summary.checkInRate : await checkInRate(pod, now),
			lastActivityAt: new Date(pod.lastActivityAt).toISOString(),
			members: memberships
				.filter((row) => row.podId === pod.id)
				.map((row) => ({ id: row.userId, name: names.get(row.userId) ?? 'Member' })),
		})
	}
	return rows
}

async function requirePod(podId: number): Promise<Pod> {
	const pod = await PodModel.findOne({ id: podId }).lean<Pod>()
	if (!pod) throw notFound(POD_NOT_FOUND)
	return pod
}

/** POST /api/admin/pods/{id}/move `{ userId, toPodId }` and the Move dialog. */
export async function moveMemberAsAdmin(actor: Actor, podId: number, input: unknown, now = new Date()) {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const { userId, toPodId } = parsePodInput(PodMoveSchema, input)
	const [from, to] = await Promise.all([requirePod(podId), requirePod(toPodId)])
	if (from.state !== 'active' || to.state !== 'active')
		throw new ServiceError('Both pods must be running to move a member', 409)
	if (from.id === to.id) throw new ServiceError('Choose another pod', 400, 'toPodId')
	if (from.programId !== to.programId) throw new ServiceError('Choose a pod of the same program', 400, 'toPodId')
	if (!(await podMemberIds(from.id)).includes(userId))
		throw new ServiceError('That member is not in this pod', 404, 'userId')
	if (!(await claimSeats(to.id, 1))) throw new ServiceError(`${to.name} is full`, 409, 'toPodId')
	await moveMembers(from.id, to, [userId], now)
	await releaseSeats(from.id, 1)
	const user = await UserModel.findOne({ id: userId }).select('name').lean<{ name: string }>()
	await recordAudit(actor, {
		kind: 'pod.member_moved',
		target: { type: 'pod', id: from.id, label: from.name },
		summary: `Moved ${user?.name ?? 'a member'} from ${from.name} to ${to.name}`,
		before: { podId: from.id },
		after: { podId: to.id },
	})
	await notify(userId, {
		kind: 'pod_changed',
		title: `You are now in ${to.name}`,
		text: `An administrator moved you from ${from.name} to ${to.name}.`,
		link: `/pods/${to.id}`,
	})
	runJobSoon(POD_MATCHING_JOB)
	return { podId: to.id }
}

/** DELETE /api/admin/pods/{id} and the Dissolve dialog: the members are told and queued again with their choices. */
export async function dissolvePodAsAdmin(actor: Actor, podId: number, now = new Date()) {
	assertActorRole(actor, USER_ADMIN_ROLES)
	const pod = await requirePod(podId)
	const claimed = await PodModel.findOneAndUpdate(
		{ id: podId, state: 'active' },
		{ $set: { state: 'dissolved', endedReason: 'Dissolved by an administrator', finishedAt: now, size: 0 } },
	).lean()
	if (!claimed) throw new ServiceError('Only a running pod can be dissolved', 409)
	const members = await PodMemberModel.find({ podId, state: 'active', userId: mongoose.trusted({ $ne: null }) })
		.select('userId timeZone checkInDay')
		.lean<Array<{ userId: number; timeZone: string; checkInDay: number }>>()
	await PodMemberModel.updateMany({ podId, state: 'active' }, { $set: { state: 'removed', leftAt: now } })
	for (const member of members) {
		await PodQueueModel.updateOne(
			{ userId: member.userId, programId: pod.programId },
			{
				$setOnInsert: {
					timeZone: member.timeZone,
					checkInDay: member.checkInDay,
					joinedAt: now,
					state: 'waiting',
					claimRun: null,
					claimedAt: null,
				},
			},
			{ upsert: true },
		)
	}
	await recordAudit(actor, {
		kind: 'pod.dissolved',
		target: { type: 'pod', id: pod.id, label: pod.name },
		summary: `Dissolved ${pod.name} (${members.length} members queued again)`,
		before: { state: 'active', size: pod.size },
		after: { state: 'dissolved' },
	})
	await notify(
		members.map((member) => member.userId),
		{
			kind: 'pod_changed',
			title: `${pod.name} was dissolved`,
			text: 'You are back in the queue for a new pod of the program; we will tell you when it forms.',
			link: `/programs/${pod.programId}`,
		},
	)
	runJobSoon(POD_MATCHING_JOB)
	return { success: true }
}
