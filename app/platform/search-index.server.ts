import mongoose, { type Model } from 'mongoose'
import { SearchEntryModel, SearchTermModel, nextId, type SearchEntry, type SearchTerm } from '#models/index'
import { SEARCH_KINDS, termCounts, type SearchKind } from '~/lib/search'
import { isDuplicateKeyError } from '~/lib/service-error'

/**
 * The global search's index, kept by the app (docs/decisions/166): the
 * embedded emulator has no `$text`, so both databases run this one code
 * path. It knows no domain: the services hand it what a document is to a
 * search (`SearchDocument`: its words by field, who may find them, whose
 * words they are) through a reader, and it keeps the terms in
 * `searchterms`, one document per term and document, stemmed by the
 * maintained `stemmer` (app/lib/search.ts).
 *
 * **Writes.** Every service writes a searchable document through
 * `writeIndexed`: the document's entry is marked pending *before* the write,
 * then the write, then the document is read again through its service and
 * its terms replaced. A write whose indexing was cut off keeps its mark, and
 * the `search-index` job indexes it again; nothing is lost. Each indexing
 * run draws a revision from the counters after the write it follows and
 * reads the document after that, so of two runs the later one reads the
 * later state, and its terms replace the earlier run's whatever order they
 * finish in (an older run that finds a newer revision removes its own).
 */

/** Who may find a document's words: every member, or Premium members only (docs/decisions/167). */
export type SearchAudience = 'everyone' | 'premium'

/** What a document is to a search, as its service says. */
export interface SearchDocument {
	/** Its words by field, each with the field's weight: a title weighs more than a body. */
	fields: Array<{ text: string; weight: number }>
	audience: SearchAudience
	/** The members whose words these are (a post's author; for a comment, its post's too): their blockers never find it. */
	authorIds: number[]
}

/**
 * Reads documents of one kind (and part) by id, as a search should see them
 * now: a document that is gone, or must not be found (deleted, removed,
 * hidden, unpublished), is left out of the answer.
 */
export type SearchReader = (ids: number[]) => Promise<Map<number, SearchDocument>>

/** A kind's documents, or one part of them: a lesson's title and description are `main`, its transcript another part. */
export interface SearchTarget {
	kind: SearchKind
	/** `main` unless said: when a document's main part is gone, all of its parts go. */
	part?: string
}

export const MAIN_PART = 'main'

/** How often a word counts at most in a field: a word said forty times is not forty times as relevant. */
const MAX_OCCURRENCES = 3

/** Documents read and indexed per step. */
export const INDEX_BATCH = 500

export const searchKey = (kind: string, id: number) => `${kind}:${id}`

export function parseSearchKey(key: string): { kind: SearchKind; id: number } | null {
	const at = key.lastIndexOf(':')
	const kind = key.slice(0, at)
	const id = Number(key.slice(at + 1))
	return at > 0 && Object.hasOwn(SEARCH_KINDS, kind) && Number.isSafeInteger(id)
		? { kind: kind as SearchKind, id }
		: null
}

const partOf = (target: SearchTarget) => target.part ?? MAIN_PART

/**
 * Writes searchable documents and keeps the index in step: `write` is the
 * service's own write of them (ids known before it: a new document's id is
 * drawn first), `read` reads them back as a search sees them. The mark
 * before the write is what makes the index lose nothing; a failure to index
 * after the write is logged, never thrown, so a write that happened is never
 * reported as failed (the job indexes it again).
 */
export async function writeIndexed<Result>(
	target: SearchTarget,
	ids: number[],
	write: () => Promise<Result>,
	read: SearchReader,
): Promise<Result> {
	await markPending(target, ids)
	const settle = async () => {
		try {
			await indexDocuments(target, ids, read, { finishing: 'a write' })
		} catch (error) {
			console.error(`Search index: ${target.kind} ${ids.join(', ')} left for the search-index job:`, error)
		}
	}
	let result: Result
	try {
		result = await write()
	} catch (error) {
		// A refused or failed write may still have changed something (a connection lost after the server wrote):
		// the index reads what is there now, as after any write.
		await settle()
		throw error
	}
	await settle()
	return result
}

