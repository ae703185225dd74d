import mongoose from 'mongoose'
import {
	ProgramCheckAttemptModel,
	ProgramEnrolmentModel,
	ProgramItemStateModel,
	ProgramModel,
	nextId,
	type Program,
	type ProgramCheckAttempt,
	type ProgramEnrolment,
	type ProgramItem,
	type ProgramItemState,
	type UserJSON,
} from '#models/index'
import { toIso } from '#models/model'
import {
	answerField,
	ITEM_KIND_LABELS,
	lockText,
	programItemPath,
	type ItemLock,
	type OutlineItem,
	type ProgramCard,
	type ProgramOutline,
	type ProgramProgress,
} from '~/lib/programs'
import { ServiceError, isDuplicateKeyError, notFound } from '~/lib/service-error'
import { markdownToPlainText, renderMarkdown } from '~/platform/markdown.server'
import { publicAssetUrl } from '~/platform/public-pictures.server'
import { noteActivity } from '~/services/account/activity.server'
import { getVideoForMember, type MemberVideoJSON } from '~/services/catalogue/videos.server'
import { certificateOf } from '~/services/learning/certificates.server'
import {
	evaluateFor,
	evaluateProgram,
	loadLearnerRecords,
	type KnownLearnerRecords,
	refreshEnrolment,
	startingRecord,
	type ProgramEvaluation,
} from '~/services/learning/program-progress.server'
import { completedVideoIds, listProgressOf, recordProgress } from '~/services/learning/progress.server'
import {
	ITEM_NOT_FOUND,
	PROGRAM_NOT_FOUND,
	findItem,
	findProgram,
	findPrograms,
	heldPrograms,
	itemTitle,
	lessonVideosOf,
	publishedProgramsHolding,
	type HeldPrograms,
} from '~/services/learning/programs.server'
import { CONTENT_ADMIN_ROLES } from '~/services/permissions.server'

/**
 * Programs as members take them (product §2 "Programs", §7): the list, a
 * program's outline, an item's page, and what a member does (start, mark a
 * reading done, write a reflection, take a knowledge check). The pages and
 * the JSON calls call these same functions; the rules are
 * program-progress.server.ts's. Every action is for the acting member
 * only, and refused (403, with the reason) on an item that is locked for
 * them: the drip and order rules hold on the server, not only on the page.
 */

export type Member = Pick<UserJSON, 'id' | 'role' | 'subscriptionStatus'>

const isStaff = (member: Member) => (CONTENT_ADMIN_ROLES as readonly string[]).includes(member.role)

/** Members see published programs; staff also their drafts (to try them). */
function visibleTo(member: Member, program: Program | null): program is Program {
	return program !== null && (program.published || isStaff(member))
}

async function requireProgram(member: Member, programId: number): Promise<Program> {
	const program = await findProgram(programId)
	if (!visibleTo(member, program)) throw notFound(PROGRAM_NOT_FOUND)
	return program
}

function cardOf(program: Program, evaluation: ProgramEvaluation): ProgramCard {
	const items = evaluation.modules.flatMap((module) => module.items)
	return {
		id: program.id,
		title: program.title,
		summary: program.summary ?? null,
		cover: publicAssetUrl(program.cover ?? null),
		published: Boolean(program.published),
		moduleCount: program.modules.length,
		lessonCount: items.filter((item) => item.kind === 'lesson').length,
		estimatedMinutes: items.reduce((sum, item) => sum + (item.minutes ?? 0), 0),
		progress: evaluation.progress,
	}
}

/** Several programs as one member stands in them, read together. */
async function evaluateMany(
	member: Member,
	programs: Program[],
	now: Date,
	known?: KnownLearnerRecords & { videos?: HeldPrograms['videos'] },
) {
	const [videos, records] = await Promise.all([
		known?.videos ?? lessonVideosOf(programs),
		loadLearnerRecords(member.id, programs, known),
	])
	return programs.map((program) => ({
		program,
		evaluation: evaluateProgram(
			program,
			videos,
			member,
			records.enrolments.get(program.id) ?? null,
			records.doneItemIds,
			now,
		),
	}))
}

