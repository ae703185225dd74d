import { randomUUID } from 'node:crypto'
import mongoose from 'mongoose'
import {
	BlockModel,
	CommunityModel,
	PodMemberModel,
	PodModel,
	PodQueueModel,
	ProgramEnrolmentModel,
	ProgramModel,
	nextId,
	type Pod,
	type PodQueueEntry,
} from '#models/index'
import {
	POD_BAND_MINUTES,
	POD_FALLBACK_DAYS,
	POD_FALLBACK_SIZE,
	POD_MAX_SIZE,
	POD_MIN_SIZE,
	lastWeekdayOnOrBefore,
	localDate,
	offsetMinutes,
} from '~/lib/pods'
import { JoinPodQueueSchema } from '~/lib/pod-schemas'
import { ServiceError, notFound } from '~/lib/service-error'
import { isPremium } from '~/lib/subscription'
import { runJobSoon, type Job } from '~/platform/jobs.server'
import { findProgram } from '~/services/learning/programs.server'
import { notify } from '~/services/notifications/notifications.server'
import { parsePodInput } from '~/services/pods/access.server'

/**
 * Joining a pod and the matching job (product §2 "Peer pods: joining and
 * matching", docs/decisions/210). A member waits in a program's queue; the
 * job forms pods of four to six from the members waiting whose UTC offsets
 * now lie within three hours, preferring the same check-in day, longest
 * waiting first. Members are claimed one at a time with an atomic update
 * before a pod is formed from them, so two runs at once (two processes)
 * never place one member twice: the embedded database has neither
 * transactions nor unique indexes to lean on.
 */

export const POD_MATCHING_JOB = 'pod-matching'
export const PROGRAM_NOT_FOUND = 'Program not found'
export const PODS_PREMIUM = 'Peer pods are part of Premium. Upgrade to join a pod.'
export const START_FIRST = 'Start the program first: a pod goes through it together.'
export const ALREADY_IN_POD = 'You are already in a pod for this program.'

/** A claim left by a run that died is released after this long (well past the job's lock). */
const STALE_CLAIM_MS = 10 * 60_000
const DAY_MS = 86_400_000

export interface QueueMember {
	id: number
	subscriptionStatus?: string | null
}

export interface PodQueueState {
	state: 'none' | 'waiting' | 'matched'
	podId: number | null
	/** Other members waiting for this program whose time zones fall within three hours of the caller's. */
	waitingNearby: number
	/** What the caller chose, while waiting. */
	timeZone: string | null
	checkInDay: number | null
	joinedAt: string | null
}

async function requirePublishedProgram(programId: number) {
	// The program's page has just read it for its outline: the same read (decision 251).
	const program = await findProgram(programId)
	if (!program?.published) throw notFound(PROGRAM_NOT_FOUND)
	return program
}

/** The member's running pod of the program, if any: a finished pod leaves them free to join another. */
async function activePodOf(userId: number, programId: number): Promise<number | null> {
	const memberships = await PodMemberModel.find({ userId, programId, state: 'active' })
		.select('podId')
		.lean<Array<{ podId: number }>>()
	if (memberships.length === 0) return null
	const running = await PodModel.findOne({
		id: mongoose.trusted({ $in: memberships.map((row) => row.podId) }),
		state: 'active',
	})
		.select('id')
		.lean<{ id: number }>()
	return running?.id ?? null
}