/** Before a write: the entries say a write of them has started (made when missing). */
async function markPending(target: SearchTarget, ids: number[]): Promise<void> {
	if (ids.length === 0) return
	const now = new Date()
	await SearchEntryModel.bulkWrite(
		ids.map((id) => ({
			updateOne: {
				filter: { kind: target.kind, id, part: partOf(target) },
				update: { $inc: { pending: 1 }, $set: { touchedAt: now }, $setOnInsert: { rev: 0, build: 0 } },
				upsert: true,
			},
		})),
		{ ordered: false },
	)
}

/**
 * Reads these documents through `read` and makes their terms in the index
 * what they are now. `finishing`: what this run completes, so their marks
 * come off: 'a write' (one mark, its own) or 'every mark' (the job and the
 * rebuild, for marks older than `markedBefore`: a write in progress keeps
 * its own). `build`: the rebuild this run is part of.
 */
export async function indexDocuments(
	target: SearchTarget,
	ids: number[],
	read: SearchReader,
	{
		finishing,
		markedBefore,
		build,
	}: { finishing: 'a write' | 'every mark' | 'nothing'; markedBefore?: Date; build?: number },
): Promise<void> {
	if (ids.length === 0) return
	const part = partOf(target)
	const entry = { kind: target.kind, part }
	// Drawn after the write this run follows: a run that draws a higher revision reads a later state.
	const rev = await nextId('searchRevisions')
	const fresh = await stampEntries(target, ids, rev, build)
	const documents = await read(ids)
	const terms = ids.flatMap((id) => {
		const document = documents.get(id)
		return document ? termsOf(target.kind, id, part, document, rev) : []
	})
	for (let start = 0; start < terms.length; start += 5_000)
		await SearchTermModel.insertMany(terms.slice(start, start + 5_000), { ordered: false, lean: true })
	// Older runs' terms of these documents go; a document whose main part is gone loses every part.
	const kept = ids.filter((id) => !fresh.has(id))
	const gone = part === MAIN_PART ? kept.filter((id) => !documents.has(id)) : []
	const standing = kept.filter((id) => !gone.includes(id))
	const older = mongoose.trusted({ $lt: rev })
	if (standing.length) await SearchTermModel.deleteMany({ key: inKeys(target.kind, standing), part, rev: older })
	if (gone.length) await SearchTermModel.deleteMany({ key: inKeys(target.kind, gone), rev: older })
	// A later run stamped some of them while this one read: its terms are the ones that stay. (Read as the entries
	// stamped after this run, few on any database, then narrowed to these documents.)
	const batch = new Set(ids)
	const overtaken = (
		await SearchEntryModel.find({ ...entry, rev: mongoose.trusted({ $gt: rev }) })
			.select('id')
			.lean<Array<Pick<SearchEntry, 'id'>>>()
	).filter(({ id }) => batch.has(id))
	if (overtaken.length)
		await SearchTermModel.deleteMany({
			key: inKeys(
				target.kind,
				overtaken.map(({ id }) => id),
			),
			part,
			rev,
		})
	if (finishing === 'a write')
		await SearchEntryModel.updateMany({ ...entry, id: inIds(ids) }, { $inc: { pending: -1 } })
	else if (finishing === 'every mark') {
		const marked = (
			await SearchEntryModel.find({
				...entry,
				pending: mongoose.trusted({ $ne: 0 }),
				touchedAt: mongoose.trusted({ $lte: markedBefore ?? new Date() }),
			})
				.select('id')
				.lean<Array<Pick<SearchEntry, 'id'>>>()
		).filter(({ id }) => batch.has(id))
		if (marked.length)
			await SearchEntryModel.updateMany(
				{
					...entry,
					id: inIds(marked.map(({ id }) => id)),
					touchedAt: mongoose.trusted({ $lte: markedBefore ?? new Date() }),
				},
				{ $set: { pending: 0 } },
			)
	}
}

