import mongoose from 'mongoose'
import {
	ProgramEnrolmentModel,
	ProgramItemStateModel,
	ProgramModel,
	ProgressModel,
	UserModel,
	type Program,
	type ProgramEnrolment,
	type User,
} from '#models/index'
import { toIso } from '#models/model'
import {
	isPremiumItem,
	type ItemLock,
	type OutlineItem,
	type OutlineModule,
	type ProgramProgress,
} from '~/lib/programs'
import { notFound } from '~/lib/service-error'
import { isPremium } from '~/lib/subscription'
import { type Job } from '~/platform/jobs.server'
import { issueCertificate } from '~/services/learning/certificates.server'
import {
	PROGRAM_NOT_FOUND,
	PROGRAM_UNLOCK_JOB,
	findProgram,
	itemMinutes,
	itemTitle,
	lessonVideosOf,
	unlockRuleOf,
} from '~/services/learning/programs.server'
import { notify } from '~/services/notifications/notifications.server'

/**
 * The rules of a program for one member (product §2 "Programs",
 * docs/decisions/151), in one place: which modules are open (at once, N
 * days after the member started, on a date, once the module before is
 * complete), which items a free account may open (lessons by the free-video
 * rule, the rest in the first module only), what is done (a lesson when its
 * video is complete, at 95 %; a reading marked, a reflection saved, a check
 * passed), and so the member's progress. Pages, JSON calls and jobs all ask
 * `evaluateProgram`; every time comes in as `now`, so tests move the clock.
 *
 * After each change of a member's progress `refreshEnrolment` keeps their
 * enrolment's record in step: the modules complete (for Insights), the end
 * of the program (and so the certificate, once), the modules newly open
 * (notified once) and the next time one opens by the clock, which the unlock
 * job watches.
 */

const DAY_MS = 86_400_000

/** Who is learning: the free-video rule needs their subscription. */
export type Learner = Pick<User, 'id'> & { subscriptionStatus?: string | null }

/** A member's records in some programs: their enrolments, and every item done. */
export interface LearnerRecords {
	enrolments: Map<number, ProgramEnrolment>
	doneItemIds: Set<number>
}

/** What a caller has already read of a member's records, so that they are not read again. */
export interface KnownLearnerRecords {
	/** The member's enrolments in these programs (the dashboard finds the programs by them). */
	enrolments?: ProgramEnrolment[]
	/** Every video the member completed (the dashboard reads their started videos anyway, decision 230). */
	completedVideos?: ReadonlySet<number>
}

/**
 * Reads what `userId` has done in these programs: three indexed reads, however
 * many programs; one when the caller knows their enrolments and completed videos.
 */
export async function loadLearnerRecords(
	userId: number,
	programs: Program[],
	known: KnownLearnerRecords = {},
): Promise<LearnerRecords> {
	const programIds = programs.map((program) => program.id)
	const lessons = programs.flatMap((program) =>
		program.modules.flatMap((module) =>
			module.items.flatMap((item) => (item.kind === 'lesson' && item.videoId ? [item] : [])),
		),
	)
	const videoIds = [...new Set(lessons.map((item) => item.videoId!))]
	const [enrolments, states, completedVideos] = await Promise.all([
		known.enrolments ??
			(programIds.length
				? ProgramEnrolmentModel.find({ userId, programId: mongoose.trusted({ $in: programIds }) }).lean<
						ProgramEnrolment[]
					>()
				: []),
		programIds.length
			? ProgramItemStateModel.find({
					userId,
					programId: mongoose.trusted({ $in: programIds }),
					doneAt: mongoose.trusted({ $ne: null }),
				})
					.select('itemId')
					.lean<Array<{ itemId: number }>>()
			: [],
		known.completedVideos ??
			(videoIds.length
				? ProgressModel.find({ userId, videoId: mongoose.trusted({ $in: videoIds }), completed: true })
						.select('videoId')
						.lean<Array<{ videoId: number }>>()
						.then((records) => new Set(records.map((record) => record.videoId)))
				: new Set<number>()),
	])
	return {
		enrolments: new Map(enrolments.map((enrolment) => [enrolment.programId, enrolment])),
		doneItemIds: new Set([
			...states.map((state) => state.itemId),
			...lessons.filter((item) => completedVideos.has(item.videoId!)).map((item) => item.id),
		]),
	}
}