/** GET /api/programs/{id}/pod-queue and the program page's pod panel. */
export async function podQueueState(member: QueueMember, programId: number, now = new Date()): Promise<PodQueueState> {
	await requirePublishedProgram(programId)
	const podId = await activePodOf(member.id, programId)
	if (podId !== null)
		return { state: 'matched', podId, waitingNearby: 0, timeZone: null, checkInDay: null, joinedAt: null }
	const entry = await PodQueueModel.findOne({ userId: member.id, programId }).lean<PodQueueEntry>()
	if (!entry) return { state: 'none', podId: null, waitingNearby: 0, timeZone: null, checkInDay: null, joinedAt: null }
	const others = await PodQueueModel.find({ programId, userId: mongoose.trusted({ $ne: member.id }) })
		.select('timeZone')
		.lean<Array<{ timeZone: string }>>()
	const mine = offsetMinutes(entry.timeZone, now)
	return {
		state: 'waiting',
		podId: null,
		waitingNearby: others.filter((other) => Math.abs(offsetMinutes(other.timeZone, now) - mine) <= POD_BAND_MINUTES)
			.length,
		timeZone: entry.timeZone,
		checkInDay: entry.checkInDay,
		joinedAt: new Date(entry.joinedAt).toISOString(),
	}
}

/**
 * POST /api/programs/{id}/pod-queue and "Join a pod": a Premium member who
 * has started the program waits for a pod; joining again changes their
 * choices and keeps their place. Kicks the matching job.
 */
export async function joinPodQueue(
	member: QueueMember,
	programId: number,
	input: unknown,
	now = new Date(),
): Promise<PodQueueState> {
	const choice = parsePodInput(JoinPodQueueSchema, input)
	await requirePublishedProgram(programId)
	if (!isPremium(member)) throw new ServiceError(PODS_PREMIUM, 403)
	if (!(await ProgramEnrolmentModel.exists({ userId: member.id, programId }))) throw new ServiceError(START_FIRST, 409)
	if ((await activePodOf(member.id, programId)) !== null) throw new ServiceError(ALREADY_IN_POD, 409)
	// One atomic upsert: joining twice at once leaves one place in the queue (docs/decisions/136).
	await PodQueueModel.updateOne(
		{ userId: member.id, programId },
		{
			$set: { timeZone: choice.timeZone, checkInDay: choice.checkInDay },
			$setOnInsert: { joinedAt: now, state: 'waiting', claimRun: null, claimedAt: null },
		},
		{ upsert: true },
	)
	runJobSoon(POD_MATCHING_JOB)
	return podQueueState(member, programId, now)
}

/** DELETE /api/programs/{id}/pod-queue and "Leave the queue": idempotent. A member being placed right now stays placed. */
export async function leavePodQueue(member: QueueMember, programId: number, now = new Date()): Promise<PodQueueState> {
	await requirePublishedProgram(programId)
	await PodQueueModel.deleteOne({ userId: member.id, programId, state: 'waiting' })
	return podQueueState(member, programId, now)
}

// ---------------------------------------------------------------------------
// Planning: pure, so the same queue always gives the same pods
// ---------------------------------------------------------------------------

export interface Candidate {
	userId: number
	offset: number
	checkInDay: number
	joinedAt: number
}

export type Blocked = (a: number, b: number) => boolean

/** How many of `n` compatible members one pod takes, so that what is left can still form a pod when it can. */
function groupTarget(n: number): number {
	if (n <= 7) return Math.min(n, POD_MAX_SIZE)
	if (n <= POD_MIN_SIZE + POD_MAX_SIZE) return n - POD_MIN_SIZE
	return POD_MAX_SIZE
}

/**
 * The largest pod `seed` can be in among `pool`: every window of three hours
 * holding the seed is tried; in each, members join in order (the seed's
 * check-in day first, then the longest waiting) unless a block stands
 * between them and someone already in. At least `minimum` members, or null.
 */
export function groupFor(seed: Candidate, pool: Candidate[], blocked: Blocked, minimum: number): Candidate[] | null {
	const starts = [...new Set(pool.map((c) => c.offset))]
		.filter((offset) => offset <= seed.offset && offset >= seed.offset - POD_BAND_MINUTES)
		.sort((a, b) => a - b)
	let best: Candidate[] | null = null
	for (const start of starts) {
		const inWindow = pool.filter(
			(c) => c.userId !== seed.userId && c.offset >= start && c.offset <= start + POD_BAND_MINUTES,
		)
		const ordered = [
			...inWindow.filter((c) => c.checkInDay === seed.checkInDay),
			...inWindow.filter((c) => c.checkInDay !== seed.checkInDay),
		]
		const compatible = [seed]
		for (const candidate of ordered) {
			if (compatible.every((member) => !blocked(member.userId, candidate.userId))) compatible.push(candidate)
		}
		if (compatible.length < minimum) continue
		const group = compatible.slice(0, Math.max(minimum, groupTarget(compatible.length)))
		if (!best || group.length > best.length) best = group
	}
	return best
}