const inIds = (ids: number[]) => mongoose.trusted({ $in: ids })

/**
 * A filter on `id` for a read whose extra rows are dropped after it (the
 * readers of the search's documents): the range from the lowest id to the
 * highest when the ids fill most of it (a rebuild's batch), else the ids.
 * The same index read on MongoDB; on the emulator, which checks every
 * document of a collection against a filter, a range costs a fraction of a
 * 500-id `$in`.
 */
export function idsOrTheirRange(ids: number[]) {
	if (ids.length === 0) return inIds(ids)
	const low = ids.reduce((least, id) => Math.min(least, id))
	const high = ids.reduce((most, id) => Math.max(most, id))
	return high - low < ids.length * 2 ? mongoose.trusted({ $gte: low, $lte: high }) : inIds(ids)
}
const inKeys = (kind: string, ids: number[]) => mongoose.trusted({ $in: ids.map((id) => searchKey(kind, id)) })

/**
 * Gives the documents' entries this run's revision (never a lower one) and
 * makes the missing ones; answers the ids that had no entry, and so no
 * terms to replace. Read, then insert the new and update the others: one
 * query each for a whole batch (a rebuild indexes a hundred thousand
 * documents; an upsert each would be a query each).
 */
async function stampEntries(
	target: SearchTarget,
	ids: number[],
	rev: number,
	build: number | undefined,
): Promise<Set<number>> {
	const entry = { kind: target.kind, part: partOf(target) }
	const now = new Date()
	const batch = new Set(ids)
	const known = new Set(
		(
			await SearchEntryModel.find({ ...entry, id: idsOrTheirRange(ids) })
				.select('id')
				.lean<Array<Pick<SearchEntry, 'id'>>>()
		)
			.map(({ id }) => id)
			.filter((id) => batch.has(id)),
	)
	const fresh = ids.filter((id) => !known.has(id))
	// `touchedAt` is the marks' time (markPending): a run leaves it, so the marks it did not clear stay findable.
	const stamp = build === undefined ? {} : { build }
	if (fresh.length) {
		try {
			await SearchEntryModel.insertMany(
				fresh.map((id) => ({ ...entry, id, rev, pending: 0, build: build ?? 0, touchedAt: now })),
				{ ordered: false, lean: true },
			)
		} catch (error) {
			// Another run made some of them meanwhile (MongoDB's unique index): those are known, not fresh.
			if (!isDuplicateKeyError(error)) throw error
			await SearchEntryModel.updateMany({ ...entry, id: inIds(fresh) }, { $max: { rev }, ...setting(stamp) })
			return new Set()
		}
	}
	if (known.size)
		await SearchEntryModel.updateMany({ ...entry, id: inIds([...known]) }, { $max: { rev }, ...setting(stamp) })
	return new Set(fresh)
}

const setting = (fields: Record<string, unknown>) => (Object.keys(fields).length ? { $set: fields } : {})

/** A document's terms, each once, weighed by its fields. */
function termsOf(kind: SearchKind, id: number, part: string, document: SearchDocument, rev: number): SearchTerm[] {
	const weights = new Map<string, number>()
	for (const field of document.fields) {
		for (const [term, count] of termCounts(field.text))
			weights.set(term, (weights.get(term) ?? 0) + field.weight * Math.min(count, MAX_OCCURRENCES))
	}
	const key = searchKey(kind, id)
	const type = SEARCH_KINDS[kind].type
	return [...weights].map(([term, weight]) => ({
		term,
		key,
		part,
		type,
		weight,
		audience: document.audience,
		authorIds: [...new Set(document.authorIds)],
		rev,
	}))
}

/**
 * Takes documents out of the index now, without reading them (a whole
 * community's discussions as it is deleted): every part of each. Their
 * entries stay, with a revision above any older run's.
 */
