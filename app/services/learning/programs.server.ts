import mongoose from 'mongoose'
import {
	CertificateModel,
	ProgramCheckAttemptModel,
	ProgramEnrolmentModel,
	ProgramItemStateModel,
	ProgramModel,
	VideoModel,
	nextId,
	toProgramJSON,
	type Certificate,
	type Program,
	type ProgramItem,
	type ProgramJSON,
	type ProgramModule,
	type Video,
} from '#models/index'
import { type ProgramInput } from '~/lib/admin-schemas'
import { type PageWindow } from '~/lib/paging'
import { type ItemInput, type ModuleInput } from '~/lib/program-schemas'
import { ITEM_KIND_LABELS, isPremiumItem, readingMinutes, type UnlockRule } from '~/lib/programs'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { ServiceError, notFound } from '~/lib/service-error'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { NEWEST_FIRST, placeInList } from '~/platform/list-place.server'
import { currentStamps, heldRead } from '~/platform/held-reads.server'
import { runJobSoon } from '~/platform/jobs.server'
import { sharedInRequest } from '~/platform/request-context.server'
import { markdownToPlainText } from '~/platform/markdown.server'
import { publicAssetUrl } from '~/platform/public-pictures.server'
import { idsInOrder, writeIndexed, type SearchDocument } from '~/platform/search-index.server'
import { recordAudit } from '~/services/admin/audit.server'
import { catalogueWriter } from '~/services/catalogue/writer.server'
import { CONTENT_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * Programs as staff make them (product §2 "Programs", the admin panel's
 * Programs tab; docs/decisions/150): the catalogue side (list, create, edit,
 * publish, delete: a catalogue kind, decision 098) and the outline (modules
 * and items: add, edit, move up or down, remove). Every change is checked
 * against the acting user's role here and written to the audit log.
 *
 * What members see and do is program-learning.server.ts; the rules of what
 * opens when are program-progress.server.ts.
 */

/** The unlock job (program-progress.server.ts) by name: an outline change asks it to look at the program's members again. */
export const PROGRAM_UNLOCK_JOB = 'program-unlocks'

export const PROGRAM_NOT_FOUND = 'Program not found'
export const MODULE_NOT_FOUND = 'Module not found'
export const ITEM_NOT_FOUND = 'Item not found'

function programFilter(search: string | undefined): Record<string, unknown> {
	return anyFieldContains(search, ['title', 'summary'])
}

const toJSON = (program: Program): ProgramJSON => {
	const json = toProgramJSON(program)
	return { ...json, cover: publicAssetUrl(json.cover) }
}

/** Where a program is in the Programs tab's list (docs/decisions/249): how many come before it, or null when the search leaves it out. */
export function placeOfProgram({ id }: ProgramJSON, filters: { search?: string }): Promise<number | null> {
	return placeInList(ProgramModel, programFilter(filters.search), NEWEST_FIRST, { id })
}

/** The Programs tab: every program, newest first, searched by title or summary; a page with `window`. */
export async function listPrograms(filters: { search?: string } = {}, window?: PageWindow): Promise<ProgramJSON[]> {
	const programs = await ProgramModel.find(programFilter(filters.search))
		.sort(NEWEST_FIRST)
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Program[]>()
	return programs.map(toJSON)
}

export async function getProgram(id: number): Promise<ProgramJSON | null> {
	const program = await ProgramModel.findOne({ id }).lean<Program>()
	return program ? toJSON(program) : null
}

/** The stored program (its outline with the knowledge checks' answers: for the services, never for a member as it is). */
export function findProgram(id: number): Promise<Program | null> {
	// Once per page: a pod's page asks for its program, and again for its members' progress (decision 251).
	return sharedInRequest(`program:${id}`, () => ProgramModel.findOne({ id }).lean<Program>().exec())
}

/** The stored programs of these ids, published or not, in one query (none asked, none read). */
export async function findPrograms(ids: readonly number[]): Promise<Program[]> {
	const unique = [...new Set(ids)]
	return unique.length ? ProgramModel.find({ id: mongoose.trusted({ $in: unique }) }).lean<Program[]>() : []
}

/** The program an item belongs to, with the item and its module. */
export async function findItem(
	itemId: number,
): Promise<{ program: Program; module: ProgramModule; moduleIndex: number; item: ProgramItem } | null> {
	const program = await ProgramModel.findOne({ 'modules.items.id': itemId }).lean<Program>()
	if (!program) return null
	for (const [moduleIndex, module] of program.modules.entries()) {
		const item = module.items.find((candidate) => candidate.id === itemId)
		if (item) return { program, module, moduleIndex, item }
	}
	return null
}

/** The videos of the programs' lessons: title and duration, for titles and estimated times. */
export async function lessonVideosOf(
	programs: Program[],
): Promise<Map<number, Pick<Video, 'id' | 'title' | 'duration'>>> {
	const ids = [
		...new Set(
			programs.flatMap((program) =>
				program.modules.flatMap((module) =>
					module.items.flatMap((item) => (item.kind === 'lesson' && item.videoId ? [item.videoId] : [])),
				),
			),
		),
	]
	if (ids.length === 0) return new Map()
	// Shared by the page's askers for the same lessons (a pod's page: its items' titles and its members' progress).
	return sharedInRequest(`lesson-videos:${[...ids].sort((a, b) => a - b).join(',')}`, async () => {
		const videos = await VideoModel.find({ id: mongoose.trusted({ $in: ids }) })
			.select('id title duration')
			.lean<Array<Pick<Video, 'id' | 'title' | 'duration'>>>()
		return new Map(videos.map((video) => [video.id, video]))
	})
}

type LessonVideos = Awaited<ReturnType<typeof lessonVideosOf>>

/** Every program, and the videos of every program's lessons, as `heldPrograms` holds them. */
export interface HeldPrograms {
	programs: ReadonlyMap<number, Program>
	videos: LessonVideos
}

/**
 * Every program (drafts too, for staff) and its lessons' videos, held
 * between visits under the `catalogue` stamp, which every write to a program
 * or a video renews (models/program.ts, models/video.ts; decision 231): the
 * dashboard's "Your programs" reads neither on a visit where nothing
 * changed. Two queries when something did, whoever wrote it. What a card
 * needs only: the outline's ids, kinds, titles, lessons and rules, with
 * each reading's minutes in place of its words, and no descriptions,
 * prompts or questions. Shared: callers only read them (`evaluateProgram`
 * and the cards build their own objects).
 */
export async function heldPrograms(): Promise<HeldPrograms> {
	return heldRead('programs-for-cards', await currentStamps(['catalogue']), async () => {
		const programs = await ProgramModel.find().sort({ id: 1 }).lean<Program[]>()
		const cards = programs.map(cardShapeOf)
		return { programs: new Map(cards.map((program) => [program.id, program])), videos: await lessonVideosOf(cards) }
	})
}

/** A program as a card needs it (above): the words are read, turned into minutes and let go. */
function cardShapeOf(program: Program): Program {
	return {
		...program,
		description: null,
		modules: program.modules.map((module) => ({
			...module,
			description: null,
			items: module.items.map((item): HeldProgramItem => {
				const kept = { id: item.id, kind: item.kind, title: item.title, videoId: item.videoId ?? null }
				return item.kind === 'reading'
					? { ...kept, minutes: readingMinutes(markdownToPlainText(item.body ?? '')) }
					: kept
			}),
		})),
	}
}

/** An item's title: its own, or for a lesson without one its video's. */
export function itemTitle(item: ProgramItem, videos: LessonVideos): string {
	if (item.title) return item.title
	if (item.kind === 'lesson' && item.videoId)
		return videos.get(item.videoId)?.title ?? 'A lesson no longer in the library'
	return ITEM_KIND_LABELS[item.kind]
}

/** An item as `heldPrograms` keeps it: a reading's minutes instead of its words (decision 231). */
type HeldProgramItem = ProgramItem & { minutes?: number }

/** An item's minutes: a lesson's duration, a reading's time; null for the rest. */
export function itemMinutes(item: HeldProgramItem, videos: LessonVideos): number | null {
	if (item.kind === 'lesson') return (item.videoId && videos.get(item.videoId)?.duration) || null
	if (item.kind === 'reading') return item.minutes ?? readingMinutes(markdownToPlainText(item.body ?? ''))
	return null
}

/** A module's unlock rule as pages and JSON carry it. */
export function unlockRuleOf(module: ProgramModule): UnlockRule {
	const { kind, days, date } = module.unlock
	if (kind === 'after_days') return { kind, days: days ?? 0 }
	if (kind === 'on_date') return { kind, date: new Date(date ?? 0).toISOString() }
	return { kind }
}

/**
 * A program's searchable text as one text: its title, summary and
 * description, its modules' titles and its readings' words. (The global
 * search holds a program and each of its readings apart, so that a reading
 * is found only by whom it is open to: `programsForSearch`,
 * `readingsForSearch`.)
 */
export function programSearchText(program: Pick<Program, 'title' | 'summary' | 'description' | 'modules'>): string {
	return [
		program.title,
		program.summary,
		program.description,
		...program.modules.flatMap((module) => [
			module.title,
			...module.items.flatMap((item) => (item.kind === 'reading' && item.body ? [markdownToPlainText(item.body)] : [])),
		]),
	]
		.filter((part): part is string => Boolean(part))
		.join('\n')
}

// ---------------------------------------------------------------------------
// What the global search holds of programs (docs/decisions/166, 167)
// ---------------------------------------------------------------------------

/**
 * Published programs as the global search holds them: what their outline
 * shows every member (title, summary, description, the modules' and items'
 * titles), never an item's text. A draft is not found.
 */
export async function programsForSearch(ids: number[]): Promise<Map<number, SearchDocument>> {
	const programs = await ProgramModel.find({ id: mongoose.trusted({ $in: ids }), published: true }).lean<Program[]>()
	const videos = await lessonVideosOf(programs)
	return new Map(
		programs.map((program) => [
			program.id,
			{
				fields: [
					{ text: program.title, weight: SEARCH_TITLE_WEIGHT },
					{ text: program.summary ?? '', weight: 2 },
					{ text: program.description ?? '', weight: 1 },
					{
						text: program.modules
							.flatMap((module) => [module.title, ...module.items.map((item) => itemTitle(item, videos))])
							.join('\n'),
						weight: 1,
					},
				],
				audience: 'everyone',
				authorIds: [],
			},
		]),
	)
}

/**
 * The published programs that hold any of these items: one equality on the
 * `modules.items.id` index per item (the emulator matches no operator on a
 * field of an array inside an array, only equality).
 */
export function publishedProgramsHolding(itemIds: number[]): Promise<Program[]> {
	if (itemIds.length === 0) return Promise.resolve([])
	return ProgramModel.find({
		$or: itemIds.map((id) => ({ 'modules.items.id': id })),
		published: true,
	}).lean<Program[]>()
}

/** The readings of published programs, by item id, with where each is. */
async function readingsOf(itemIds: number[]) {
	const programs = await publishedProgramsHolding(itemIds)
	const wanted = new Set(itemIds)
	return programs.flatMap((program) =>
		program.modules.flatMap((module, moduleIndex) =>
			module.items.flatMap((item) =>
				item.kind === 'reading' && wanted.has(item.id) ? [{ program, moduleIndex, item }] : [],
			),
		),
	)
}

/**
 * Readings as the global search holds them, each its own document: its
 * title and words. One outside a program's first module is Premium (a free
 * account cannot open it): only Premium members find it by its words. The
 * drip (a module not open yet for this member) is the member's, checked when
 * results are read (program-learning.server.ts, `openReadings`).
 */
export async function readingsForSearch(itemIds: number[]): Promise<Map<number, SearchDocument>> {
	return new Map(
		(await readingsOf(itemIds)).map(({ moduleIndex, item }) => [
			item.id,
			{
				fields: [
					{ text: item.title ?? '', weight: SEARCH_TITLE_WEIGHT },
					{ text: markdownToPlainText(item.body ?? ''), weight: 1 },
				],
				audience: isPremiumItem(item, moduleIndex) ? 'premium' : 'everyone',
				authorIds: [],
			},
		]),
	)
}

/** Program ids after `after`, a batch at a time (the search index's rebuild). */
export const programIdsAfter = (after: number, limit: number) => idsInOrder(ProgramModel, after, limit)

/**
 * Reading ids after `after`, a batch at a time (the search index's rebuild):
 * items live inside their programs, which are few, so every outline is read.
 */
export async function readingIdsAfter(after: number, limit: number): Promise<number[]> {
	const programs = await ProgramModel.find().select('modules').lean<Array<Pick<Program, 'modules'>>>()
	return programs
		.flatMap((program) => readingIdsIn(program))
		.filter((id) => id > after)
		.sort((a, b) => a - b)
		.slice(0, limit)
}

const readingIdsIn = (program: Pick<Program, 'modules'> | null) =>
	program?.modules.flatMap((module) => module.items.flatMap((item) => (item.kind === 'reading' ? [item.id] : []))) ?? []

/**
 * A write that changes what a program's readings are to a search (its
 * published state, its deletion, its outline): they are indexed again with
 * it, those it had and `newReadingIds`.
 */
async function keepingReadingsInStep<Result>(
	programId: number,
	write: () => Promise<Result>,
	newReadingIds: number[] = [],
): Promise<Result> {
	const ids = [...readingIdsIn(await findProgram(programId)), ...newReadingIds]
	return writeIndexed({ kind: 'reading' }, ids, write, readingsForSearch)
}

// ---------------------------------------------------------------------------
// The catalogue side: the Programs tab and /api/admin/programs (decision 098)
// ---------------------------------------------------------------------------

const programWriter = catalogueWriter({
	model: ProgramModel,
	counter: 'programs',
	toJSON,
	notFoundMessage: PROGRAM_NOT_FOUND,
	// The members' starts and what they did; certificates stay: what they certify was earned (decision 152).
	deleteDependents: async (programId) => {
		await ProgramCheckAttemptModel.deleteMany({ programId })
		await ProgramItemStateModel.deleteMany({ programId })
		await ProgramEnrolmentModel.deleteMany({ programId })
	},
	createdWith: { modules: [], revision: 0 },
	audit: { type: 'program', label: (program) => program.title },
	search: { kind: 'program', read: programsForSearch },
})

/** A new program: a draft (unpublished) unless `published` says otherwise. */
export const createProgram = (actor: Actor, input: ProgramInput) =>
	programWriter.create(actor, { ...input, published: input.published ?? false })
/** Publishing or unpublishing a program finds or hides its readings with it. */
export const updateProgram = (actor: Actor, id: number, changes: Partial<ProgramInput>) =>
	keepingReadingsInStep(id, () => programWriter.update(actor, id, changes))

export const deleteProgram = (actor: Actor, id: number) =>
	keepingReadingsInStep(id, () => programWriter.remove(actor, id))

// ---------------------------------------------------------------------------
// The outline: modules and items (/admin/programs/{id} and its dialogs)
// ---------------------------------------------------------------------------

/** A program's outline as staff edit it: every module and item, the checks' answers included. */
export interface StaffOutline {
	program: ProgramJSON
	modules: Array<{
		id: number
		title: string
		description: string | null
		unlock: UnlockRule
		items: Array<{
			id: number
			kind: ProgramItem['kind']
			/** The item's own title (null: a lesson showing its video's). */
			ownTitle: string | null
			title: string
			minutes: number | null
			videoId: number | null
			body: string | null
			prompt: string | null
			passMark: number | null
			questions: Array<{ prompt: string; choices: string[]; answer: number; explanation: string }>
		}>
	}>
}

export async function getStaffOutline(actor: Actor, programId: number): Promise<StaffOutline> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const program = await findProgram(programId)
	if (!program) throw notFound(PROGRAM_NOT_FOUND)
	const videos = await lessonVideosOf([program])
	return {
		program: toJSON(program),
		modules: program.modules.map((module) => ({
			id: module.id,
			title: module.title,
			description: module.description ?? null,
			unlock: unlockRuleOf(module),
			items: module.items.map((item) => ({
				id: item.id,
				kind: item.kind,
				ownTitle: item.title ?? null,
				title: itemTitle(item, videos),
				minutes: itemMinutes(item, videos),
				videoId: item.videoId ?? null,
				body: item.body ?? null,
				prompt: item.prompt ?? null,
				passMark: item.passMark ?? null,
				questions: (item.questions ?? []).map(({ prompt, choices, answer, explanation }) => ({
					prompt,
					choices: [...choices],
					answer,
					explanation,
				})),
			})),
		})),
	}
}

