import mongoose from 'mongoose'
import {
	CertificateModel,
	CommunityModel,
	PodQueueModel,
	PodCheckInModel,
	PodMemberModel,
	PodModel,
	PodReplyModel,
	ProgramEnrolmentModel,
	UserModel,
	nextId,
	type CheckInOutcome,
	type Pod,
	type PodCheckIn,
	type PodMember,
	type PodMemberState,
	type PodReply,
	type PodState,
	type PodSummary,
	type Program,
} from '#models/index'
import { POD_WEEKS, podWeekAt, podWeekStart, weekdayName } from '~/lib/pods'
import { CheckInPatchSchema, CheckInSchema, PodNameSchema, PodReplySchema } from '~/lib/pod-schemas'
import { ServiceError, notFound } from '~/lib/service-error'
import { isPremium } from '~/lib/subscription'
import { runJobSoon, type Job } from '~/platform/jobs.server'
import { getProgramProgressOfMembers } from '~/services/learning/program-progress.server'
import { findProgram, findPrograms, itemTitle, lessonVideosOf } from '~/services/learning/programs.server'
import { notify } from '~/services/notifications/notifications.server'
import { recordAudit } from '~/services/admin/audit.server'
import { type Actor } from '~/services/permissions.server'
import {
	POD_NOT_FOUND,
	parsePodInput,
	accessFrom,
	podAccessOf,
	type PodAccess,
	type PodReader,
} from '~/services/pods/access.server'
import { POD_MATCHING_JOB, podMemberIds, releaseSeats } from '~/services/pods/matching.server'

/**
 * A pod from inside (product §2 "Inside a pod", docs/decisions/212): its
 * page and JSON, the weekly check-ins, cheers and replies, renaming and
 * leaving. Every function takes the acting member and asks podAccessOf
 * first: to anyone outside the pod, it and everything in it is not found.
 */

export const CHECK_IN_NOT_FOUND = 'Check-in not found'
export const ALREADY_CHECKED_IN = 'You have already checked in this week: edit your check-in instead.'
export const WEEK_ENDED = 'That week has ended: a check-in can be edited until its week ends.'
export const NOT_YOUR_CHECK_IN = 'You can only edit your own check-in'
export const ITEM_NOT_IN_PROGRAM = 'Choose an item of this program'
export const FORMER_MEMBER = 'A former member'

export interface PodCard {
	id: number
	name: string
	programId: number
	programTitle: string
	state: PodState
	week: number
	memberCount: number
}

export interface PodMemberView {
	userId: number | null
	name: string
	state: PodMemberState
	you: boolean
	percent: number | null
	done: number | null
	total: number | null
	currentModule: string | null
	completed: boolean
	streak: number
	checkedInThisWeek: boolean
}

export interface ReplyView {
	id: number
	userId: number
	name: string
	text: string
	createdAt: string
}

export interface CheckInView {
	id: number
	userId: number
	name: string
	week: number
	mine: boolean
	/** The current week's words of others are hidden until the viewer has posted their own. */
	hidden: boolean
	outcome: CheckInOutcome | null
	note: string | null
	commitment: string | null
	item: { id: number; title: string } | null
	cheers: number
	cheeredByMe: boolean
	replies: ReplyView[]
	createdAt: string
	updatedAt: string
}

export interface PodView {
	id: number
	name: string
	programId: number
	programTitle: string
	state: PodState
	week: number
	weeks: number
	checkInDay: number
	checkInDayName: string
	timeZone: string
	weekStartsAt: string
	weekEndsAt: string
	roomId: number
	members: PodMemberView[]
	/** The current week first, then the weeks before, newest first. */
	weeksOfCheckIns: Array<{ week: number; checkIns: CheckInView[] }>
	myCheckIn: CheckInView | null
	canWrite: boolean
	readOnlyReason: string | null
	summary: PodSummary | null
	items: Array<{ id: number; title: string }>
}