export interface ProgramEvaluation {
	modules: OutlineModule[]
	progress: ProgramProgress
	/** When each module opens by the clock, where its rule has a time (for the unlock job). */
	opensAt: Map<number, Date>
}

/**
 * One program as one member stands in it at `now`: every module's and item's
 * state and lock, and the progress. Pure: everything it needs is given.
 *
 * A module is locked by its rule (a time not reached yet, or the module
 * before not complete); an item by its module, or for a free account by
 * Premium, which is said first (no date changes that). Done items stay done
 * even where a lock stands (a lesson watched in the library counts).
 */
export function evaluateProgram(
	program: Program,
	videos: Awaited<ReturnType<typeof lessonVideosOf>>,
	learner: Learner,
	enrolment: Pick<ProgramEnrolment, 'startedAt' | 'completedAt'> | null,
	doneItemIds: ReadonlySet<number>,
	now: Date,
): ProgramEvaluation {
	const premium = isPremium(learner)
	const opensAt = new Map<number, Date>()
	const modules: OutlineModule[] = []
	for (const [index, module] of program.modules.entries()) {
		const rule = unlockRuleOf(module)
		let moduleLock: ItemLock | null = null
		if (rule.kind === 'after_days' && rule.days > 0) {
			if (!enrolment) moduleLock = { reason: 'after_start', days: rule.days }
			else {
				const at = new Date(new Date(enrolment.startedAt).getTime() + rule.days * DAY_MS)
				opensAt.set(module.id, at)
				if (now < at) moduleLock = { reason: 'opens_on', opensAt: at.toISOString() }
			}
		} else if (rule.kind === 'on_date') {
			const at = new Date(rule.date)
			opensAt.set(module.id, at)
			if (now < at) moduleLock = { reason: 'opens_on', opensAt: at.toISOString() }
		} else if (rule.kind === 'after_previous' && index > 0 && modules[index - 1]!.state !== 'complete') {
			moduleLock = { reason: 'previous_module', moduleNumber: index, moduleTitle: modules[index - 1]!.title }
		}
		const items: OutlineItem[] = module.items.map((item) => {
			const done = doneItemIds.has(item.id)
			const premiumLock = !premium && isPremiumItem(item, index)
			const lock: ItemLock | null = premiumLock ? { reason: 'premium' } : moduleLock
			return {
				id: item.id,
				kind: item.kind,
				title: itemTitle(item, videos),
				minutes: itemMinutes(item, videos),
				videoId: item.kind === 'lesson' ? (item.videoId ?? null) : null,
				state: lock ? 'locked' : done ? 'done' : 'open',
				done,
				lock,
			}
		})
		const complete = items.length > 0 && items.every((item) => item.done)
		modules.push({
			id: module.id,
			number: index + 1,
			title: module.title,
			description: module.description ?? null,
			unlock: rule,
			state: complete ? 'complete' : moduleLock ? 'locked' : 'open',
			lock: moduleLock,
			items,
		})
	}
	const all = modules.flatMap((module) => module.items)
	const done = all.filter((item) => item.done).length
	const current = modules.find((module) => module.items.length > 0 && module.state !== 'complete') ?? modules.at(-1)
	const next = all.find((item) => item.state === 'open')
	return {
		modules,
		opensAt,
		progress: {
			programId: program.id,
			enrolled: enrolment !== null,
			startedAt: toIso(enrolment?.startedAt),
			completedAt: toIso(enrolment?.completedAt),
			done,
			total: all.length,
			percent: all.length ? Math.floor((done * 100) / all.length) : 0,
			currentModule: current ? { id: current.id, number: current.number, title: current.title } : null,
			nextItem: next ? { id: next.id, kind: next.kind, title: next.title } : null,
		},
	}
}

/** Reads and evaluates one program for one member. */
export async function evaluateFor(learner: Learner, program: Program, now: Date) {
	const [videos, records] = await Promise.all([lessonVideosOf([program]), loadLearnerRecords(learner.id, [program])])
	const enrolment = records.enrolments.get(program.id) ?? null
	return {
		videos,
		enrolment,
		evaluation: evaluateProgram(program, videos, learner, enrolment, records.doneItemIds, now),
	}
}

/**
 * The member's progress in a program (docs/decisions/151): the share of its
 * items done, the module they are in and the next item they can open. The
 * one function the dashboard, the pages, the JSON calls and peer pods read
 * it from.
 */