/**
 * The pods a queue forms (product: "forms pods of 4–6 … longest waiting
 * first"): the longest-waiting member who can be in a pod of four is placed
 * in the largest one they can, and so on until no pod of four can be formed.
 * `queue` must be in waiting order (joinedAt, then user id).
 */
export function planPods(queue: Candidate[], blocked: Blocked): Candidate[][] {
	let remaining = [...queue]
	const pods: Candidate[][] = []
	for (;;) {
		let group: Candidate[] | null = null
		for (const seed of remaining) {
			group = groupFor(seed, remaining, blocked, POD_MIN_SIZE)
			if (group) break
		}
		if (!group) return pods
		const placed = new Set(group.map((member) => member.userId))
		pods.push(group)
		remaining = remaining.filter((member) => !placed.has(member.userId))
	}
}

// ---------------------------------------------------------------------------
// Forming pods: claims first, then writes
// ---------------------------------------------------------------------------

/** Claims the queue entries of `userIds` for this run, one by one; on the first refusal gives back what it took. */
async function claimEntries(programId: number, userIds: number[], runId: string, now: Date): Promise<boolean> {
	const taken: number[] = []
	for (const userId of userIds) {
		const claimed = await PodQueueModel.findOneAndUpdate(
			{ userId, programId, state: 'waiting' },
			{ $set: { state: 'claimed', claimRun: runId, claimedAt: now } },
		).lean()
		if (!claimed) {
			await releaseEntries(programId, taken, runId)
			return false
		}
		taken.push(userId)
	}
	return true
}

async function releaseEntries(programId: number, userIds: number[], runId: string) {
	if (userIds.length === 0) return
	await PodQueueModel.updateMany(
		{ programId, userId: mongoose.trusted({ $in: userIds }), claimRun: runId },
		{ $set: { state: 'waiting', claimRun: null, claimedAt: null } },
	)
}

function mostCommon<T>(values: T[]): T {
	const counts = new Map<T, number>()
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
	// Ties go to the value seen first: the longest-waiting member's.
	return [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0]
}

async function addMembers(pod: Pick<Pod, 'id' | 'programId'>, entries: PodQueueEntry[], now: Date) {
	await PodMemberModel.insertMany(
		entries.map((entry) => ({
			podId: pod.id,
			programId: pod.programId,
			userId: entry.userId,
			state: 'active',
			joinedAt: now,
			leftAt: null,
			timeZone: entry.timeZone,
			checkInDay: entry.checkInDay,
			lapsedAt: null,
			reminders: [],
		})),
	)
}

/** Forms a pod of the claimed entries (in waiting order): the pod, its chat room, its members; the queue entries go. */
async function formPod(programId: number, entries: PodQueueEntry[], runId: string, now: Date): Promise<Pod> {
	const id = await nextId('pods')
	const timeZone = mostCommon(entries.map((entry) => entry.timeZone))
	const checkInDay = mostCommon(entries.map((entry) => entry.checkInDay))
	const name = `Pod ${id}`
	const roomId = await nextId('communities')
	await CommunityModel.create({
		id: roomId,
		name,
		description: null,
		icon: null,
		createdAt: now,
		// No member's: the room is the pod's, made by the matching job.
		createdBy: 0,
		podId: id,
	})
	const pod = (
		await PodModel.create({
			id,
			programId,
			name,
			state: 'active',
			timeZone,
			checkInDay,
			firstWeekDate: lastWeekdayOnOrBefore(localDate(now, timeZone), checkInDay),
			size: entries.length,
			roomId,
			createdAt: now,
			lastActivityAt: now,
			finishedAt: null,
			summary: null,
			endedReason: null,
		})
	).toObject()
	await addMembers(pod, entries, now)
	await PodQueueModel.deleteMany({
		programId,
		claimRun: runId,
		userId: mongoose.trusted({ $in: entries.map((entry) => entry.userId) }),
	})
	return pod
}