/** /programs and GET /api/programs: every published program, in order, with the member's progress. */
export async function listProgramsForMember(member: Member, now = new Date()): Promise<ProgramCard[]> {
	const programs = await ProgramModel.find({ published: true }).sort({ id: 1 }).lean<Program[]>()
	return (await evaluateMany(member, programs, now)).map(({ program, evaluation }) => cardOf(program, evaluation))
}

/** The dashboard's "Your programs": the programs the member started, most recently active first. */
export async function listStartedPrograms(member: Member, now = new Date()): Promise<ProgramCard[]> {
	// Whole records: they are also what the programs' progress is worked out from, so they are read once.
	const enrolments = await ProgramEnrolmentModel.find({ userId: member.id })
		.sort({ updatedAt: -1 })
		.limit(20)
		.lean<ProgramEnrolment[]>()
	if (enrolments.length === 0) return []
	// The programs and their lessons' videos as this process holds them (decision 231), in the enrolments' order.
	const [held, completedVideos] = await Promise.all([heldPrograms(), completedVideoIds(member.id)])
	const programs = enrolments
		.map((enrolment) => held.programs.get(enrolment.programId) ?? null)
		.filter((program) => visibleTo(member, program))
	const known = { enrolments, completedVideos, videos: held.videos }
	return (await evaluateMany(member, programs, now, known)).map(({ program, evaluation }) =>
		cardOf(program, evaluation),
	)
}

// ---------------------------------------------------------------------------
// What the global search shows of programs (docs/decisions/167)
// ---------------------------------------------------------------------------

/** Of these programs, the published ones (a draft is not found, by staff either): what their results show. */
export async function publishedPrograms(
	ids: number[],
): Promise<Array<Pick<Program, 'id' | 'title' | 'summary' | 'description'>>> {
	if (ids.length === 0) return []
	return ProgramModel.find({ id: mongoose.trusted({ $in: ids }), published: true })
		.select('id title summary description')
		.lean<Array<Pick<Program, 'id' | 'title' | 'summary' | 'description'>>>()
}

export interface OpenReading {
	id: number
	programId: number
	programTitle: string
	title: string
	/** The reading's words as plain text. */
	text: string
	url: string
}

/**
 * Of these readings, the ones open to the member now, with their words:
 * in a published program, and not locked for them (Premium for a free
 * account, or a module that has not opened for them yet: the rules of
 * `evaluateProgram`). The global search shows no other reading's words.
 */
export async function openReadings(member: Member, itemIds: number[], now = new Date()): Promise<OpenReading[]> {
	if (itemIds.length === 0) return []
	const wanted = new Set(itemIds)
	const programs = await publishedProgramsHolding(itemIds)
	return (await evaluateMany(member, programs, now)).flatMap(({ program, evaluation }) =>
		program.modules.flatMap((module, moduleIndex) =>
			module.items.flatMap((item) => {
				if (item.kind !== 'reading' || !wanted.has(item.id)) return []
				const outlineItem = evaluation.modules[moduleIndex]!.items.find((candidate) => candidate.id === item.id)
				if (!outlineItem || outlineItem.lock) return []
				return [
					{
						id: item.id,
						programId: program.id,
						programTitle: program.title,
						title: outlineItem.title,
						text: markdownToPlainText(item.body ?? ''),
						url: programItemPath(program.id, item.id),
					},
				]
			}),
		),
	)
}

/** /programs/{id} and GET /api/programs/{id}: the outline with the member's states and locks. Never an item's text or a check's questions. */
export async function getProgramOutline(member: Member, programId: number, now = new Date()): Promise<ProgramOutline> {
	const program = await requireProgram(member, programId)
	const [{ evaluation }, certificate] = await Promise.all([
		evaluateFor(member, program, now),
		certificateOf(member.id, programId),
	])
	return {
		...cardOf(program, evaluation),
		description: program.description ?? null,
		modules: evaluation.modules,
		certificate,
	}
}

