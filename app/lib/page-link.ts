/**
 * Whether a page (the path and query a member's browser reports, such as
 * `/messages?userId=7&before=90`) shows what a notification links to
 * (`/messages?userId=7`): the same path, and every query value the link names.
 * A member looking at that page needs no push about it (docs/decisions/181).
 */
export function pageShowsLink(page: string, link: string): boolean {
	const base = 'http://page.invalid'
	let shown: URL
	let linked: URL
	try {
		shown = new URL(page, base)
		linked = new URL(link, base)
	} catch {
		return false
	}
	if (shown.origin !== base || linked.origin !== base) return false
	const path = (url: URL) => url.pathname.replace(/\/+$/, '') || '/'
	if (path(shown) !== path(linked)) return false
	return [...linked.searchParams].every(([name, value]) => shown.searchParams.getAll(name).includes(value))
}

/** What a page's live socket reports about it: the `viewing` event (app/components/layout/live-counts.ts). */
export interface PageView {
	/** The page's path and query, as in the address bar. */
	path: string
	/** Whether the page is on screen (not a hidden tab, not a minimised window). */
	visible: boolean
}

/**
 * `url` with the query value `name` set, for many values: the links each
 * message of a chat carries (`?edit=`, `?report=`, `?mute=` and the id),
 * 150 on a room page. The query is read once per name, not once per link,
 * and each link is the one `URLSearchParams.set` would write: the value in
 * place of the name's first occurrence (its others dropped), else at the end.
 */
export function paramSetter(url: string, name: string): (value: number) => string {
	const queryAt = url.indexOf('?')
	const path = queryAt === -1 ? url : url.slice(0, queryAt)
	const before: Array<[string, string]> = []
	const after: Array<[string, string]> = []
	let found = false
	for (const pair of new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1))) {
		if (pair[0] === name) found = true
		else (found ? after : before).push(pair)
	}
	const written = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString()
	const prefix = `${path}?${before.length ? `${written(before)}&` : ''}${written([[name, '']])}`
	const suffix = after.length ? `&${written(after)}` : ''
	// The values are message ids, integers: written in digits, which a query carries as they are.
	return (value) => `${prefix}${value}${suffix}`
}