/** Takes `count` seats of an active pod at once, never past six; false when they are not there. */
export async function claimSeats(podId: number, count: number): Promise<boolean> {
	const pod = await PodModel.findOneAndUpdate(
		{ id: podId, state: 'active', size: mongoose.trusted({ $lte: POD_MAX_SIZE - count }) },
		{ $inc: { size: count } },
	).lean()
	return pod !== null
}

export async function releaseSeats(podId: number, count: number): Promise<void> {
	await PodModel.updateOne({ id: podId }, { $inc: { size: -count } })
}

async function tellFormed(pod: Pod, userIds: number[], programTitle: string, joined: boolean) {
	await notify(userIds, {
		kind: 'pod_formed',
		title: joined ? `You joined ${pod.name}` : `Your pod is ready: ${pod.name}`,
		text: `${programTitle}: meet your pod, and post your first check-in.`,
		link: `/pods/${pod.id}`,
	})
}

async function blockedAmong(userIds: number[]): Promise<Blocked> {
	const blocks = userIds.length
		? await BlockModel.find({
				blockerId: mongoose.trusted({ $in: userIds }),
				blockedId: mongoose.trusted({ $in: userIds }),
			})
				.select('blockerId blockedId')
				.lean<Array<{ blockerId: number; blockedId: number }>>()
		: []
	const pairs = new Set(
		blocks.flatMap((block) => [`${block.blockerId}:${block.blockedId}`, `${block.blockedId}:${block.blockerId}`]),
	)
	return (a, b) => pairs.has(`${a}:${b}`)
}

function candidatesOf(entries: PodQueueEntry[], now: Date): Candidate[] {
	return entries.map((entry) => ({
		userId: entry.userId,
		offset: offsetMinutes(entry.timeZone, now),
		checkInDay: entry.checkInDay,
		joinedAt: new Date(entry.joinedAt).getTime(),
	}))
}

async function waitingEntries(programId: number): Promise<PodQueueEntry[]> {
	return PodQueueModel.find({ programId, state: 'waiting' }).sort({ joinedAt: 1, userId: 1 }).lean<PodQueueEntry[]>()
}

export interface MatchingOutcome {
	formed: number[]
	joined: number
	merged: number[]
}

/** Forms every pod of four or more the queue holds; re-reads the queue after a claim lost to another run. */
async function formFullPods(programId: number, title: string, runId: string, now: Date, outcome: MatchingOutcome) {
	for (let attempt = 0; attempt < 20; attempt++) {
		const entries = await waitingEntries(programId)
		const blocked = await blockedAmong(entries.map((entry) => entry.userId))
		const plan = planPods(candidatesOf(entries, now), blocked)
		if (plan.length === 0) return
		let lost = false
		for (const group of plan) {
			const userIds = group.map((member) => member.userId)
			if (!(await claimEntries(programId, userIds, runId, now))) {
				lost = true
				continue
			}
			const claimed = userIds.map((userId) => entries.find((entry) => entry.userId === userId)!)
			const pod = await formPod(programId, claimed, runId, now)
			outcome.formed.push(pod.id)
			await tellFormed(pod, userIds, title, false)
		}
		if (!lost) return
	}
}

/**
 * The seven-day fallback (docs/decisions/210): a member who has waited a
 * week joins an active pod of the program with room whose time zone is in
 * their band and where nobody blocked anyone; failing that, a pod of three
 * with two compatible members waiting.
 */