/**
 * Starts the program for the member (POST /api/programs/{id}/enrol, the
 * 'Start' form), from `now`: idempotent, one enrolment per member and
 * program, claimed with one atomic upsert (decision 136). The modules open
 * at the start count as announced: the notices are for what opens later.
 */
export async function enrol(member: Member, programId: number, now = new Date()): Promise<ProgramOutline> {
	const program = await requireProgram(member, programId)
	await ensureEnrolled(member, program, now)
	return getProgramOutline(member, programId, now)
}

async function ensureEnrolled(member: Member, program: Program, now: Date): Promise<void> {
	if (await ProgramEnrolmentModel.exists({ userId: member.id, programId: program.id })) return
	const [videos, records] = await Promise.all([lessonVideosOf([program]), loadLearnerRecords(member.id, [program])])
	const evaluation = evaluateProgram(
		program,
		videos,
		member,
		{ startedAt: now, completedAt: null },
		records.doneItemIds,
		now,
	)
	const id = await nextId('programEnrolments')
	try {
		await ProgramEnrolmentModel.updateOne(
			{ userId: member.id, programId: program.id },
			{
				$setOnInsert: {
					id,
					userId: member.id,
					programId: program.id,
					startedAt: now,
					completedAt: null,
					doneModuleIds: [],
					...startingRecord(evaluation, now),
					updatedAt: now,
				},
			},
			{ upsert: true },
		)
	} catch (error) {
		// MongoDB: a start sent at the same moment claimed it first.
		if (!isDuplicateKeyError(error)) throw error
	}
	noteActivity(member.id)
	// Lessons watched before the start count: the record starts in step (and a program already done is complete).
	await refreshEnrolment(member, program, now)
}

const PREMIUM_ITEM_MESSAGE = 'This item is part of Premium. Subscribe to open it and track your progress.'

/** Why an item is refused, in words (the JSON call's 403 message). */
export function lockMessage(lock: ItemLock): string {
	return lock.reason === 'premium' ? PREMIUM_ITEM_MESSAGE : `This item is locked: ${lockText(lock, 'UTC')}.`
}

interface OpenedItem {
	program: Program
	item: ProgramItem
	moduleIndex: number
	outlineItem: OutlineItem
	evaluation: ProgramEvaluation
}

/** An item of a program the member may see, with its state for them; `programId` must be its program when given. */
async function locateItem(member: Member, itemId: number, now: Date, programId?: number): Promise<OpenedItem> {
	const found = await findItem(itemId)
	if (!found || !visibleTo(member, found.program) || (programId !== undefined && found.program.id !== programId))
		throw notFound(ITEM_NOT_FOUND)
	const { evaluation } = await evaluateFor(member, found.program, now)
	const outlineItem = evaluation.modules[found.moduleIndex]!.items.find((item) => item.id === itemId)!
	return { program: found.program, item: found.item, moduleIndex: found.moduleIndex, outlineItem, evaluation }
}

/** The item, for doing something with it: refused with the reason while it is locked for the member. */
async function openItem(member: Member, itemId: number, now: Date): Promise<OpenedItem> {
	const opened = await locateItem(member, itemId, now)
	if (opened.outlineItem.lock) throw new ServiceError(lockMessage(opened.outlineItem.lock), 403)
	return opened
}

function wrongKind(item: ProgramItem, expected: string): ServiceError {
	return new ServiceError(`This item is a ${ITEM_KIND_LABELS[item.kind].toLowerCase()}, not a ${expected}`, 400)
}

/** The member's record of an item, created apart from the update that changes it (decision 121's rule for upserts). */
async function ensureItemState(member: Member, program: Program, itemId: number, now: Date) {
	await ProgramItemStateModel.updateOne(
		{ userId: member.id, itemId },
		{
			$setOnInsert: {
				userId: member.id,
				programId: program.id,
				itemId,
				doneAt: null,
				reflection: null,
				reflectionUpdatedAt: null,
				bestScore: null,
				updatedAt: now,
			},
		},
		{ upsert: true, setDefaultsOnInsert: false },
	)
}