/** The certificates issued for a program, newest first: the outline page lists them (admins revoke there). */
export async function listProgramCertificates(actor: Actor, programId: number): Promise<Certificate[]> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	return CertificateModel.find({ programId }).sort({ id: -1 }).limit(200).lean<Certificate[]>()
}

const OUTLINE_CONFLICT = 'Someone else changed this program at the same moment. Please try again.'

/**
 * One change to a program's outline: read, change, and write the whole
 * outline back only over the revision it was read at (tried again when
 * another change came first), then the audit entry. `change` returns the
 * new modules and the entry's summary, or throws a ServiceError.
 */
async function changeOutline(
	actor: Actor,
	programId: number,
	change: (modules: ProgramModule[], program: Program) => Promise<{ modules: ProgramModule[]; summary: string }>,
	newReadingIds: number[] = [],
): Promise<void> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	// What the search finds of the program (its titles) and of its readings follows the outline.
	await keepingReadingsInStep(
		programId,
		() =>
			writeIndexed({ kind: 'program' }, [programId], () => writeOutline(actor, programId, change), programsForSearch),
		newReadingIds,
	)
}

async function writeOutline(
	actor: Actor,
	programId: number,
	change: (modules: ProgramModule[], program: Program) => Promise<{ modules: ProgramModule[]; summary: string }>,
): Promise<void> {
	for (let attempt = 0; attempt < 3; attempt += 1) {
		const program = await findProgram(programId)
		if (!program) throw notFound(PROGRAM_NOT_FOUND)
		const { modules, summary } = await change(structuredClone(program.modules), program)
		const result = await ProgramModel.updateOne(
			{ id: programId, revision: program.revision },
			{ $set: { modules, revision: program.revision + 1 } },
		)
		if (result.matchedCount === 0) continue
		await recordAudit(actor, {
			kind: 'program.outline_changed',
			target: { type: 'program', id: program.id, label: program.title },
			summary: `${summary} in program "${program.title}"`,
		})
		// Members' next unlocks may have moved (a new module, another rule): the unlock job looks at them again.
		await ProgramEnrolmentModel.updateMany({ programId, completedAt: null }, { $set: { nextUnlockAt: new Date() } })
		runJobSoon(PROGRAM_UNLOCK_JOB)
		return
	}
	throw new ServiceError(OUTLINE_CONFLICT, 409)
}

