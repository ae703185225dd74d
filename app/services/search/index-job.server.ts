import { SearchIndexStateModel, type SearchIndexState } from '#models/index'
import { type SearchKind } from '~/lib/search'
import { type Job } from '~/platform/jobs.server'
import {
	INDEX_BATCH,
	emptyIndex,
	entriesMissedBy,
	indexDocuments,
	unfinishedEntries,
	type SearchTarget,
} from '~/platform/search-index.server'
import { SEARCH_SOURCES, searchSource, type SearchSourcePart } from '~/services/search/sources.server'

/**
 * Keeping the global search's index whole (docs/decisions/166): the
 * `search-index` job indexes again the writes whose indexing was cut off,
 * and (re)builds the index when it was never built or was built with other
 * words (`SEARCH_INDEX_VERSION`), a batch at a time from where it stopped.
 * `rebuildSearchIndex` is the same rebuild run to its end: the demo seed,
 * `npm run search:rebuild` and the bench call it. Idempotent: a rebuild
 * reads every document through its service again and replaces its terms.
 */

/**
 * The version of what the index holds. Raise it when how text becomes terms
 * (app/lib/search.ts) or what a kind indexes changes: the job then reads
 * everything again.
 */
export const SEARCH_INDEX_VERSION = 1

/** A write's mark older than this with no indexing after it was cut off (a write indexes within a second). */
const UNFINISHED_AFTER_MS = 60_000

const STATE = { name: 'search-index' }

const sourceKey = (kind: SearchKind, part: string) => `${kind}:${part}`

/** Every part of every source, in the sources' order: what a rebuild walks. */
function buildSteps(): Array<{ key: string; target: SearchTarget; part: SearchSourcePart }> {
	return SEARCH_SOURCES.flatMap((entry) =>
		entry.parts.map((part) => ({
			key: sourceKey(entry.kind, part.part),
			target: { kind: entry.kind, part: part.part },
			part,
		})),
	)
}

/** Indexes again the writes whose indexing did not finish; answers how many documents it read. */
export async function finishUnfinishedWrites(now: Date, signal?: AbortSignal): Promise<number> {
	const markedBefore = new Date(now.getTime() - UNFINISHED_AFTER_MS)
	const seen = new Set<string>()
	let done = 0
	for (;;) {
		if (signal?.aborted) return done
		const entries = await unfinishedEntries(markedBefore, INDEX_BATCH)
		// Marks a run could not clear (a write marking them again meanwhile) wait for the next run.
		const fresh = entries.filter((entry) => !seen.has(`${entry.kind}:${entry.id}:${entry.part}`))
		if (fresh.length === 0) return done
		for (const entry of fresh) seen.add(`${entry.kind}:${entry.id}:${entry.part}`)
		const groups = new Map<string, { target: SearchTarget; ids: number[] }>()
		for (const entry of fresh) {
			const key = sourceKey(entry.kind as SearchKind, entry.part)
			const group = groups.get(key) ?? { target: { kind: entry.kind as SearchKind, part: entry.part }, ids: [] }
			group.ids.push(entry.id)
			groups.set(key, group)
		}
		for (const { target, ids } of groups.values()) {
			const part = searchSource(target.kind)?.parts.find((candidate) => candidate.part === target.part)
			// A kind or part no longer searched: its documents leave the index (a reader that finds nothing).
			const read = part?.read ?? (async () => new Map())
			await indexDocuments(target, ids, read, { finishing: 'every mark', markedBefore })
			done += ids.length
		}
	}
}

async function readState(): Promise<SearchIndexState> {
	return (await SearchIndexStateModel.findOneAndUpdate(
		STATE,
		{ $setOnInsert: { version: null, build: 0, cursorSource: null, cursorAfter: 0, builtAt: null } },
		{ upsert: true, new: true },
	).lean<SearchIndexState>())!
}

/** Whether the index must be built: never built, built with other words, or a build that stopped half-way. */
export async function searchIndexNeedsBuild(): Promise<boolean> {
	const state = await readState()
	return state.version !== SEARCH_INDEX_VERSION || state.cursorSource !== null
}

/**
 * Goes on with the build in progress (or starts one: `fresh` starts a new
 * one even when the index is up to date) until it is done or `stopAt`
 * passes. Answers whether the build is done.
 */
async function continueBuild({
	fresh,
	stopAt,
	signal,
}: {
	fresh: boolean
	stopAt?: number
	signal?: AbortSignal
}): Promise<boolean> {
	let state = await readState()
	const steps = buildSteps()
	if (fresh || state.cursorSource === null) {
		if (!fresh && state.version === SEARCH_INDEX_VERSION) return true
		state = (await SearchIndexStateModel.findOneAndUpdate(
			STATE,
			{ $inc: { build: 1 }, $set: { cursorSource: steps[0]!.key, cursorAfter: 0 } },
			{ new: true },
		).lean<SearchIndexState>())!
	}
	const build = state.build
	const outOfTime = () => signal?.aborted || (stopAt !== undefined && Date.now() > stopAt)
	let at = Math.max(
		0,
		steps.findIndex((step) => step.key === state.cursorSource),
	)
	let after = state.cursorAfter
	for (; at < steps.length; at += 1) {
		const { key, target, part } = steps[at]!
		for (;;) {
			if (outOfTime()) return false
			const markedBefore = new Date(Date.now() - UNFINISHED_AFTER_MS)
			const ids = await part.idsAfter(after, INDEX_BATCH)
			if (ids.length === 0) break
			await indexDocuments(target, ids, part.read, { finishing: 'every mark', markedBefore, build })
			after = ids.at(-1)!
			await SearchIndexStateModel.updateOne(STATE, { $set: { cursorSource: key, cursorAfter: after } })
		}
		// What this build did not reach of this part: documents gone since they were indexed (their terms go now).
		for (;;) {
			if (outOfTime()) return false
			const missed = await entriesMissedBy(target, build, INDEX_BATCH)
			if (missed.length === 0) break
			const markedBefore = new Date(Date.now() - UNFINISHED_AFTER_MS)
			await indexDocuments(target, missed, part.read, { finishing: 'every mark', markedBefore, build })
		}
		after = 0
		const next = steps[at + 1]
		await SearchIndexStateModel.updateOne(STATE, { $set: { cursorSource: next?.key ?? null, cursorAfter: 0 } })
	}
	await SearchIndexStateModel.updateOne(STATE, {
		$set: { version: SEARCH_INDEX_VERSION, cursorSource: null, cursorAfter: 0, builtAt: new Date() },
	})
	return true
}

/**
 * Reads every searchable document again and replaces its terms, to the end
 * (the rebuild command). `fromScratch` (the seeds and the bench, after
 * writing their data straight to the collections) empties the index first:
 * quicker, every document being new, but the search finds less until it is
 * done.
 */
export async function rebuildSearchIndex({ fromScratch = false }: { fromScratch?: boolean } = {}): Promise<void> {
	if (fromScratch) await emptyIndex()
	await continueBuild({ fresh: true })
}

/** How long one run of the job may build for: well within its lease. */
const BUILD_RUN_MS = 45_000

export const searchIndexJob: Job = {
	name: 'search-index',
	everyMs: 60_000,
	lockMs: 2 * 60_000,
	async run({ now, signal }) {
		await finishUnfinishedWrites(now, signal)
		await continueBuild({ fresh: false, stopAt: Date.now() + BUILD_RUN_MS, signal })
	},
}