/** After something was done: the enrolment in step (and the certificate once all is done), and the progress as it is now. */
async function progressAfter(member: Member, program: Program, now: Date): Promise<ProgramProgress> {
	await refreshEnrolment(member, program, now)
	return (await evaluateFor(member, program, now)).evaluation.progress
}

/**
 * "Mark as done" (POST /api/program-items/{id}/done): a reading is done when
 * the member says so; a lesson is its video's progress, recorded as
 * complete (as the library's "Mark as complete" does). Reflections are done
 * when saved, checks when passed.
 */
export async function markItemDone(
	member: Member,
	itemId: number,
	now = new Date(),
): Promise<{ itemId: number; done: true; progress: ProgramProgress }> {
	const { program, item } = await openItem(member, itemId, now)
	if (item.kind !== 'reading' && item.kind !== 'lesson') throw wrongKind(item, 'reading or a lesson')
	await ensureEnrolled(member, program, now)
	if (item.kind === 'lesson') {
		await recordProgress(member, { videoId: item.videoId!, progress: 100 })
	} else {
		await ensureItemState(member, program, itemId, now)
		await ProgramItemStateModel.updateOne(
			{ userId: member.id, itemId, doneAt: null },
			{ $set: { doneAt: now, updatedAt: now } },
		)
	}
	noteActivity(member.id)
	return { itemId, done: true, progress: await progressAfter(member, program, now) }
}

/**
 * A reflection (PUT /api/program-items/{id}/reflection): the member's own
 * words, 1 to 5,000 characters, changed as often as they like; done once
 * saved. Nobody but its author ever reads it.
 */
export async function saveReflection(
	member: Member,
	itemId: number,
	text: string,
	now = new Date(),
): Promise<{ itemId: number; text: string; updatedAt: string; done: true; progress: ProgramProgress }> {
	const { program, item } = await openItem(member, itemId, now)
	if (item.kind !== 'reflection') throw wrongKind(item, 'reflection')
	await ensureEnrolled(member, program, now)
	await ensureItemState(member, program, itemId, now)
	await ProgramItemStateModel.updateOne(
		{ userId: member.id, itemId },
		{ $set: { reflection: text, reflectionUpdatedAt: now, updatedAt: now } },
	)
	await ProgramItemStateModel.updateOne({ userId: member.id, itemId, doneAt: null }, { $set: { doneAt: now } })
	noteActivity(member.id)
	return { itemId, text, updatedAt: now.toISOString(), done: true, progress: await progressAfter(member, program, now) }
}

export interface CheckResult {
	attemptId: number
	score: number
	passed: boolean
	passMark: number
	results: Array<{ correct: boolean; explanation: string }>
	progress: ProgramProgress
}

/**
 * A knowledge check's answers (POST /api/program-items/{id}/check), marked on
 * the server: the score, whether it reaches the pass mark (70 % unless the
 * check says otherwise), and for each question whether it was right and its
 * explanation. Every attempt is kept; retakes are allowed; the first pass
 * makes the item done.
 */
