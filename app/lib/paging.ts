/**
 * Every list is read a page at a time (docs/decisions/081): pages are
 * numbered in the address (`?page=2`, or a list's own parameter such as
 * `?members=2` when a screen has two lists), so the links work without
 * JavaScript, and a page is read as `limit` + 1 rows, the extra one only
 * saying whether a next page exists. No list counts all its rows.
 */

/** How many rows each list shows at once (product §9 "Page sizes"). */
export const PAGE_SIZES = {
	library: 24,
	communities: 24,
	resources: 24,
	events: 20,
	people: 50,
	admin: 25,
	directory: 24,
} as const

/** JSON lists: `?limit=` up to this, and this when it is not given. */
export const API_PAGE_SIZE = 100

/** A page number beyond this is not a page anyone reads by hand; it reads as this one. */
export const MAX_PAGE = 10_000

export interface Page<Item> {
	items: Item[]
	/** 1-based. */
	page: number
	/** Whether a page after this one has rows. */
	hasMore: boolean
}

/** Which rows to read for a page: `skip` them, then `limit` (one more than the page holds). */
export interface PageWindow {
	skip: number
	limit: number
}

/** A page number from the address: absent or not a positive whole number reads as page 1. */
export function readPageNumber(value: string | null | undefined): number {
	if (!value || !/^\d{1,9}$/.test(value)) return 1
	return Math.min(MAX_PAGE, Math.max(1, Number(value)))
}

export function pageWindow(page: number, size: number): PageWindow {
	return { skip: (page - 1) * size, limit: size + 1 }
}

/** The page out of the rows read with `pageWindow` (one more than the page, when there are more). */
export function pageFrom<Item>(rows: Item[], page: number, size: number): Page<Item> {
	return { items: rows.slice(0, size), page, hasMore: rows.length > size }
}

/** The address of another page of the list, keeping the rest of the query (page 1 drops the parameter). */
export function pageHref(search: URLSearchParams | string, param: string, page: number): string {
	const params = new URLSearchParams(search)
	if (page <= 1) params.delete(param)
	else params.set(param, String(page))
	const query = params.toString()
	return query ? `?${query}` : '?'
}