export async function getProgramProgress(
	learner: Learner,
	programId: number,
	now = new Date(),
): Promise<ProgramProgress> {
	const program = await findProgram(programId)
	if (!program) throw notFound(PROGRAM_NOT_FOUND)
	return (await evaluateFor(learner, program, now)).evaluation.progress
}

/**
 * Several members' progress in one program (a peer pod's page): the program
 * and its lessons read once, then each kind of record once for all the
 * members, however many there are. By member id; like getProgramProgress it
 * checks nothing: the caller decides who may see whose progress.
 */
export async function getProgramProgressOfMembers(
	learners: Learner[],
	programId: number,
	now = new Date(),
): Promise<Map<number, ProgramProgress>> {
	const program = await findProgram(programId)
	if (!program) throw notFound(PROGRAM_NOT_FOUND)
	const userIds = learners.map((learner) => learner.id)
	const lessons = program.modules.flatMap((module) =>
		module.items.flatMap((item) => (item.kind === 'lesson' && item.videoId ? [item] : [])),
	)
	const videoIds = [...new Set(lessons.map((item) => item.videoId!))]
	const inUsers = mongoose.trusted({ $in: userIds })
	const [videos, enrolments, states, watched] = await Promise.all([
		lessonVideosOf([program]),
		userIds.length ? ProgramEnrolmentModel.find({ userId: inUsers, programId }).lean<ProgramEnrolment[]>() : [],
		userIds.length
			? ProgramItemStateModel.find({ userId: inUsers, programId, doneAt: mongoose.trusted({ $ne: null }) })
					.select('userId itemId')
					.lean<Array<{ userId: number; itemId: number }>>()
			: [],
		userIds.length && videoIds.length
			? ProgressModel.find({ userId: inUsers, videoId: mongoose.trusted({ $in: videoIds }), completed: true })
					.select('userId videoId')
					.lean<Array<{ userId: number; videoId: number }>>()
			: [],
	])
	const progress = new Map<number, ProgramProgress>()
	for (const learner of learners) {
		const completed = new Set(watched.filter((row) => row.userId === learner.id).map((row) => row.videoId))
		const done = new Set([
			...states.filter((state) => state.userId === learner.id).map((state) => state.itemId),
			...lessons.filter((item) => completed.has(item.videoId!)).map((item) => item.id),
		])
		const enrolment = enrolments.find((row) => row.userId === learner.id) ?? null
		progress.set(learner.id, evaluateProgram(program, videos, learner, enrolment, done, now).progress)
	}
	return progress
}

/** The modules a member may be told about: open, and with something in it their account may open. */
function openModules(evaluation: ProgramEvaluation) {
	return evaluation.modules.filter((module) => module.lock === null)
}

/** The next time a module the member has not been told about opens by the clock, if one will. */
function nextUnlockOf(evaluation: ProgramEvaluation, announced: readonly number[], now: Date): Date | null {
	const times = [...evaluation.opensAt.entries()]
		.filter(([moduleId, at]) => at > now && !announced.includes(moduleId))
		.map(([, at]) => at.getTime())
	return times.length ? new Date(Math.min(...times)) : null
}

/** What a new enrolment starts with: the modules open at once count as announced. */
export function startingRecord(evaluation: ProgramEvaluation, startedAt: Date) {
	const announced = openModules(evaluation).map((module) => module.id)
	return { announcedModuleIds: announced, nextUnlockAt: nextUnlockOf(evaluation, announced, startedAt) }
}

/**
 * Brings the member's enrolment in step with their progress (after an item
 * was done, at the unlock job's time): the modules complete, the end of the
 * program and its certificate (once), the modules that opened since
 * (notified once each), and the next time one opens. Does nothing for a
 * member who has not started the program.
 */