async function requireAccess(reader: PodReader, podId: number, now: Date): Promise<PodAccess> {
	const access = await podAccessOf(reader, podId, now)
	if (!access) throw notFound(POD_NOT_FOUND)
	return access
}

function assertWritable(access: PodAccess) {
	if (!access.canWrite) throw new ServiceError(access.readOnlyReason!, 403)
}

/** The pod's week now, never past its last week (a finished pod stays at its end). */
export function currentWeekOf(pod: Pick<Pod, 'timeZone' | 'checkInDay' | 'firstWeekDate'>, now: Date): number {
	return Math.max(1, Math.min(podWeekAt(pod, now), POD_WEEKS))
}

async function namesOf(userIds: number[]): Promise<Map<number, string>> {
	const unique = [...new Set(userIds)]
	const users = unique.length
		? await UserModel.find({ id: mongoose.trusted({ $in: unique }) })
				.select('id name')
				.lean<Array<{ id: number; name: string }>>()
		: []
	return new Map(users.map((user) => [user.id, user.name]))
}

/** GET /api/pods: the caller's pods (active and finished), newest first. */
export async function listMyPods(member: PodReader, now = new Date()): Promise<PodCard[]> {
	const memberships = await PodMemberModel.find({ userId: member.id, state: 'active' }).lean<PodMember[]>()
	// Three reads however many pods: the memberships, their pods, the pods' programs.
	const podIds = memberships.map((membership) => membership.podId)
	const pods = podIds.length ? await PodModel.find({ id: mongoose.trusted({ $in: podIds }) }).lean<Pod[]>() : []
	const programs = new Map(
		(await findPrograms(pods.map((pod) => pod.programId))).map((program) => [program.id, program]),
	)
	const podById = new Map(pods.map((pod) => [pod.id, pod]))
	const cards: PodCard[] = []
	for (const membership of memberships) {
		// Each membership as read above: after the first pod stamps (or clears) a lapse on all of them, the others'
		// settleLapse repeats a write that matches nothing and answers the same date.
		const access = await accessFrom(member, podById.get(membership.podId), membership, now)
		if (!access) continue
		const program = programs.get(access.pod.programId)
		cards.push({
			id: access.pod.id,
			name: access.pod.name,
			programId: access.pod.programId,
			programTitle: program?.title ?? 'Program',
			state: access.pod.state,
			week: currentWeekOf(access.pod, now),
			memberCount: access.pod.size,
		})
	}
	return cards.sort((a, b) => b.id - a.id)
}

function streakOf(weeks: Set<number>, current: number): number {
	let week = weeks.has(current) ? current : current - 1
	let streak = 0
	while (week >= 1 && weeks.has(week)) {
		streak++
		week--
	}
	return streak
}

function programItems(program: Program, videos: Awaited<ReturnType<typeof lessonVideosOf>>) {
	return program.modules.flatMap((module) =>
		module.items.map((item) => ({ id: item.id, title: itemTitle(item, videos) })),
	)
}