async function placeLongWaiting(programId: number, title: string, runId: string, now: Date, outcome: MatchingOutcome) {
	const cutoff = now.getTime() - POD_FALLBACK_DAYS * DAY_MS
	for (const entry of await waitingEntries(programId)) {
		if (new Date(entry.joinedAt).getTime() > cutoff) continue
		if (!(await PodQueueModel.exists({ userId: entry.userId, programId, state: 'waiting' }))) continue
		const offset = offsetMinutes(entry.timeZone, now)
		const pods = await PodModel.find({ programId, state: 'active', size: mongoose.trusted({ $lt: POD_MAX_SIZE }) })
			.sort({ id: 1 })
			.lean<Pod[]>()
		const near = pods
			.map((pod) => ({ pod, distance: Math.abs(offsetMinutes(pod.timeZone, now) - offset) }))
			.filter((row) => row.distance <= POD_BAND_MINUTES)
			.sort((a, b) => a.distance - b.distance || a.pod.id - b.pod.id)
		let placed = false
		for (const { pod } of near) {
			const members = await podMemberIds(pod.id)
			const blocked = await blockedAmong([...members, entry.userId])
			if (members.some((id) => blocked(id, entry.userId))) continue
			if (!(await claimEntries(programId, [entry.userId], runId, now))) break
			if (!(await claimSeats(pod.id, 1))) {
				await releaseEntries(programId, [entry.userId], runId)
				continue
			}
			await addMembers(pod, [entry], now)
			await PodQueueModel.deleteOne({ userId: entry.userId, programId, claimRun: runId })
			outcome.joined++
			await tellFormed(pod, [entry.userId], title, true)
			placed = true
			break
		}
		if (placed) continue
		const waiting = await waitingEntries(programId)
		const blocked = await blockedAmong(waiting.map((row) => row.userId))
		const candidates = candidatesOf(waiting, now)
		const seed = candidates.find((candidate) => candidate.userId === entry.userId)
		if (!seed) continue
		const group = groupFor(seed, candidates, blocked, POD_FALLBACK_SIZE)
		if (!group) continue
		const trio = group.slice(0, POD_FALLBACK_SIZE)
		const userIds = trio.map((member) => member.userId)
		if (!(await claimEntries(programId, userIds, runId, now))) continue
		const pod = await formPod(
			programId,
			userIds.map((userId) => waiting.find((row) => row.userId === userId)!),
			runId,
			now,
		)
		outcome.formed.push(pod.id)
		await tellFormed(pod, userIds, title, false)
	}
}

export async function podMemberIds(podId: number): Promise<number[]> {
	const rows = await PodMemberModel.find({ podId, state: 'active', userId: mongoose.trusted({ $ne: null }) })
		.select('userId')
		.lean<Array<{ userId: number }>>()
	return rows.map((row) => row.userId)
}

/**
 * Merges a pod that fell below three into another active pod of its program
 * with room for all of them, nearest in time zone, with no block between
 * the two groups; the small pod is claimed first (active → dissolved), so
 * two runs never merge it twice.
 */
