import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { Sidebar } from '~/components/layout/sidebar'
import { SIDEBAR_FETCHER_KEY, TopBar } from '~/components/layout/top-bar'
import { MAIN_ID, SkipLink } from '~/components/ui/skip-link'
import { formatDate } from '~/lib/dates'
import { readTimeZone } from '~/lib/time-zone'
import { requireUser } from '~/web/auth.server'
import { isModerator } from '~/services/permissions.server'
import { countOpenReports } from '~/services/reports.server'
import { isSidebarCollapsed } from '~/web/sidebar-cookie.server'
import { type RouteHandle } from '~/types'

/** Times appear all over the member screens: run the time-zone hint here. */
export const handle: RouteHandle = { timeZoneHint: true }

/** Every page under this layout is protected: a visitor without a session goes to /auth. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	return json({
		user,
		sidebarCollapsed: await isSidebarCollapsed(request),
		timeZone,
		timeZoneFromHint: fromHint,
		trialEnds: user.trialEndsAt ? formatDate(user.trialEndsAt, timeZone) : null,
		openReports: isModerator(user) ? await countOpenReports(user) : 0,
	})
}

export default function AppLayout() {
	const { user, sidebarCollapsed, timeZone, trialEnds, openReports } = useLoaderData<typeof loader>()
	const toggle = useFetcher({ key: SIDEBAR_FETCHER_KEY })
	// Show the new state while the toggle is on its way (JavaScript only).
	const collapsed = toggle.formData ? toggle.formData.get('collapsed') === 'true' : sidebarCollapsed
	useDismissibleMenus()
	return (
		<div className="min-h-screen">
			<SkipLink />
			<TopBar user={user} sidebarCollapsed={collapsed} />
			<div className="flex">
				<Sidebar user={user} collapsed={collapsed} trialEnds={trialEnds} openReports={openReports} />
				<main id={MAIN_ID} tabIndex={-1} data-time-zone={timeZone} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-8 lg:px-10">
					<Outlet />
				</main>
			</div>
		</div>
	)
}

/**
 * The <details> menus of the top bar work without JavaScript; with it they
 * also close on an outside click, on Escape and after a navigation.
 */
function useDismissibleMenus() {
	const location = useLocation()
	useEffect(() => {
		closeMenus()
	}, [location.key])
	useEffect(() => {
		function onPointerDown(event: PointerEvent) {
			closeMenus((menu) => !menu.contains(event.target as Node))
		}
		function onKeyDown(event: KeyboardEvent) {
			if (event.key !== 'Escape') return
			const open = document.querySelector<HTMLDetailsElement>('details[data-menu][open]')
			closeMenus()
			open?.querySelector('summary')?.focus()
		}
		document.addEventListener('pointerdown', onPointerDown)
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('pointerdown', onPointerDown)
			document.removeEventListener('keydown', onKeyDown)
		}
	}, [])
}

function closeMenus(shouldClose: (menu: HTMLDetailsElement) => boolean = () => true) {
	for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')) {
		if (shouldClose(menu)) menu.open = false
	}
}