export async function submitCheck(
	member: Member,
	itemId: number,
	answers: number[],
	now = new Date(),
): Promise<CheckResult> {
	const { program, item } = await openItem(member, itemId, now)
	if (item.kind !== 'check') throw wrongKind(item, 'knowledge check')
	const questions = item.questions ?? []
	if (answers.length !== questions.length)
		throw new ServiceError(
			`Answer every question: ${answers.length} of ${questions.length} answered`,
			400,
			answerField(Math.min(answers.length, questions.length - 1) + 1),
		)
	for (const [index, answer] of answers.entries())
		if (answer >= questions[index]!.choices.length)
			throw new ServiceError(`Question ${index + 1} has no choice ${answer}`, 400, answerField(index + 1))
	const results = questions.map((question, index) => ({
		correct: answers[index] === question.answer,
		explanation: question.explanation,
	}))
	const score = Math.round((results.filter((result) => result.correct).length * 100) / questions.length)
	const passMark = item.passMark ?? 70
	const passed = score >= passMark
	await ensureEnrolled(member, program, now)
	const attempt: ProgramCheckAttempt = {
		id: await nextId('programCheckAttempts'),
		userId: member.id,
		programId: program.id,
		itemId,
		answers,
		score,
		passed,
		createdAt: now,
	}
	await ProgramCheckAttemptModel.create(attempt)
	await ensureItemState(member, program, itemId, now)
	await ProgramItemStateModel.updateOne(
		{ userId: member.id, itemId },
		{ $max: { bestScore: score }, $set: { updatedAt: now } },
	)
	if (passed)
		await ProgramItemStateModel.updateOne({ userId: member.id, itemId, doneAt: null }, { $set: { doneAt: now } })
	noteActivity(member.id)
	return {
		attemptId: attempt.id,
		score,
		passed,
		passMark,
		results,
		progress: await progressAfter(member, program, now),
	}
}

// ---------------------------------------------------------------------------
// An item's page
// ---------------------------------------------------------------------------

/** What an item's page shows of it: its content only while it is open to the member, never a check's answers. */
export type ItemContent =
	| { kind: 'lesson'; video: MemberVideoJSON; progress: number }
	| { kind: 'reading'; html: string }
	| { kind: 'reflection'; prompt: string; text: string | null; updatedAt: string | null }
	| {
			kind: 'check'
			passMark: number
			questions: Array<{ prompt: string; choices: string[] }>
			bestScore: number | null
			/** The attempt whose results the page shows (one the member just sent), with its explanations. */
			attempt: {
				id: number
				score: number
				passed: boolean
				answers: number[]
				results: Array<{ correct: boolean; explanation: string }>
			} | null
	  }

export interface ItemPage {
	program: { id: number; title: string }
	module: { id: number; number: number; title: string }
	item: OutlineItem
	/** null while the item is locked for the member (the page says why, with a 403). */
	content: ItemContent | null
	previous: { id: number; title: string } | null
	next: { id: number; title: string } | null
	progress: ProgramProgress
}

/**
 * /programs/{id}/items/{itemId}: the item as the member may see it.
 * `attempt` shows the results of one of their own check attempts: their
 * latest, or one by its number.
 */
export async function getItemPage(
	member: Member,
	programId: number,
	itemId: number,
	{ attempt, now = new Date() }: { attempt?: number | 'latest'; now?: Date } = {},
): Promise<ItemPage> {
	const { program, item, moduleIndex, outlineItem, evaluation } = await locateItem(member, itemId, now, programId)
	const module = evaluation.modules[moduleIndex]!
	const all = evaluation.modules.flatMap((entry) => entry.items)
	const position = all.findIndex((entry) => entry.id === itemId)
	const neighbour = (entry: OutlineItem | undefined) => (entry ? { id: entry.id, title: entry.title } : null)
	return {
		program: { id: program.id, title: program.title },
		module: { id: module.id, number: module.number, title: module.title },
		item: outlineItem,
		content: outlineItem.lock ? null : await contentOf(member, item, attempt),
		previous: neighbour(all[position - 1]),
		next: neighbour(all[position + 1]),
		progress: evaluation.progress,
	}
}

