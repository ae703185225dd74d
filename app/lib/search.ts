import { stemmer } from 'stemmer'
import { MAX_SEARCH_LENGTH } from '~/lib/search-text'

/**
 * The global search's words and kinds (product §2 "Search"), shared by the
 * index (platform/search-index.server.ts), the search service and the page:
 * how text becomes terms (the same way for what is indexed and for what is
 * asked), what kinds of result there are and which tab (`?type=`) each is
 * in, and where a result's words are highlighted. Pure: the stemmer is the
 * maintained `stemmer` package (Porter's algorithm), docs/decisions/166.
 */

/** The tabs of /search and the values of `?type=`, in the page's order. */
export const SEARCH_TYPES = ['lessons', 'programs', 'discussions', 'events', 'resources', 'members'] as const
export type SearchType = (typeof SEARCH_TYPES)[number]

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
	lessons: 'Lessons',
	programs: 'Programs',
	discussions: 'Discussions',
	events: 'Events',
	resources: 'Resources',
	members: 'Members',
}

/**
 * What a result is (`type` in GET /api/search) and the tab it is found
 * under: posts and comments are both discussions, programs and their
 * readings are both programs. The behaviour of each
 * (its words, who may find it, its address) is its entry in
 * services/search/sources.server.ts.
 */
export const SEARCH_KINDS = {
	lesson: { type: 'lessons', label: 'Lesson' },
	program: { type: 'programs', label: 'Program' },
	reading: { type: 'programs', label: 'Reading' },
	post: { type: 'discussions', label: 'Post' },
	comment: { type: 'discussions', label: 'Comment' },
	event: { type: 'events', label: 'Event' },
	resource: { type: 'resources', label: 'Resource' },
	member: { type: 'members', label: 'Member' },
} as const satisfies Record<string, { type: SearchType; label: string }>
export type SearchKind = keyof typeof SEARCH_KINDS

export const isSearchKind = (value: string): value is SearchKind => Object.hasOwn(SEARCH_KINDS, value)

/** How much a document's title (or a member's name) weighs in a search against its other words. */
export const SEARCH_TITLE_WEIGHT = 4

/** Results a page of /search and of GET /api/search holds. */
export const SEARCH_PAGE_SIZE = 20

/** Words of a query that are looked up; the rest of a long query is left out. */
export const MAX_QUERY_TERMS = 8

/** A word is indexed up to this many letters (longer ones are not words anyone types). */
const MAX_WORD_LENGTH = 40

/** The last word of a query matches the words it begins (search as you type) from this many letters. */
export const PREFIX_MIN_LENGTH = 3

/**
 * Words too common to find anything by: not indexed, and dropped from a
 * query (a query of nothing but them finds nothing).
 */
const STOP_WORDS = new Set(
	(
		'a an and are as at be but by for from has have he her his i if in into is it its me my no not of on or our ' +
		'she so than that the their them then there these they this to was we were what when which who will with ' +
		'you your'
	).split(' '),
)