/** GET /api/pods/{id} and /pods/{id}: everything the pod's page shows. */
export async function getPod(member: PodReader, podId: number, now = new Date()): Promise<PodView> {
	const access = await requireAccess(member, podId, now)
	const { pod } = access
	const program = await findProgram(pod.programId)
	if (!program) throw notFound(POD_NOT_FOUND)
	const [memberRows, checkIns, videos] = await Promise.all([
		PodMemberModel.find({ podId }).sort({ joinedAt: 1 }).lean<PodMember[]>(),
		PodCheckInModel.find({ podId }).sort({ week: -1, createdAt: 1 }).lean<PodCheckIn[]>(),
		lessonVideosOf([program]),
	])
	// A member moved on to another pod is no longer shown; one who left is ("left").
	const shown = memberRows.filter((row) => row.state === 'active' || row.state === 'left')
	const userIds = shown.flatMap((row) => (row.userId === null ? [] : [row.userId]))
	const replies = checkIns.length ? await PodReplyModel.find({ podId }).sort({ createdAt: 1 }).lean<PodReply[]>() : []
	// One read of everyone the page names, the members among them with what their progress depends on.
	const named = [...new Set([...userIds, ...checkIns.map((row) => row.userId), ...replies.map((row) => row.userId)])]
	const people = named.length
		? await UserModel.find({ id: mongoose.trusted({ $in: named }) })
				.select('id name subscriptionStatus')
				.lean<Array<{ id: number; name: string; subscriptionStatus: string }>>()
		: []
	const names = new Map(people.map((person) => [person.id, person.name]))
	const shownIds = new Set(userIds)
	const learners = people.filter((person) => shownIds.has(person.id))
	const progress = await getProgramProgressOfMembers(learners, pod.programId, now)
	const week = currentWeekOf(pod, now)
	const items = programItems(program, videos)
	const itemTitles = new Map(items.map((item) => [item.id, item.title]))
	const iPosted = checkIns.some((row) => row.week === week && row.userId === member.id)
	const running = pod.state === 'active'
	const view = (row: PodCheckIn): CheckInView => {
		const mine = row.userId === member.id
		const hidden = running && row.week === week && !mine && !iPosted
		return {
			id: row.id,
			userId: row.userId,
			name: names.get(row.userId) ?? FORMER_MEMBER,
			week: row.week,
			mine,
			hidden,
			outcome: hidden ? null : row.outcome,
			note: hidden ? null : row.note,
			commitment: hidden ? null : row.commitment,
			item: hidden || row.itemId === null ? null : { id: row.itemId, title: itemTitles.get(row.itemId) ?? 'An item' },
			cheers: hidden ? 0 : row.cheers.length,
			cheeredByMe: row.cheers.includes(member.id),
			replies: hidden
				? []
				: replies
						.filter((reply) => reply.checkInId === row.id)
						.map((reply) => ({
							id: reply.id,
							userId: reply.userId,
							name: names.get(reply.userId) ?? FORMER_MEMBER,
							text: reply.text,
							createdAt: new Date(reply.createdAt).toISOString(),
						})),
			createdAt: new Date(row.createdAt).toISOString(),
			updatedAt: new Date(row.updatedAt).toISOString(),
		}
	}
	const byWeek = new Map<number, CheckInView[]>()
	for (const row of checkIns) byWeek.set(row.week, [...(byWeek.get(row.week) ?? []), view(row)])
	const weeksOfCheckIns = [...byWeek.entries()]
		.sort((a, b) => b[0] - a[0])
		.map(([number, rows]) => ({ week: number, checkIns: rows }))
	const members: PodMemberView[] = shown.map((row) => {
		const own = checkIns.filter((checkIn) => row.userId !== null && checkIn.userId === row.userId)
		const memberProgress = row.userId === null ? undefined : progress.get(row.userId)
		return {
			userId: row.userId,
			name: row.userId === null ? FORMER_MEMBER : (names.get(row.userId) ?? FORMER_MEMBER),
			state: row.state,
			you: row.userId === member.id,
			percent: memberProgress?.percent ?? null,
			done: memberProgress?.done ?? null,
			total: memberProgress?.total ?? null,
			currentModule: memberProgress?.currentModule?.title ?? null,
			completed: Boolean(memberProgress?.completedAt),
			streak: streakOf(new Set(own.map((checkIn) => checkIn.week)), week),
			checkedInThisWeek: own.some((checkIn) => checkIn.week === week),
		}
	})
	return {
		id: pod.id,
		name: pod.name,
		programId: pod.programId,
		programTitle: program.title,
		state: pod.state,
		week,
		weeks: POD_WEEKS,
		checkInDay: pod.checkInDay,
		checkInDayName: weekdayName(pod.checkInDay),
		timeZone: pod.timeZone,
		weekStartsAt: podWeekStart(pod, week).toISOString(),
		weekEndsAt: podWeekStart(pod, week + 1).toISOString(),
		roomId: pod.roomId,
		members,
		weeksOfCheckIns,
		myCheckIn: weeksOfCheckIns.find((row) => row.week === week)?.checkIns.find((row) => row.mine) ?? null,
		canWrite: access.canWrite,
		readOnlyReason: access.readOnlyReason,
		summary: pod.summary ?? null,
		items,
	}
}