function moduleIndexOf(modules: ProgramModule[], moduleId: number): number {
	const index = modules.findIndex((module) => module.id === moduleId)
	if (index === -1) throw notFound(MODULE_NOT_FOUND)
	return index
}

function itemPlaceOf(modules: ProgramModule[], itemId: number): { moduleIndex: number; itemIndex: number } {
	for (const [moduleIndex, module] of modules.entries()) {
		const itemIndex = module.items.findIndex((item) => item.id === itemId)
		if (itemIndex !== -1) return { moduleIndex, itemIndex }
	}
	throw notFound(ITEM_NOT_FOUND)
}

function storedUnlock(rule: UnlockRule): ProgramModule['unlock'] {
	if (rule.kind === 'after_days') return { kind: rule.kind, days: rule.days, date: null }
	if (rule.kind === 'on_date') return { kind: rule.kind, days: null, date: new Date(rule.date) }
	return { kind: rule.kind, days: null, date: null }
}

export async function addModule(actor: Actor, programId: number, input: ModuleInput): Promise<number> {
	const id = await nextId('programModules')
	await changeOutline(actor, programId, async (modules) => ({
		modules: [
			...modules,
			{ id, title: input.title, description: input.description, unlock: storedUnlock(input.unlock), items: [] },
		],
		summary: `Added module "${input.title}"`,
	}))
	return id
}