/** A word as it is compared: lower case, accents and apostrophes dropped. */
function foldWord(word: string): string {
	return word.normalize('NFKD').replace(/\p{M}/gu, '').replace(/['’]/g, '').toLowerCase()
}

/** Letters and digits, with apostrophes inside a word ("don't" is one word). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu

/** A word's term: its stem, or null for a word that is not indexed (too short, too long, too common). */
export function termOf(word: string): string | null {
	const folded = foldWord(word)
	if (folded.length < 2 || folded.length > MAX_WORD_LENGTH || STOP_WORDS.has(folded)) return null
	return stemmer(folded)
}

/** Every term of a text with how often it occurs. */
export function termCounts(text: string): Map<string, number> {
	const counts = new Map<string, number>()
	for (const [word] of text.matchAll(WORD)) {
		const term = termOf(word)
		if (term) counts.set(term, (counts.get(term) ?? 0) + 1)
	}
	return counts
}

/** What a query looks up: its terms in order, without repeats; the last one also as the start of longer words. */
export interface SearchQuery {
	/** The text as asked (cut to 100 characters). */
	text: string
	terms: string[]
	/** The last term, when the query ends inside a word: it also finds the words that begin with it. */
	prefix: string | null
}

export function parseSearchQuery(input: string): SearchQuery {
	const text = input.trim().slice(0, MAX_SEARCH_LENGTH)
	const words = [...text.matchAll(WORD)].map(([word]) => word)
	const terms: string[] = []
	for (const word of words) {
		const term = termOf(word)
		if (term && !terms.includes(term)) terms.push(term)
	}
	const kept = terms.slice(0, MAX_QUERY_TERMS)
	const last = words.at(-1)
	const lastTerm = last ? termOf(last) : null
	// "deleg" finds "delegation": the stem of an unfinished word is where the longer words begin.
	const endsInWord = last !== undefined && text.endsWith(last)
	const prefix =
		endsInWord && lastTerm && kept.at(-1) === lastTerm && foldWord(last).length >= PREFIX_MIN_LENGTH ? lastTerm : null
	return { text, terms: kept, prefix }
}

/** Whether a word of a text is one the query asked for. */
export function wordMatches(word: string, query: Pick<SearchQuery, 'terms' | 'prefix'>): boolean {
	const term = termOf(word)
	if (!term) return false
	if (query.terms.includes(term)) return true
	return query.prefix !== null && term.startsWith(query.prefix)
}

/** A text cut into what is shown plainly and what is highlighted (the words the query asked for). */
export function highlightParts(
	text: string,
	query: Pick<SearchQuery, 'terms' | 'prefix'>,
): Array<{ text: string; match: boolean }> {
	const parts: Array<{ text: string; match: boolean }> = []
	let at = 0
	for (const found of text.matchAll(WORD)) {
		const start = found.index
		if (!wordMatches(found[0], query)) continue
		if (start > at) parts.push({ text: text.slice(at, start), match: false })
		parts.push({ text: found[0], match: true })
		at = start + found[0].length
	}
	if (at < text.length) parts.push({ text: text.slice(at), match: false })
	return parts
}

/** Whether any word of the text is one the query asked for. */
export function textMatches(text: string, query: Pick<SearchQuery, 'terms' | 'prefix'>): boolean {
	for (const [word] of text.matchAll(WORD)) if (wordMatches(word, query)) return true
	return false
}

/** How long a snippet is, at most, in characters. */
export const SNIPPET_LENGTH = 180

/**
 * The part of a text a result shows: around its first matched word (a
 * little before it, more after), cut at spaces, with '…' where it was cut;
 * the text's start when no word matches.
 */
export function snippetOf(text: string, query: Pick<SearchQuery, 'terms' | 'prefix'>, length = SNIPPET_LENGTH): string {
	const plain = text.replace(/\s+/g, ' ').trim()
	if (plain.length <= length) return plain
	let first = -1
	for (const found of plain.matchAll(WORD)) {
		if (wordMatches(found[0], query)) {
			first = found.index
			break
		}
	}
	let start = first <= 0 ? 0 : Math.max(0, first - Math.floor(length / 3))
	if (start > 0) {
		const space = plain.indexOf(' ', start)
		start = space === -1 || space >= first ? start : space + 1
	}
	let end = Math.min(plain.length, start + length)
	if (end < plain.length) {
		const space = plain.lastIndexOf(' ', end)
		if (space > start) end = space
	}
	return `${start > 0 ? '…' : ''}${plain.slice(start, end)}${end < plain.length ? '…' : ''}`
}

/** `?type=` from an address: a tab, or null for every kind. */
export function readSearchType(value: string | null): SearchType | null | undefined {
	if (value === null || value === '' || value === 'all') return null
	return SEARCH_TYPES.find((type) => type === value)
}
