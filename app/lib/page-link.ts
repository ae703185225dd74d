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