export async function updateModule(actor: Actor, programId: number, moduleId: number, input: ModuleInput) {
	await changeOutline(actor, programId, async (modules) => {
		const index = moduleIndexOf(modules, moduleId)
		const module = modules[index]!
		modules[index] = {
			...module,
			title: input.title,
			description: input.description,
			unlock: storedUnlock(input.unlock),
		}
		return { modules, summary: `Edited module "${input.title}"` }
	})
}

/** Removes a module with its items, and what members did with those items. */
export async function removeModule(actor: Actor, programId: number, moduleId: number) {
	let removed: ProgramModule | undefined
	await changeOutline(actor, programId, async (modules) => {
		const index = moduleIndexOf(modules, moduleId)
		removed = modules[index]
		return { modules: modules.filter((_, other) => other !== index), summary: `Removed module "${removed!.title}"` }
	})
	await forgetItems(removed?.items.map((item) => item.id) ?? [])
	return removed!
}

export async function moveModule(actor: Actor, programId: number, moduleId: number, direction: 'up' | 'down') {
	await changeOutline(actor, programId, async (modules) => {
		const index = moduleIndexOf(modules, moduleId)
		const to = direction === 'up' ? index - 1 : index + 1
		if (to < 0 || to >= modules.length)
			throw new ServiceError(`This module is already the ${direction === 'up' ? 'first' : 'last'}`, 400)
		;[modules[index], modules[to]] = [modules[to]!, modules[index]!]
		return { modules, summary: `Moved module "${modules[to]!.title}" ${direction} to position ${to + 1}` }
	})
}