/** PATCH /api/pods/{id} and the rename form: any member of a running pod renames it (its chat room follows). */
export async function renamePod(member: PodReader, podId: number, input: unknown, now = new Date()) {
	const { name } = parsePodInput(PodNameSchema, input)
	const access = await requireAccess(member, podId, now)
	assertWritable(access)
	await PodModel.updateOne({ id: podId }, { $set: { name, lastActivityAt: now } })
	await CommunityModel.updateOne({ id: access.pod.roomId }, { $set: { name } })
	return getPod(member, podId, now)
}

/**
 * DELETE /api/pods/{id}/membership and "Leave the pod": the member's place
 * ends (the pod shows "left") and its seat frees; a pod left with fewer
 * than three is merged by the matching job.
 */
export async function leavePod(member: PodReader, podId: number, now = new Date()): Promise<void> {
	await requireAccess(member, podId, now)
	const left = await PodMemberModel.findOneAndUpdate(
		{ podId, userId: member.id, state: 'active' },
		{ $set: { state: 'left', leftAt: now } },
	).lean()
	if (!left) throw notFound(POD_NOT_FOUND)
	await releaseSeats(podId, 1)
	await PodModel.updateOne({ id: podId }, { $set: { lastActivityAt: now } })
	runJobSoon(POD_MATCHING_JOB)
}

async function assertItemOfProgram(programId: number, itemId: number | null | undefined) {
	if (itemId === null || itemId === undefined) return
	const program = await findProgram(programId)
	if (!program?.modules.some((module) => module.items.some((item) => item.id === itemId)))
		throw new ServiceError(ITEM_NOT_IN_PROGRAM, 400, 'itemId')
}

/**
 * POST /api/pods/{id}/check-ins and the check-in form: one per member and
 * pod week (claimed with one upsert, so two posts at once make one).
 */
export async function postCheckIn(member: PodReader, podId: number, input: unknown, now = new Date()) {
	const data = parsePodInput(CheckInSchema, input)
	const access = await requireAccess(member, podId, now)
	assertWritable(access)
	await assertItemOfProgram(access.pod.programId, data.itemId)
	const week = currentWeekOf(access.pod, now)
	const id = await nextId('podCheckIns')
	const result = await PodCheckInModel.updateOne(
		{ podId, userId: member.id, week },
		{
			$setOnInsert: {
				id,
				outcome: data.outcome,
				note: data.note,
				commitment: data.commitment,
				itemId: data.itemId,
				cheers: [],
				createdAt: now,
				updatedAt: now,
			},
		},
		{ upsert: true },
	)
	if (result.upsertedCount === 0) throw new ServiceError(ALREADY_CHECKED_IN, 409)
	await PodModel.updateOne({ id: podId }, { $set: { lastActivityAt: now } })
	return checkInView(member, id, now)
}

async function requireCheckIn(member: PodReader, checkInId: number, now: Date) {
	const checkIn = await PodCheckInModel.findOne({ id: checkInId }).lean<PodCheckIn>()
	if (!checkIn) throw notFound(CHECK_IN_NOT_FOUND)
	const access = await podAccessOf(member, checkIn.podId, now)
	if (!access) throw notFound(CHECK_IN_NOT_FOUND)
	const week = currentWeekOf(access.pod, now)
	// Another member's words of this week stay hidden until the viewer has posted theirs.
	if (checkIn.userId !== member.id && checkIn.week === week && access.pod.state === 'active') {
		if (!(await PodCheckInModel.exists({ podId: checkIn.podId, userId: member.id, week })))
			throw new ServiceError('Post your own check-in first: this week’s check-ins show once you have.', 403)
	}
	return { checkIn, access, week }
}

/** One check-in as the viewer sees it. */
async function checkInView(member: PodReader, checkInId: number, now: Date): Promise<CheckInView> {
	const { checkIn } = await requireCheckIn(member, checkInId, now)
	const pod = await getPod(member, checkIn.podId, now)
	return pod.weeksOfCheckIns.flatMap((row) => row.checkIns).find((row) => row.id === checkInId)!
}