export async function dropFromIndex(kind: SearchKind, ids: number[]): Promise<void> {
	for (let start = 0; start < ids.length; start += INDEX_BATCH) {
		const batch = ids.slice(start, start + INDEX_BATCH)
		const rev = await nextId('searchRevisions')
		await SearchEntryModel.updateMany({ kind, id: inIds(batch) }, { $max: { rev } })
		await SearchTermModel.deleteMany({ key: inKeys(kind, batch), rev: mongoose.trusted({ $lt: rev }) })
	}
}

/**
 * The next ids of a collection after `after`, in id order: how a service
 * lists its documents to the rebuild, a batch at a time (by its unique
 * `id` index, however large the collection).
 */
export async function idsInOrder<Doc extends { id: number }>(
	model: Model<Doc>,
	after: number,
	limit: number,
	filter: Record<string, unknown> = {},
): Promise<number[]> {
	const rows = await model
		.find({ ...filter, id: mongoose.trusted({ $gt: after }) })
		.sort({ id: 1 })
		.limit(limit)
		.select('id')
		.lean<Array<{ id: number }>>()
	return rows.map(({ id }) => id)
}

/**
 * Empties the index, for a rebuild from scratch (the seeds and the bench,
 * on data just written): every document is then new to the rebuild, which
 * inserts its terms without looking for older ones to replace. Until the
 * rebuild is done the search finds less.
 */
export async function emptyIndex(): Promise<void> {
	await SearchTermModel.deleteMany({})
	await SearchEntryModel.deleteMany({})
}

// ---------------------------------------------------------------------------
// What the job and the rebuild read
// ---------------------------------------------------------------------------

/** Entries marked by writes before `markedBefore` and not indexed since: the writes whose indexing was cut off. */
export async function unfinishedEntries(
	markedBefore: Date,
	limit: number,
): Promise<Array<Pick<SearchEntry, 'kind' | 'id' | 'part'>>> {
	return SearchEntryModel.find({
		pending: mongoose.trusted({ $ne: 0 }),
		touchedAt: mongoose.trusted({ $lte: markedBefore }),
	})
		.limit(limit)
		.select('kind id part')
		.lean<Array<Pick<SearchEntry, 'kind' | 'id' | 'part'>>>()
}

/** Ids of a kind's entries the rebuild `build` did not reach (documents that are gone, or were never seen by it). */
export async function entriesMissedBy(target: SearchTarget, build: number, limit: number): Promise<number[]> {
	const rows = await SearchEntryModel.find({
		kind: target.kind,
		part: partOf(target),
		build: mongoose.trusted({ $lt: build }),
	})
		.limit(limit)
		.select('id')
		.lean<Array<Pick<SearchEntry, 'id'>>>()
	return rows.map(({ id }) => id)
}

// ---------------------------------------------------------------------------
// Searching
// ---------------------------------------------------------------------------

/** How many of a term's documents are read at first, best first. */
export const TERM_READ_LIMIT = 2_000

export interface IndexQuery {
	/** Stemmed terms; every one must be in a document for it to be found. */
	terms: string[]
	/** The last term, also as the start of longer terms (the word being typed). */
	prefix: string | null
	/** Only these tabs, or all. */
	types: string[] | null
	audiences: SearchAudience[]
	/** Members whose words the searcher does not see (whom they blocked). */
	excludeAuthorIds: number[]
}

export interface IndexMatch {
	key: string
	kind: SearchKind
	id: number
	type: string
	score: number
}

/**
 * The documents that have every term of the query, best first (summed
 * weights; then the newest of a kind). Each term is one indexed read of its
 * best `TERM_READ_LIMIT` documents; when a term has more, the others' are
 * checked against the candidates by `{term, key}` instead. `complete` is
 * false when every term had more documents than that: the answer is then the
 * best of the first term's best.
 */