async function storedItem(id: number, input: ItemInput): Promise<ProgramItem> {
	switch (input.kind) {
		case 'lesson':
			if (!(await VideoModel.exists({ id: input.videoId })))
				throw new ServiceError('That lesson is not in the library', 400, 'videoId')
			return { id, kind: 'lesson', title: input.title, videoId: input.videoId }
		case 'reading':
			return { id, kind: 'reading', title: input.title, body: input.body }
		case 'reflection':
			return { id, kind: 'reflection', title: input.title, prompt: input.prompt }
		case 'check':
			return { id, kind: 'check', title: input.title, passMark: input.passMark, questions: input.questions }
	}
}

export async function addItem(actor: Actor, programId: number, moduleId: number, input: ItemInput): Promise<number> {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const id = await nextId('programItems')
	const item = await storedItem(id, input)
	await changeOutline(
		actor,
		programId,
		async (modules) => {
			const module = modules[moduleIndexOf(modules, moduleId)]!
			module.items.push(item)
			return {
				modules,
				summary: `Added ${ITEM_KIND_LABELS[item.kind].toLowerCase()} "${item.title ?? `lesson ${item.videoId}`}" to module "${module.title}"`,
			}
		},
		item.kind === 'reading' ? [id] : [],
	)
	return id
}