/** PATCH /api/check-ins/{id} and the edit form: the author, until the week ends. */
export async function updateCheckIn(member: PodReader, checkInId: number, input: unknown, now = new Date()) {
	const changes = parsePodInput(CheckInPatchSchema, input)
	const { checkIn, access, week } = await requireCheckIn(member, checkInId, now)
	if (checkIn.userId !== member.id) throw new ServiceError(NOT_YOUR_CHECK_IN, 403)
	assertWritable(access)
	if (checkIn.week !== week) throw new ServiceError(WEEK_ENDED, 409)
	await assertItemOfProgram(access.pod.programId, changes.itemId)
	const set: Record<string, unknown> = { updatedAt: now }
	for (const key of ['outcome', 'note', 'commitment', 'itemId'] as const) {
		if (changes[key] !== undefined) set[key] = changes[key]
	}
	await PodCheckInModel.updateOne({ id: checkInId }, { $set: set })
	return checkInView(member, checkInId, now)
}

/** PUT / DELETE /api/check-ins/{id}/cheer: idempotent. */
export async function cheerCheckIn(member: PodReader, checkInId: number, cheer: boolean, now = new Date()) {
	const { checkIn, access } = await requireCheckIn(member, checkInId, now)
	assertWritable(access)
	if (checkIn.userId === member.id && cheer) throw new ServiceError('Cheer the others’ check-ins, not your own', 400)
	await PodCheckInModel.updateOne(
		{ id: checkInId },
		cheer ? { $addToSet: { cheers: member.id } } : { $pull: { cheers: member.id } },
	)
	const updated = await PodCheckInModel.findOne({ id: checkInId }).select('cheers').lean<{ cheers: number[] }>()
	return { cheers: updated?.cheers.length ?? 0, cheeredByMe: cheer }
}

/** POST /api/check-ins/{id}/replies and the reply form. */
export async function replyToCheckIn(member: PodReader, checkInId: number, input: unknown, now = new Date()) {
	const { text } = parsePodInput(PodReplySchema, input)
	const { checkIn, access } = await requireCheckIn(member, checkInId, now)
	assertWritable(access)
	const reply = await PodReplyModel.create({
		id: await nextId('podReplies'),
		checkInId,
		podId: checkIn.podId,
		userId: member.id,
		text,
		createdAt: now,
	})
	await PodModel.updateOne({ id: checkIn.podId }, { $set: { lastActivityAt: now } })
	const names = await namesOf([member.id])
	return {
		id: reply.id,
		userId: member.id,
		name: names.get(member.id) ?? FORMER_MEMBER,
		text,
		createdAt: now.toISOString(),
	} satisfies ReplyView
}

// ---------------------------------------------------------------------------
// Figures (the summary, the admin tab): Premium members only
// ---------------------------------------------------------------------------

/** Members the figures count: active, not without Premium (product: "the pod's figures leave them out"). */
async function countedMembers(podId: number): Promise<number[]> {
	const rows = await PodMemberModel.find({
		podId,
		state: 'active',
		userId: mongoose.trusted({ $ne: null }),
		lapsedAt: null,
	})
		.select('userId')
		.lean<Array<{ userId: number }>>()
	return rows.map((row) => row.userId)
}

/** Check-ins posted over check-ins due (counted members, weeks so far), whole percent. */
export async function checkInRate(pod: Pod, now: Date): Promise<number> {
	const members = await countedMembers(pod.id)
	const weeks = pod.state === 'active' ? currentWeekOf(pod, now) : (pod.summary?.weeks ?? currentWeekOf(pod, now))
	if (members.length === 0 || weeks === 0) return 0
	const posted = await PodCheckInModel.countDocuments({
		podId: pod.id,
		userId: mongoose.trusted({ $in: members }),
		week: mongoose.trusted({ $lte: weeks }),
	})
	return Math.round((posted * 100) / (members.length * weeks))
}

