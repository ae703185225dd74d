import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react'
import { CataloguePanel, UsersPanel } from '~/components/admin/panels'
import { lazyIsland } from '~/components/lazy-island'
import { pageMeta } from '~/components/page-meta'
import { TabLinks } from '~/components/ui/tab-links'
import { NO_LIST, listSearchOf, loadAdminPanel, requireCatalogueEditor } from '~/routes/admin/__dialogs.server'
import { loadAuditTab, loadInsightsTab, loadPodsTab } from '~/routes/admin/__insight-tabs.server'
import {
	ADMIN_ONLY_TABS,
	ADMIN_TAB_LABELS,
	ADMIN_TABS,
	TAB_LIST_PARAMS,
	adminTabHref,
	pageOf,
	requestedTab,
	searchOf,
	type AdminTab,
} from '~/lib/admin-panel'
import { CATALOGUE, CATALOGUE_KINDS, catalogueKindOfTab } from '~/lib/catalogue-kinds'
import { readTimeZone } from '~/web/time-zone.server'
import { type RouteHandle } from '~/types'

/**
 * The audit log, the insights (their charts) and the pods are not among the panel's first scripts: their
 * modules are fetched once those have run, whichever tab is open (decision 254). The users' and catalogue
 * tabs, the ones most opened, come with the page.
 */
const AuditPanel = lazyIsland(() => import('~/components/admin/audit-panel').then((module) => module.AuditPanel))
const InsightsPanel = lazyIsland(() =>
	import('~/components/admin/insights-panel').then((module) => module.InsightsPanel),
)
const PodsPanel = lazyIsland(() => import('~/components/admin/pods-panel').then((module) => module.PodsPanel))

export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta('Administration Panel', 'Manage users, content, communities, events and resources.')

/**
 * product §2 "Administration panel": admins and content managers only (others
 * go to /dashboard, visitors to /auth). The tab is a query parameter; its
 * dialogs are child routes drawn over it (/admin/videos/new, ...).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireCatalogueEditor(request)
	const url = new URL(request.url)
	const canManageUsers = user.role === 'admin'
	const requested = requestedTab(url)
	// The Users and Audit log tabs are disabled for content managers: send them to the first tab they may use.
	if (requested && ADMIN_ONLY_TABS.includes(requested) && !canManageUsers) throw redirect(adminTabHref('content'))
	const tab = requested ?? (canManageUsers ? 'users' : 'content')
	const q = listSearchOf(url)
	const [panel, audit, insights, pods] = await Promise.all([
		tab === 'audit' || tab === 'insights' || tab === 'pods' ? null : loadAdminPanel(user, tab, q, pageOf(url)),
		tab === 'audit' ? loadAuditTab(user, url) : null,
		tab === 'insights' ? loadInsightsTab(user) : null,
		tab === 'pods' ? loadPodsTab(user) : null,
	])
	return json({
		tab,
		q,
		canManageUsers,
		timeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
		panel: panel ?? NO_LIST,
		audit,
		insights,
		pods,
	})
}

/** Opening or closing a dialog over the same list does not reload the list; saving, Refresh and Try Again do. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	currentUrl,
	nextUrl,
	formMethod,
	defaultShouldRevalidate,
}) => {
	if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
	if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate
	// The audit log's filter and pages, and the insights, have no dialogs over them: always load.
	const nextTab = requestedTab(nextUrl)
	if (nextTab === 'audit' || nextTab === 'insights') return defaultShouldRevalidate
	if (nextTab === 'pods' && requestedTab(currentUrl) !== 'pods') return defaultShouldRevalidate
	const sameList =
		requestedTab(currentUrl) === requestedTab(nextUrl) &&
		searchOf(currentUrl) === searchOf(nextUrl) &&
		pageOf(currentUrl) === pageOf(nextUrl)
	return sameList ? false : defaultShouldRevalidate
}

const LOADING_TEXT = {
	users: 'Loading users...',
	...Object.fromEntries(CATALOGUE_KINDS.map((kind) => [CATALOGUE[kind].tab, CATALOGUE[kind].panel.loading])),
	pods: 'Loading pods...',
	audit: 'Loading the audit log...',
	insights: 'Loading insights...',
} as Record<AdminTab, string>

export default function AdminPage() {
	const { tab, q, canManageUsers, timeZone, panel, audit, insights, pods } = useLoaderData<typeof loader>()
	const list = { q, page: panel.page, hasMore: panel.hasMore }
	const kind = catalogueKindOfTab(tab)
	const [searchParams] = useSearchParams()
	const navigation = useNavigation()
	// While another tab's list is on its way (JavaScript on), say so instead of showing the old one.
	const nextTab =
		navigation.state === 'loading' && navigation.location.pathname === '/admin'
			? requestedTab(navigation.location)
			: null
	const loadingTab = nextTab && nextTab !== tab ? nextTab : null

	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Administration Panel</h1>
				<p className="mt-1 text-gray-600">Manage users, content, communities, events and resources.</p>
			</div>
			<TabLinks
				label="Administration sections"
				param="tab"
				active={loadingTab ?? tab}
				searchParams={searchParams}
				resetParams={TAB_LIST_PARAMS}
				tabs={ADMIN_TABS.map((value) => ({
					value,
					label: ADMIN_TAB_LABELS[value],
					disabled: ADMIN_ONLY_TABS.includes(value) && !canManageUsers,
				}))}
			/>
			<div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
				{loadingTab ? (
					<p role="status" className="py-10 text-center text-gray-500">
						{LOADING_TEXT[loadingTab]}
					</p>
				) : tab === 'users' ? (
					<UsersPanel users={panel.users} total={panel.total} error={panel.error} list={list} timeZone={timeZone} />
				) : tab === 'pods' && pods ? (
					<PodsPanel pods={pods.pods} error={pods.error} timeZone={timeZone} />
				) : tab === 'audit' && audit ? (
					<AuditPanel {...audit} timeZone={timeZone} />
				) : tab === 'insights' && insights ? (
					<InsightsPanel
						insights={insights.insights}
						charts={insights.charts}
						error={insights.error}
						timeZone={timeZone}
					/>
				) : kind ? (
					<CataloguePanel
						kind={kind}
						rows={panel.rows}
						authors={panel.authors}
						total={panel.total}
						error={panel.error}
						list={list}
						timeZone={timeZone}
					/>
				) : null}
			</div>
			<Outlet />
		</div>
	)
}