/** Edits an item; its kind stays what it is. */
export async function updateItem(actor: Actor, programId: number, itemId: number, input: ItemInput) {
	assertActorRole(actor, CONTENT_ADMIN_ROLES)
	const item = await storedItem(itemId, input)
	await changeOutline(actor, programId, async (modules) => {
		const { moduleIndex, itemIndex } = itemPlaceOf(modules, itemId)
		const current = modules[moduleIndex]!.items[itemIndex]!
		if (current.kind !== item.kind)
			throw new ServiceError(`This item is a ${ITEM_KIND_LABELS[current.kind].toLowerCase()}`, 400)
		modules[moduleIndex]!.items[itemIndex] = item
		return {
			modules,
			summary: `Edited ${ITEM_KIND_LABELS[item.kind].toLowerCase()} "${item.title ?? current.title ?? `lesson ${item.videoId}`}"`,
		}
	})
}

export async function removeItem(actor: Actor, programId: number, itemId: number): Promise<ProgramItem> {
	let removed: ProgramItem | undefined
	await changeOutline(actor, programId, async (modules) => {
		const { moduleIndex, itemIndex } = itemPlaceOf(modules, itemId)
		removed = modules[moduleIndex]!.items.splice(itemIndex, 1)[0]
		return {
			modules,
			summary: `Removed ${ITEM_KIND_LABELS[removed!.kind].toLowerCase()} "${removed!.title ?? `lesson ${removed!.videoId}`}"`,
		}
	})
	await forgetItems([itemId])
	return removed!
}

/**
 * Moves an item up or down; past the top or the bottom of its module it goes
 * to the end of the module before or the start of the module after, so
 * plain up and down buttons reach every place in the outline.
 */
export async function moveItem(actor: Actor, programId: number, itemId: number, direction: 'up' | 'down') {
	await changeOutline(actor, programId, async (modules) => {
		const { moduleIndex, itemIndex } = itemPlaceOf(modules, itemId)
		const items = modules[moduleIndex]!.items
		const item = items[itemIndex]!
		const to = direction === 'up' ? itemIndex - 1 : itemIndex + 1
		if (to >= 0 && to < items.length) {
			;[items[itemIndex], items[to]] = [items[to]!, item]
		} else {
			const neighbour = modules[direction === 'up' ? moduleIndex - 1 : moduleIndex + 1]
			if (!neighbour)
				throw new ServiceError(`This item is already the ${direction === 'up' ? 'first' : 'last'} of the program`, 400)
			items.splice(itemIndex, 1)
			if (direction === 'up') neighbour.items.push(item)
			else neighbour.items.unshift(item)
		}
		return {
			modules,
			summary: `Moved ${ITEM_KIND_LABELS[item.kind].toLowerCase()} "${item.title ?? `lesson ${item.videoId}`}" ${direction}`,
		}
	})
}

/** What members did with items that are gone (readings marked, reflections, attempts). */
async function forgetItems(itemIds: number[]) {
	if (itemIds.length === 0) return
	const filter = { itemId: mongoose.trusted({ $in: itemIds }) }
	await ProgramItemStateModel.deleteMany(filter)
	await ProgramCheckAttemptModel.deleteMany(filter)
}