export async function findInIndex(query: IndexQuery): Promise<{ matches: IndexMatch[]; complete: boolean }> {
	if (query.terms.length === 0) return { matches: [], complete: true }
	const filterOf = (term: string) => ({
		term: term === query.prefix ? mongoose.trusted({ $gte: term, $lt: `${term}\uffff` }) : term,
		...(query.types
			? { type: query.types.length === 1 ? query.types[0] : mongoose.trusted({ $in: query.types }) }
			: {}),
		audience: mongoose.trusted({ $in: query.audiences }),
		...(query.excludeAuthorIds.length ? { authorIds: mongoose.trusted({ $nin: query.excludeAuthorIds }) } : {}),
	})
	const lists = await Promise.all(
		query.terms.map(async (term) => {
			const rows = await SearchTermModel.find(filterOf(term))
				.sort({ weight: -1 })
				.limit(TERM_READ_LIMIT + 1)
				.select('key type weight')
				.lean<Array<Pick<SearchTerm, 'key' | 'type' | 'weight'>>>()
			return { term, complete: rows.length <= TERM_READ_LIMIT, documents: tally(rows.slice(0, TERM_READ_LIMIT)) }
		}),
	)
	const ordered = [...lists].sort(
		(a, b) => Number(b.complete) - Number(a.complete) || a.documents.size - b.documents.size,
	)
	const [first, ...others] = ordered
	let candidates = new Map(first!.documents)
	for (const other of others) {
		if (candidates.size === 0) break
		const found = other.complete
			? other.documents
			: await documentsHaving(other.term, candidates, {
					prefix: other.term === query.prefix,
					audiences: query.audiences,
				})
		const next = new Map<string, { type: string; score: number }>()
		for (const [key, match] of candidates) {
			const also = found.get(key)
			if (also) next.set(key, { type: match.type, score: match.score + also.score })
		}
		candidates = next
	}
	const matches = [...candidates].flatMap(([key, { type, score }]) => {
		const parsed = parseSearchKey(key)
		return parsed ? [{ key, ...parsed, type, score }] : []
	})
	matches.sort((a, b) => b.score - a.score || b.id - a.id || a.key.localeCompare(b.key))
	return { matches, complete: first!.complete }
}

/** How many of a term's documents a check reads whole before it asks about the candidates one by one instead. */
const TERM_KEYS_READ_LIMIT = 50_000

/**
 * Which of the candidates also have a term (in an audience the searcher
 * may read): the term's documents read whole by `{term, audience, key,
 * weight}` (covered on MongoDB: index entries only, no documents), up to
 * TERM_KEYS_READ_LIMIT; a term in more documents than that is asked about
 * the candidates by key. (The emulator checks every document against a
 * filter, and a `$in` of 2,000 keys there costs seconds.) Blocked authors
 * need no second look: every part of a document carries the same authors,
 * and the first term's read left theirs out.
 */
async function documentsHaving(
	term: string,
	candidates: Map<string, { type: string; score: number }>,
	{ prefix, audiences }: { prefix: boolean; audiences: SearchAudience[] },
): Promise<Map<string, { type: string; score: number }>> {
	const filter = {
		term: prefix ? mongoose.trusted({ $gte: term, $lt: `${term}\uffff` }) : term,
		audience: mongoose.trusted({ $in: audiences }),
	}
	const rows = await SearchTermModel.find(filter)
		.select('key weight -_id')
		.limit(TERM_KEYS_READ_LIMIT + 1)
		.lean<Array<Pick<SearchTerm, 'key' | 'weight'>>>()
	const whole =
		rows.length <= TERM_KEYS_READ_LIMIT
			? rows
			: await SearchTermModel.find({ ...filter, key: mongoose.trusted({ $in: [...candidates.keys()] }) })
					.select('key weight -_id')
					.lean<Array<Pick<SearchTerm, 'key' | 'weight'>>>()
	return tally(whole.map((row) => ({ ...row, type: candidates.get(row.key)?.type ?? '' })))
}

/** A term's rows per document: a document's parts (a lesson's fields and its transcript) and prefixed terms add up. */
function tally(rows: Array<Pick<SearchTerm, 'key' | 'type' | 'weight'>>): Map<string, { type: string; score: number }> {
	const documents = new Map<string, { type: string; score: number }>()
	for (const row of rows) {
		const known = documents.get(row.key)
		documents.set(row.key, { type: row.type, score: (known?.score ?? 0) + row.weight })
	}
	return documents
}