async function summaryOf(pod: Pod, now: Date): Promise<PodSummary> {
	const members = await countedMembers(pod.id)
	const weeks = currentWeekOf(pod, now)
	const checkIns = await PodCheckInModel.find({ podId: pod.id, userId: mongoose.trusted({ $in: members }) })
		.select('outcome week')
		.lean<Array<{ outcome: CheckInOutcome; week: number }>>()
	// Week 1's check-in has no commitment before it to report on.
	const reported = checkIns.filter((row) => row.week > 1)
	const certificates = members.length
		? await CertificateModel.countDocuments({
				userId: mongoose.trusted({ $in: members }),
				programId: pod.programId,
			})
		: 0
	return {
		weeks,
		checkInRate: members.length ? Math.round((checkIns.length * 100) / (members.length * weeks)) : 0,
		commitmentsKept: reported.filter((row) => row.outcome === 'done').length,
		commitmentsReported: reported.length,
		certificates,
	}
}

/**
 * Finishes a pod after its 12 weeks or once every member has completed the
 * program: read-only from then on, with its summary. Claimed (active →
 * finished) so it happens once.
 */
export async function finishIfDue(pod: Pod, now: Date, { tell = true } = {}): Promise<boolean> {
	const members = await podMemberIds(pod.id)
	const pastTwelve = podWeekAt(pod, now) > POD_WEEKS
	const completed =
		members.length > 0 &&
		(await ProgramEnrolmentModel.countDocuments({
			userId: mongoose.trusted({ $in: members }),
			programId: pod.programId,
			completedAt: mongoose.trusted({ $ne: null }),
		})) === members.length
	if (!pastTwelve && !completed) return false
	const summary = await summaryOf(pod, pastTwelve ? new Date(podWeekStart(pod, POD_WEEKS + 1).getTime() - 1) : now)
	const finished = await PodModel.findOneAndUpdate(
		{ id: pod.id, state: 'active' },
		{ $set: { state: 'finished', finishedAt: now, summary } },
	).lean()
	if (!finished || !tell) return Boolean(finished)
	await notify(members, {
		kind: 'pod_changed',
		title: `${pod.name} has finished`,
		text: `${summary.weeks} weeks, ${summary.checkInRate}% of check-ins posted. See your pod's summary.`,
		link: `/pods/${pod.id}`,
	})
	return true
}

// ---------------------------------------------------------------------------
// Reminders (docs/decisions/213): the day before and on the check-in day
// ---------------------------------------------------------------------------

/**
 * Reminds the members of running pods who have not checked in: on the
 * week's check-in day, and on its last day. Each reminder is claimed on the
 * membership (`{week}:{kind}`) before it is sent, so a week never brings
 * more than two, whatever runs overlap.
 */
async function remindPod(pod: Pod, now: Date): Promise<number> {
	const week = podWeekAt(pod, now)
	if (week < 1 || week > POD_WEEKS) return 0
	const today = new Date(now)
	const startDay = podWeekStart(pod, week)
	const lastDayStart = podWeekStart(pod, week + 1).getTime() - 86_400_000
	const kind =
		today.getTime() < startDay.getTime() + 86_400_000 ? 'start' : today.getTime() >= lastDayStart ? 'end' : null
	if (kind === null) return 0
	const members = await PodMemberModel.find({ podId: pod.id, state: 'active', userId: mongoose.trusted({ $ne: null }) })
		.select('userId lapsedAt')
		.lean<Array<{ userId: number; lapsedAt: Date | null }>>()
	const posted = new Set(
		(await PodCheckInModel.find({ podId: pod.id, week }).select('userId').lean<Array<{ userId: number }>>()).map(
			(row) => row.userId,
		),
	)
	const users = await UserModel.find({ id: mongoose.trusted({ $in: members.map((row) => row.userId) }) })
		.select('id subscriptionStatus')
		.lean<Array<{ id: number; subscriptionStatus: string }>>()
	const premium = new Set(users.filter((user) => isPremium(user)).map((user) => user.id))
	let sent = 0
	for (const row of members) {
		if (posted.has(row.userId) || !premium.has(row.userId)) continue
		const key = `${week}:${kind}`
		const claimed = await PodMemberModel.findOneAndUpdate(
			{ podId: pod.id, userId: row.userId, state: 'active', reminders: mongoose.trusted({ $ne: key }) },
			{ $push: { reminders: key } },
		).lean()
		if (!claimed) continue
		await notify(row.userId, {
			kind: 'pod_check_in_reminder',
			title: kind === 'start' ? `Check in with ${pod.name} today` : `Last day to check in with ${pod.name}`,
			text:
				kind === 'start'
					? `Week ${week} starts today: say how last week's commitment went and what you will practise next.`
					: `Week ${week} ends tomorrow. Your pod is waiting to hear how it went.`,
			link: `/pods/${pod.id}`,
		})
		sent++
	}
	return sent
}