async function mergeSmallPods(programId: number, now: Date, outcome: MatchingOutcome) {
	const pods = await PodModel.find({ programId, state: 'active' }).sort({ id: 1 }).lean<Pod[]>()
	for (const small of pods.filter((pod) => pod.size < POD_FALLBACK_SIZE)) {
		const members = await podMemberIds(small.id)
		const targets = pods
			.filter(
				(pod) => pod.id !== small.id && pod.size >= POD_FALLBACK_SIZE && pod.size + members.length <= POD_MAX_SIZE,
			)
			.map((pod) => ({
				pod,
				distance: Math.abs(offsetMinutes(pod.timeZone, now) - offsetMinutes(small.timeZone, now)),
			}))
			.sort((a, b) => a.distance - b.distance || a.pod.id - b.pod.id)
		for (const { pod: target } of targets) {
			const theirs = await podMemberIds(target.id)
			const blocked = await blockedAmong([...members, ...theirs])
			if (members.some((mine) => theirs.some((other) => blocked(mine, other)))) continue
			const claimed = await PodModel.findOneAndUpdate(
				{ id: small.id, state: 'active', size: mongoose.trusted({ $lt: POD_FALLBACK_SIZE }) },
				{ $set: { state: 'dissolved', endedReason: `Merged into ${target.name}`, finishedAt: now } },
			).lean()
			if (!claimed) break
			if (!(await claimSeats(target.id, members.length))) {
				await PodModel.updateOne({ id: small.id }, { $set: { state: 'active', endedReason: null, finishedAt: null } })
				continue
			}
			await moveMembers(small.id, target, members, now)
			outcome.merged.push(small.id)
			await notify(members, {
				kind: 'pod_changed',
				title: `${small.name} joined ${target.name}`,
				text: `Your pod had fewer than three members, so you now go on with ${target.name}.`,
				link: `/pods/${target.id}`,
			})
			break
		}
	}
}

/** Moves members' active places from one pod to another (the seats of `to` already claimed). */
export async function moveMembers(fromPodId: number, to: Pick<Pod, 'id' | 'programId'>, userIds: number[], now: Date) {
	if (userIds.length === 0) return
	const rows = await PodMemberModel.find({
		podId: fromPodId,
		state: 'active',
		userId: mongoose.trusted({ $in: userIds }),
	}).lean<Array<{ userId: number; timeZone: string; checkInDay: number }>>()
	await PodMemberModel.updateMany(
		{ podId: fromPodId, state: 'active', userId: mongoose.trusted({ $in: userIds }) },
		{ $set: { state: 'moved', leftAt: now } },
	)
	await PodMemberModel.insertMany(
		rows.map((row) => ({
			podId: to.id,
			programId: to.programId,
			userId: row.userId,
			state: 'active',
			joinedAt: now,
			leftAt: null,
			timeZone: row.timeZone,
			checkInDay: row.checkInDay,
			lapsedAt: null,
			reminders: [],
		})),
	)
}

/**
 * One matching run over every program with members waiting or small pods:
 * full pods first, then the seven-day fallback, then merging. Safe to run
 * twice at once (every placement is claimed); the job's lease makes it rare.
 */
export async function matchPods(now = new Date(), runId: string = randomUUID()): Promise<MatchingOutcome> {
	await PodQueueModel.updateMany(
		{ state: 'claimed', claimedAt: mongoose.trusted({ $lt: new Date(now.getTime() - STALE_CLAIM_MS) }) },
		{ $set: { state: 'waiting', claimRun: null, claimedAt: null } },
	)
	const [queued, small] = await Promise.all([
		PodQueueModel.find({ state: 'waiting' }).select('programId').lean<Array<{ programId: number }>>(),
		PodModel.find({ state: 'active', size: mongoose.trusted({ $lt: POD_FALLBACK_SIZE }) })
			.select('programId')
			.lean<Array<{ programId: number }>>(),
	])
	const programIds = [...new Set([...queued, ...small].map((row) => row.programId))].sort((a, b) => a - b)
	const outcome: MatchingOutcome = { formed: [], joined: 0, merged: [] }
	for (const programId of programIds) {
		const program = await ProgramModel.findOne({ id: programId }).select('title').lean<{ title: string }>()
		const title = program?.title ?? 'Your program'
		await formFullPods(programId, title, runId, now, outcome)
		await placeLongWaiting(programId, title, runId, now, outcome)
		await mergeSmallPods(programId, now, outcome)
	}
	return outcome
}

export const podMatchingJob: Job = {
	name: POD_MATCHING_JOB,
	// Once a day; joining a queue or leaving a pod runs it at once (runJobSoon).
	everyMs: 24 * 60 * 60_000,
	lockMs: 5 * 60_000,
	run: async ({ now }) => {
		await matchPods(now)
	},
}
