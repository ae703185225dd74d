/**
 * The shape of the administration panel (product §2): its tabs and the
 * addresses of its lists and dialogs. What each catalogue tab manages, and
 * the texts of its notices and confirmations, is app/lib/catalogue-kinds.ts.
 * Shared by the pages, their actions and the browser.
 */
import { CATALOGUE, CATALOGUE_KINDS, catalogueKindNamed, type CatalogueTab } from '~/lib/catalogue-kinds'
import { readPageNumber } from '~/lib/paging'

/** The panel's tabs: Users, a tab per catalogue kind (app/lib/catalogue-kinds.ts), the Audit log and Insights. */
export const ADMIN_TABS: readonly AdminTab[] = [
	'users',
	...CATALOGUE_KINDS.map((kind) => CATALOGUE[kind].tab),
	'pods',
	'audit',
	'insights',
]
export type AdminTab = 'users' | CatalogueTab | 'pods' | 'audit' | 'insights'

export const ADMIN_TAB_LABELS = {
	users: 'Users',
	...Object.fromEntries(CATALOGUE_KINDS.map((kind) => [CATALOGUE[kind].tab, CATALOGUE[kind].tabLabel])),
	pods: 'Pods',
	audit: 'Audit log',
	insights: 'Insights',
} as Record<AdminTab, string>

/** Tabs for admins only: content managers see them disabled (product §6). */
export const ADMIN_ONLY_TABS: readonly AdminTab[] = ['users', 'pods', 'audit']

/** The query parameters that belong to one tab's list, dropped when switching tabs. */
export const TAB_LIST_PARAMS = ['q', 'page', 'actor', 'kind', 'before']

/**
 * The tab a URL asks for: a dialog's path names it (/admin/videos/3/edit is
 * over Content), else `?tab=`; null when it names none.
 */
export function requestedTab(url: { pathname: string; search: string }): AdminTab | null {
	const segment = url.pathname.split('/')[2]
	if (segment === 'users') return 'users'
	if (segment === 'pods') return 'pods'
	const kind = catalogueKindNamed(segment)
	if (kind) return CATALOGUE[kind].tab
	const tab = new URLSearchParams(url.search).get('tab')
	return ADMIN_TABS.find((name) => name === tab) ?? null
}

/** The search of a tab, kept while a dialog is open. */
export function searchOf(url: { search: string }): string {
	return new URLSearchParams(url.search).get('q')?.trim() ?? ''
}

/** The page of a tab's list (docs/decisions/081), kept while a dialog is open. */
export function pageOf(url: { search: string }): number {
	return readPageNumber(new URLSearchParams(url.search).get('page'))
}

/** The list a tab shows: its search and its page. */
export interface AdminListPlace {
	q?: string
	page?: number
}

function listParams({ q = '', page = 1 }: AdminListPlace): URLSearchParams {
	const params = new URLSearchParams()
	if (q) params.set('q', q)
	if (page > 1) params.set('page', String(page))
	return params
}

/** The address of a tab, with its search and page. */
export function adminTabHref(tab: AdminTab, place: string | AdminListPlace = {}): string {
	const params = listParams(typeof place === 'string' ? { q: place } : place)
	return `/admin?${new URLSearchParams([['tab', tab], ...params])}`
}

/** A dialog's address, carrying the tab's search and page so that closing it returns to the same list. */
export function adminDialogHref(path: string, place: string | AdminListPlace = {}): string {
	const params = listParams(typeof place === 'string' ? { q: place } : place)
	return params.size ? `${path}?${params}` : path
}

/**
 * "Back to the tab" from a dialog's URL; a dialog over an entity's own page
 * (/admin/programs/3/modules/new, over the program's outline) goes back to
 * that page instead.
 */
export function dialogCloseHref(url: { pathname: string; search: string }): string {
	const [, , kindName, id, part] = url.pathname.split('/')
	const kind = catalogueKindNamed(kindName)
	if (kind && CATALOGUE[kind].page && id && /^\d+$/.test(id) && part && part !== 'edit' && part !== 'delete')
		return `/admin/${kindName}/${id}`
	return adminTabHref(requestedTab(url) ?? 'users', { q: searchOf(url), page: pageOf(url) })
}

/** product §2 truncations: the first `length` characters plus '...' when the text is longer. */
export function truncate(text: string, length: number): string {
	return text.length > length ? `${text.slice(0, length)}...` : text
}