/** One pass over the running pods: finish those due, stamp lapsed Premium, send the reminders due. */
export async function runPodWeeks(now = new Date()): Promise<{ finished: number; reminders: number }> {
	const pods = await PodModel.find({ state: 'active' }).sort({ id: 1 }).lean<Pod[]>()
	let finished = 0
	let reminders = 0
	for (const pod of pods) {
		if (await finishIfDue(pod, now)) {
			finished++
			continue
		}
		reminders += await remindPod(pod, now)
	}
	return { finished, reminders }
}

export const podWeeksJob: Job = {
	name: 'pod-weeks',
	everyMs: 60 * 60_000,
	run: async ({ now }) => {
		await runPodWeeks(now)
	},
}

// ---------------------------------------------------------------------------
// Personal data (docs/decisions/097): export and deletion
// ---------------------------------------------------------------------------

export async function exportPodsOf(userId: number) {
	const [queued, memberships, checkIns, replies, cheered] = await Promise.all([
		PodQueueModel.find({ userId }).lean<
			Array<{ programId: number; timeZone: string; checkInDay: number; joinedAt: Date }>
		>(),
		PodMemberModel.find({ userId }).lean<PodMember[]>(),
		PodCheckInModel.find({ userId }).lean<PodCheckIn[]>(),
		PodReplyModel.find({ userId }).lean<PodReply[]>(),
		PodCheckInModel.find({ cheers: userId }).select('id').lean<Array<{ id: number }>>(),
	])
	const pods = memberships.length
		? await PodModel.find({ id: mongoose.trusted({ $in: memberships.map((row) => row.podId) }) })
				.select('id name programId')
				.lean<Array<{ id: number; name: string; programId: number }>>()
		: []
	return {
		waitingFor: queued.map((row) => ({
			programId: row.programId,
			timeZone: row.timeZone,
			checkInDay: weekdayName(row.checkInDay),
			since: new Date(row.joinedAt).toISOString(),
		})),
		pods: memberships.map((row) => ({
			podId: row.podId,
			podName: pods.find((pod) => pod.id === row.podId)?.name ?? null,
			programId: row.programId,
			state: row.state,
			joinedAt: new Date(row.joinedAt).toISOString(),
			leftAt: row.leftAt ? new Date(row.leftAt).toISOString() : null,
			timeZone: row.timeZone,
			checkInDay: weekdayName(row.checkInDay),
		})),
		checkIns: checkIns.map((row) => ({
			id: row.id,
			podId: row.podId,
			week: row.week,
			outcome: row.outcome,
			note: row.note,
			commitment: row.commitment,
			itemId: row.itemId,
			createdAt: new Date(row.createdAt).toISOString(),
			updatedAt: new Date(row.updatedAt).toISOString(),
		})),
		replies: replies.map((row) => ({
			id: row.id,
			checkInId: row.checkInId,
			text: row.text,
			createdAt: new Date(row.createdAt).toISOString(),
		})),
		cheeredCheckInIds: cheered.map((row) => row.id),
	}
}

