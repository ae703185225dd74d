import { type UserJSON } from '#models/index'
import {
	SEARCH_KINDS,
	SEARCH_PAGE_SIZE,
	SEARCH_TYPES,
	parseSearchQuery,
	type SearchKind,
	type SearchQuery,
	type SearchType,
} from '~/lib/search'
import { isPremium } from '~/lib/subscription'
import { findInIndex, type IndexMatch, type SearchAudience } from '~/platform/search-index.server'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'
import { SEARCH_SOURCES, searchSource, type SearchViewer } from '~/services/search/sources.server'

/**
 * The global search (product §2 "Search", §7 GET /api/search;
 * docs/decisions/166, 167): the top bar's box, `/search` and the JSON call
 * all come here. The index finds the documents that have every word asked
 * for, among what this member may find at all (Premium-only words only for
 * Premium members, nothing by members they blocked); each result is then
 * read again through its kind's service and its access rule
 * (services/search/sources.server.ts) before it is shown.
 */

/** One result, as GET /api/search answers it. */
export interface SearchResultJSON {
	type: SearchKind
	id: number
	title: string
	snippet: string
	url: string
}

export interface SearchAnswer {
	query: SearchQuery
	results: SearchResultJSON[]
	/** How many documents have every word (before each is read again: what went a moment ago is still counted). */
	total: number
	/** False when every word is in more documents than the index reads at once: `total` is then at least that many. */
	complete: boolean
	page: number
	hasMore: boolean
}

/** The tabs that have a kind to search: every type with an entry in the sources. */
export const SEARCHED_TYPES: readonly SearchType[] = SEARCH_TYPES.filter((type) =>
	SEARCH_SOURCES.some((entry) => SEARCH_KINDS[entry.kind].type === type),
)

type Searcher = Pick<UserJSON, 'id' | 'role' | 'subscriptionStatus'>

async function viewerOf(user: Searcher): Promise<SearchViewer> {
	return {
		id: user.id,
		role: user.role,
		subscriptionStatus: user.subscriptionStatus,
		premium: isPremium(user),
		blocked: new Set(await blockedUserIds(user.id)),
	}
}

const audiencesOf = (viewer: SearchViewer): SearchAudience[] =>
	viewer.premium ? ['everyone', 'premium'] : ['everyone']

async function match(
	viewer: SearchViewer,
	query: SearchQuery,
	types: SearchType[] | null,
): Promise<{ matches: IndexMatch[]; complete: boolean; checked: CheckedItems }> {
	const { matches, complete } = await findInIndex({
		terms: query.terms,
		prefix: query.prefix,
		types,
		audiences: audiencesOf(viewer),
		excludeAuthorIds: [...viewer.blocked],
	})
	// The kinds whose rule the index cannot hold for this viewer: each match of them is checked before counting.
	const checked: CheckedItems = new Map()
	for (const entry of SEARCH_SOURCES) {
		if (!entry.checkEveryMatch) continue
		const ids = matches.filter((candidate) => candidate.kind === entry.kind).map((candidate) => candidate.id)
		if (ids.length === 0) continue
		const items = (await entry.load(ids, viewer)).filter((item) => entry.mayFind(viewer, item))
		checked.set(entry.kind, new Map(items.map((item) => [item.id, item])))
	}
	const matchesKept = matches.filter((candidate) => checked.get(candidate.kind)?.has(candidate.id) ?? true)
	return { matches: matchesKept, complete, checked }
}

/** The items of the kinds checked match by match, as they were read for the check (by kind, then id). */
type CheckedItems = Map<SearchKind, Map<number, { id: number }>>

/**
 * These matches as results, in their order: each read through its kind's
 * service, kept only when the viewer may find it now.
 */
async function present(
	viewer: SearchViewer,
	query: SearchQuery,
	matches: IndexMatch[],
	checked: CheckedItems,
): Promise<SearchResultJSON[]> {
	const byKind = new Map<SearchKind, number[]>()
	for (const { kind, id } of matches) byKind.set(kind, [...(byKind.get(kind) ?? []), id])
	const shown = new Map<string, SearchResultJSON>()
	await Promise.all(
		[...byKind].map(async ([kind, ids]) => {
			const entry = searchSource(kind)
			if (!entry) return
			const asked = new Set(ids)
			// A kind checked match by match was read for the check, moments ago: not read again (decision 251).
			const read = checked.get(kind)
			// A service may answer more than it was asked (a range of ids): only the matches are shown.
			const items = read
				? ids.flatMap((id) => read.get(id) ?? [])
				: (await entry.load(ids, viewer)).filter((item) => asked.has(item.id) && entry.mayFind(viewer, item))
			for (const item of items) {
				const result = await entry.show(item, query, viewer)
				shown.set(`${kind}:${item.id}`, { type: kind, id: item.id, ...result })
			}
		}),
	)
	return matches.flatMap(({ key }) => {
		const result = shown.get(key)
		return result ? [result] : []
	})
}

/**
 * GET /api/search and a tab of /search: the results of one kind (`type`)
 * or of all, best first, a page at a time. A query without a word to look
 * up (empty, or only words like "the") finds nothing.
 */
export async function search(
	user: Searcher,
	{ q, type, page }: { q: string; type: SearchType | null; page: number },
): Promise<SearchAnswer> {
	const query = parseSearchQuery(q)
	if (query.terms.length === 0) return { query, results: [], total: 0, complete: true, page, hasMore: false }
	const viewer = await viewerOf(user)
	const { matches, complete, checked } = await match(viewer, query, type ? [type] : null)
	const start = (page - 1) * SEARCH_PAGE_SIZE
	return {
		query,
		results: await present(viewer, query, matches.slice(start, start + SEARCH_PAGE_SIZE), checked),
		total: matches.length,
		complete,
		page,
		hasMore: matches.length > start + SEARCH_PAGE_SIZE,
	}
}

/** How many of each kind /search shows before 'See all'. */
export const OVERVIEW_PER_TYPE = 5

export interface SearchOverview {
	query: SearchQuery
	total: number
	complete: boolean
	/** Each tab that found something, in the tabs' order: how many, and its best few. */
	sections: Array<{ type: SearchType; total: number; results: SearchResultJSON[] }>
}

/** /search without a tab: the best few of each kind, with how many each found. One search of the index. */
export async function searchOverview(user: Searcher, q: string): Promise<SearchOverview> {
	const query = parseSearchQuery(q)
	if (query.terms.length === 0) return { query, total: 0, complete: true, sections: [] }
	const viewer = await viewerOf(user)
	const { matches, complete, checked } = await match(viewer, query, null)
	const sections = await Promise.all(
		SEARCHED_TYPES.map(async (type) => {
			const own = matches.filter((candidate) => candidate.type === type)
			return {
				type,
				total: own.length,
				results: await present(viewer, query, own.slice(0, OVERVIEW_PER_TYPE), checked),
			}
		}),
	)
	return {
		query,
		total: matches.length,
		complete,
		sections: sections.filter((section) => section.results.length > 0),
	}
}
