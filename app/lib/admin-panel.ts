/**
 * The shape of the administration panel (product §2): its tabs, the entity each
 * tab manages, and the texts of its notices and confirmations. Shared by the
 * pages, their actions and the browser.
 */
import { readPageNumber } from '~/lib/paging'

export const ADMIN_TABS = ['users', 'content', 'communities', 'events', 'resources', 'audit', 'insights'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

export const ADMIN_TAB_LABELS: Record<AdminTab, string> = {
	users: 'Users',
	content: 'Content',
	communities: 'Communities',
	events: 'Events',
	resources: 'Resources',
	audit: 'Audit log',
	insights: 'Insights',
}

/** Tabs for admins only: content managers see them disabled (product §6). */
export const ADMIN_ONLY_TABS: readonly AdminTab[] = ['users', 'audit']

/** The query parameters that belong to one tab's list, dropped when switching tabs. */
export const TAB_LIST_PARAMS = ['q', 'page', 'actor', 'kind', 'before']

/** The catalogue entities, as they appear in URLs (/admin/videos/new, /api/admin/videos). */
export type CatalogueKind = 'videos' | 'communities' | 'events' | 'resources'

interface CatalogueTexts {
	tab: AdminTab
	added: string
	updated: string
	deleted: string
	addFailed: string
	updateFailed: string
	deleteFailed: string
}

/** product §8: the success and failure notices of each entity. */
export const CATALOGUE_TEXTS: Record<CatalogueKind, CatalogueTexts> = {
	videos: {
		tab: 'content',
		added: 'Video added',
		updated: 'Video updated',
		deleted: 'Video deleted',
		addFailed: 'Failed to add video',
		updateFailed: 'Failed to update video',
		deleteFailed: 'Failed to delete video',
	},
	communities: {
		tab: 'communities',
		added: 'Community added',
		updated: 'Community updated',
		deleted: 'Community deleted',
		addFailed: 'Failed to add community',
		updateFailed: 'Failed to update community',
		deleteFailed: 'Failed to delete community',
	},
	events: {
		tab: 'events',
		added: 'Event created',
		updated: 'Event updated',
		deleted: 'Event deleted',
		addFailed: 'Failed to create event',
		updateFailed: 'Failed to update event',
		deleteFailed: 'Failed to delete event',
	},
	resources: {
		tab: 'resources',
		added: 'Resource added',
		updated: 'Resource updated',
		deleted: 'Resource deleted',
		addFailed: 'Failed to add resource',
		updateFailed: 'Failed to update resource',
		deleteFailed: 'Failed to delete resource',
	},
}

const TAB_OF_SEGMENT: Record<string, AdminTab> = {
	users: 'users',
	videos: 'content',
	communities: 'communities',
	events: 'events',
	resources: 'resources',
}

/**
 * The tab a URL asks for: a dialog's path names it (/admin/videos/3/edit is
 * over Content), else `?tab=`; null when it names none.
 */
export function requestedTab(url: { pathname: string; search: string }): AdminTab | null {
	const segment = url.pathname.split('/')[2]
	if (segment && TAB_OF_SEGMENT[segment]) return TAB_OF_SEGMENT[segment]!
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

/** "Back to the tab" from a dialog's URL. */
export function dialogCloseHref(url: { pathname: string; search: string }): string {
	return adminTabHref(requestedTab(url) ?? 'users', { q: searchOf(url), page: pageOf(url) })
}

/** product §2 truncations: the first `length` characters plus '...' when the text is longer. */
export function truncate(text: string, length: number): string {
	return text.length > length ? `${text.slice(0, length)}...` : text
}
