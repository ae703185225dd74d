import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * The global search's index (product §2 "Search", docs/decisions/166): the
 * app keeps it itself, because the embedded emulator has no `$text`. Three
 * collections, written only by app/platform/search-index.server.ts.
 */

/**
 * One term of one document: the inverted index. A search looks its terms
 * up by equality (or, for the word being typed, by the start of the term),
 * so on MongoDB every search is a read of the `term` indexes.
 */
export interface SearchTerm {
	/** A stemmed word (app/lib/search.ts `termOf`). */
	term: string
	/** The document: `{kind}:{id}`, such as `post:12`. */
	key: string
	/** The part of the document these words come from (a lesson's `main` fields, its `transcript`). */
	part: string
	/** The tab it is found under (`?type=`): lessons, discussions, ... */
	type: string
	/** How well the term describes the document: its fields' weights times how often it occurs (capped). */
	weight: number
	/** Who may find the document by these words: 'everyone', or 'premium' (a Premium lesson's transcript). */
	audience: string
	/** The members whose words these are: someone who blocked one of them does not find them. */
	authorIds: number[]
	/** The indexing run that wrote it; older runs' terms of the same part are removed after it. */
	rev: number
}

const searchTermSchema = new Schema<SearchTerm>(
	{
		term: { type: String, required: true },
		key: { type: String, required: true },
		part: { type: String, required: true },
		type: { type: String, required: true },
		weight: { type: Number, required: true },
		audience: { type: String, required: true },
		authorIds: { type: [Number], default: [] },
		rev: { type: Number, required: true },
	},
	{ versionKey: false, collection: 'searchterms' },
)
// A term's documents, best first, in one tab or in all (a search's first read; a prefix is a range of terms).
searchTermSchema.index({ term: 1, type: 1, weight: -1 })
// The documents of the other words of a query, read from the index alone (key and weight), or checked by key.
searchTermSchema.index({ term: 1, audience: 1, key: 1, weight: 1 })
// A document's terms, to replace them with newer ones or remove them.
searchTermSchema.index({ key: 1, part: 1, rev: 1 })

export const SearchTermModel = defineModel<SearchTerm>('SearchTerm', searchTermSchema)

/**
 * One part of one indexed document, and its bookkeeping: the latest
 * indexing run that read it (`rev`, so an older run's terms never outlive a
 * newer one's), and how many writes of it have started and not yet been
 * indexed (`pending`): a write marks it before it changes the document, so
 * a write whose indexing was cut off (a crash, a database hiccup) is found
 * and indexed again by the `search-index` job. Nothing is ever lost.
 */
export interface SearchEntry {
	kind: string
	id: number
	part: string
	rev: number
	pending: number
	/** The last time a write marked it or a run indexed it. */
	touchedAt: Date
	/** The rebuild that last read it (SearchIndexState.build): what a rebuild did not reach is read again at its end. */
	build: number
}

const searchEntrySchema = new Schema<SearchEntry>(
	{
		kind: { type: String, required: true },
		id: { type: Number, required: true },
		part: { type: String, required: true },
		rev: { type: Number, required: true, default: 0 },
		pending: { type: Number, required: true, default: 0 },
		touchedAt: { type: Date, required: true, default: () => new Date() },
		build: { type: Number, required: true, default: 0 },
	},
	{ versionKey: false, collection: 'searchentries' },
)
// One per document and part (written with upserts; unique on MongoDB behind them).
searchEntrySchema.index({ kind: 1, id: 1, part: 1 }, { unique: true })
// The writes whose indexing did not finish (the job's read).
searchEntrySchema.index({ pending: 1, touchedAt: 1 })
// The entries a later run stamped while a run read its documents (few: the runs of the last moments).
searchEntrySchema.index({ kind: 1, part: 1, rev: 1 })
// A rebuild's sweep: the entries of a kind it did not reach.
searchEntrySchema.index({ kind: 1, part: 1, build: 1 })

export const SearchEntryModel = defineModel<SearchEntry>('SearchEntry', searchEntrySchema)

/**
 * The index as a whole: which version of the words it holds (a change of
 * how text becomes terms means reading everything again) and how far a
 * rebuild has come, so the job goes on where it stopped.
 */
export interface SearchIndexState {
	name: string
	/** The version of the terms the index was last built with; null before the first build finished. */
	version: number | null
	/** The number of the build in progress, or of the last one. */
	build: number
	/** A build in progress: the source it is at (`{kind}:{part}`), or null; and the last id of it done. */
	cursorSource: string | null
	cursorAfter: number
	builtAt: Date | null
}

const searchIndexStateSchema = new Schema<SearchIndexState>(
	{
		name: { type: String, required: true, unique: true },
		version: { type: Number, default: null },
		build: { type: Number, required: true, default: 0 },
		cursorSource: { type: String, default: null },
		cursorAfter: { type: Number, required: true, default: 0 },
		builtAt: { type: Date, default: null },
	},
	{ versionKey: false, collection: 'searchindexstate' },
)

export const SearchIndexStateModel = defineModel<SearchIndexState>('SearchIndexState', searchIndexStateSchema)