export async function refreshEnrolment(learner: Learner, program: Program, now: Date): Promise<void> {
	const { enrolment, evaluation } = await evaluateFor(learner, program, now)
	if (!enrolment) return
	const { progress } = evaluation
	const complete = progress.total > 0 && progress.done === progress.total
	const doneModuleIds = evaluation.modules.filter((module) => module.state === 'complete').map((module) => module.id)

	// Each newly open module is claimed with one conditional write, so two processes never tell it twice.
	for (const module of openModules(evaluation)) {
		if (enrolment.announcedModuleIds.includes(module.id)) continue
		const claimed = await ProgramEnrolmentModel.updateOne(
			{ id: enrolment.id, announcedModuleIds: mongoose.trusted({ $ne: module.id }) },
			{ $addToSet: { announcedModuleIds: module.id } },
		)
		enrolment.announcedModuleIds.push(module.id)
		if (claimed.modifiedCount === 1 && module.items.some((item) => item.lock === null))
			await notify(learner.id, {
				kind: 'program_module_unlocked',
				title: `Now open: ${module.title}`,
				text: `Module ${module.number} of ${program.title} is open. Pick up where you left off.`,
				link: `/programs/${program.id}`,
				onceKey: `program-module:${module.id}`,
			})
	}
	await ProgramEnrolmentModel.updateOne(
		{ id: enrolment.id },
		{
			$set: {
				doneModuleIds,
				nextUnlockAt: nextUnlockOf(evaluation, enrolment.announcedModuleIds, now),
				updatedAt: now,
			},
		},
	)
	if (!complete) return
	// The end is claimed once too: only the request that sets it issues the certificate.
	const finished = await ProgramEnrolmentModel.updateOne(
		{ id: enrolment.id, completedAt: null },
		{ $set: { completedAt: now } },
	)
	if (finished.modifiedCount === 1) await issueCertificate(learner, program, now)
}

/**
 * A lesson's video became complete (progress.server.ts, from the player, the
 * library's "Mark as complete" or a program's "Mark as done"): every program
 * the member started that has it as a lesson moves on.
 */
export async function lessonCompleted(userId: number, videoId: number, now = new Date()): Promise<void> {
	const programs = await ProgramModel.find({ 'modules.items.videoId': videoId }).lean<Program[]>()
	if (programs.length === 0) return
	const started = new Set(
		(
			await ProgramEnrolmentModel.find({
				userId,
				programId: mongoose.trusted({ $in: programs.map((program) => program.id) }),
			})
				.select('programId')
				.lean<Array<{ programId: number }>>()
		).map((enrolment) => enrolment.programId),
	)
	if (started.size === 0) return
	const learner = await UserModel.findOne({ id: userId }).select('id subscriptionStatus').lean<Learner>()
	if (!learner) return
	for (const program of programs) if (started.has(program.id)) await refreshEnrolment(learner, program, now)
}

/** Members looked at per step of the unlock job. */
const UNLOCK_BATCH = 200
/** A run stops after this long; the next one goes on where it stopped (what is due stays due). */
const UNLOCK_RUN_MS = 45_000

/**
 * The module-unlocked notices of time-based rules (after N days, on a date),
 * and the members to look at again after an outline changed: every
 * enrolment whose `nextUnlockAt` has come is refreshed, which notifies what
 * opened and moves `nextUnlockAt` to the next time (or clears it). Leased, so
 * it runs once across the processes (docs/decisions/121).
 */
export const programUnlocksJob: Job = {
	name: PROGRAM_UNLOCK_JOB,
	everyMs: 60_000,
	lockMs: 2 * 60_000,
	async run({ now, signal }) {
		const stopAt = Date.now() + UNLOCK_RUN_MS
		const programs = new Map<number, Program | null>()
		for (;;) {
			if (signal.aborted || Date.now() > stopAt) return
			const due = await ProgramEnrolmentModel.find({ nextUnlockAt: mongoose.trusted({ $lte: now }) })
				.sort({ nextUnlockAt: 1 })
				.limit(UNLOCK_BATCH)
				.lean<ProgramEnrolment[]>()
			if (due.length === 0) return
			const learners = new Map(
				(
					await UserModel.find({
						id: mongoose.trusted({ $in: [...new Set(due.map((enrolment) => enrolment.userId))] }),
					})
						.select('id subscriptionStatus')
						.lean<Learner[]>()
				).map((learner) => [learner.id, learner]),
			)
			for (const enrolment of due) {
				if (!programs.has(enrolment.programId))
					programs.set(enrolment.programId, await findProgram(enrolment.programId))
				const program = programs.get(enrolment.programId)
				const learner = learners.get(enrolment.userId)
				if (program && learner) await refreshEnrolment(learner, program, now)
				// Whatever the refresh decided, this run is done with it (a program or member gone meanwhile included).
				await ProgramEnrolmentModel.updateOne(
					{ id: enrolment.id, nextUnlockAt: mongoose.trusted({ $lte: now }) },
					{ $set: { nextUnlockAt: null } },
				)
			}
		}
	},
}