async function contentOf(
	member: Member,
	item: ProgramItem,
	attempt: number | 'latest' | undefined,
): Promise<ItemContent> {
	switch (item.kind) {
		case 'lesson': {
			const [video, [record]] = await Promise.all([
				getVideoForMember(member, item.videoId!),
				listProgressOf(member.id, [item.videoId!]),
			])
			return { kind: 'lesson', video, progress: record?.progress ?? 0 }
		}
		case 'reading':
			return { kind: 'reading', html: renderMarkdown(item.body ?? '') }
		case 'reflection': {
			const state = await ProgramItemStateModel.findOne({ userId: member.id, itemId: item.id })
				.select('reflection reflectionUpdatedAt')
				.lean<Pick<ProgramItemState, 'reflection' | 'reflectionUpdatedAt'>>()
			return {
				kind: 'reflection',
				prompt: item.prompt ?? '',
				text: state?.reflection ?? null,
				updatedAt: toIso(state?.reflectionUpdatedAt),
			}
		}
		case 'check': {
			const questions = item.questions ?? []
			const own = { userId: member.id, itemId: item.id }
			const [state, shown] = await Promise.all([
				ProgramItemStateModel.findOne(own).select('bestScore').lean<Pick<ProgramItemState, 'bestScore'>>(),
				attempt === undefined
					? null
					: attempt === 'latest'
						? ProgramCheckAttemptModel.findOne(own).sort({ id: -1 }).lean<ProgramCheckAttempt>()
						: ProgramCheckAttemptModel.findOne({ ...own, id: attempt }).lean<ProgramCheckAttempt>(),
			])
			return {
				kind: 'check',
				passMark: item.passMark ?? 70,
				// The prompts and choices only: which choice is right, and why, comes with an attempt's results.
				questions: questions.map(({ prompt, choices }) => ({ prompt, choices: [...choices] })),
				bestScore: state?.bestScore ?? null,
				attempt: shown
					? {
							id: shown.id,
							score: shown.score,
							passed: shown.passed,
							answers: shown.answers,
							results: questions.map((question, index) => ({
								correct: shown.answers[index] === question.answer,
								explanation: question.explanation,
							})),
						}
					: null,
			}
		}
	}
}

// ---------------------------------------------------------------------------
// The member's data (the registry of personal data, decision 097)
// ---------------------------------------------------------------------------

/**
 * "Download my data": the programs the member started, with what they did
 * in each (readings done, their reflections, their check attempts).
 */
export async function exportProgramsOf(userId: number) {
	const [enrolments, states, attempts] = await Promise.all([
		ProgramEnrolmentModel.find({ userId })
			.sort({ id: 1 })
			.lean<Array<{ programId: number; startedAt: Date; completedAt: Date | null }>>(),
		ProgramItemStateModel.find({ userId }).sort({ itemId: 1 }).lean<ProgramItemState[]>(),
		ProgramCheckAttemptModel.find({ userId }).sort({ id: 1 }).lean<ProgramCheckAttempt[]>(),
	])
	const programIds = [...new Set([...enrolments, ...states, ...attempts].map((record) => record.programId))]
	const programs = await findPrograms(programIds)
	const videos = await lessonVideosOf(programs)
	const titles = new Map(
		programs.flatMap((program) =>
			program.modules.flatMap((module) => module.items.map((item) => [item.id, itemTitle(item, videos)] as const)),
		),
	)
	const programTitles = new Map(programs.map((program) => [program.id, program.title]))
	return programIds.map((programId) => {
		const enrolment = enrolments.find((entry) => entry.programId === programId)
		return {
			program: programTitles.get(programId) ?? 'A program no longer offered',
			startedAt: toIso(enrolment?.startedAt),
			completedAt: toIso(enrolment?.completedAt),
			items: states
				.filter((state) => state.programId === programId)
				.map((state) => ({
					item: titles.get(state.itemId) ?? 'An item no longer in the program',
					doneAt: toIso(state.doneAt),
					reflection: state.reflection,
					reflectionUpdatedAt: toIso(state.reflectionUpdatedAt),
					bestScore: state.bestScore,
				})),
			checkAttempts: attempts
				.filter((attempt) => attempt.programId === programId)
				.map((attempt) => ({
					item: titles.get(attempt.itemId) ?? 'An item no longer in the program',
					answers: attempt.answers,
					score: attempt.score,
					passed: attempt.passed,
					at: toIso(attempt.createdAt),
				})),
		}
	})
}