/**
 * Account deletion: the member leaves every pod (its record stays, nameless:
 * the pod shows "a former member"), and their check-ins, cheers and replies
 * are erased; their queue places go.
 */
export async function deletePodDataOf(userId: number): Promise<void> {
	const active = await PodMemberModel.find({ userId, state: 'active' }).select('podId').lean<Array<{ podId: number }>>()
	for (const row of active) await releaseSeats(row.podId, 1)
	const now = new Date()
	await PodMemberModel.updateMany({ userId, state: 'active' }, { $set: { state: 'left', leftAt: now } })
	await PodMemberModel.updateMany({ userId }, { $set: { userId: null } })
	const checkIns = await PodCheckInModel.find({ userId }).select('id').lean<Array<{ id: number }>>()
	await PodReplyModel.deleteMany({ checkInId: mongoose.trusted({ $in: checkIns.map((row) => row.id) }) })
	await PodCheckInModel.deleteMany({ userId })
	await PodReplyModel.deleteMany({ userId })
	await PodCheckInModel.updateMany({ cheers: userId }, { $pull: { cheers: userId } })
	await PodQueueModel.deleteMany({ userId })
}

// ---------------------------------------------------------------------------
// Reports (docs/decisions/216): the only way a moderator reads a pod's words
// ---------------------------------------------------------------------------

/** A check-in in the moderation queue's shape (a message's), with the pod's members (who may report it) and its replies. */
export async function findCheckInForModeration(checkInId: number) {
	const checkIn = await PodCheckInModel.findOne({ id: checkInId }).lean<PodCheckIn>()
	if (!checkIn) return null
	const [pod, replies, audience] = await Promise.all([
		PodModel.findOne({ id: checkIn.podId }).select('name').lean<{ name: string }>(),
		PodReplyModel.find({ checkInId }).sort({ createdAt: 1 }).lean<PodReply[]>(),
		podMemberIds(checkIn.podId),
	])
	const names = await namesOf([checkIn.userId, ...replies.map((reply) => reply.userId)])
	const asMessage = (id: number, content: string, senderId: number, createdAt: Date, editedAt: Date | null) => ({
		id,
		content,
		senderId,
		senderName: names.get(senderId) ?? FORMER_MEMBER,
		communityId: null,
		recipientId: null,
		isPrivate: false,
		createdAt: new Date(createdAt).toISOString(),
		editedAt: editedAt ? new Date(editedAt).toISOString() : null,
		deleted: false,
	})
	const content = [
		`Check-in, week ${checkIn.week} of ${pod?.name ?? 'a pod'}`,
		`Last week: ${checkIn.outcome}`,
		checkIn.note ? `Note: ${checkIn.note}` : null,
		`This week: ${checkIn.commitment}`,
	]
		.filter(Boolean)
		.join('\n')
	const edited = new Date(checkIn.updatedAt).getTime() !== new Date(checkIn.createdAt).getTime()
	return {
		...asMessage(checkIn.id, content, checkIn.userId, checkIn.createdAt, edited ? checkIn.updatedAt : null),
		podId: checkIn.podId,
		audience,
		replies: replies.map((reply) => asMessage(reply.id, reply.text, reply.userId, reply.createdAt, null)),
	}
}

/** A report's "delete": the check-in and its replies go; audited without its words. */
export async function removeCheckInViaReport(actor: Actor, checkInId: number): Promise<void> {
	const checkIn = await PodCheckInModel.findOneAndDelete({ id: checkInId }).lean<PodCheckIn>()
	if (!checkIn) throw notFound(CHECK_IN_NOT_FOUND)
	await PodReplyModel.deleteMany({ checkInId })
	const names = await namesOf([checkIn.userId])
	await recordAudit(actor, {
		kind: 'check_in.removed',
		target: { type: 'check-in', id: checkIn.id, label: `Check-in by ${names.get(checkIn.userId) ?? FORMER_MEMBER}` },
		summary: `Removed a reported check-in (week ${checkIn.week}) of pod ${checkIn.podId}`,
	})
}
