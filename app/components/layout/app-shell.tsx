import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useMemo, type ReactNode } from 'react'
import { MAIN_ID, SkipLink } from '~/components/ui/skip-link'
import { useLiveCounts } from '~/components/layout/live-counts'
import { Sidebar, type SidebarCommunity, type SidebarUser } from '~/components/layout/sidebar'
import { SIDEBAR_FETCHER_KEY, TopBar, type Bell, type TopBarUser } from '~/components/layout/top-bar'

/** What the member layout is drawn from: the app layout's loader data (routes/__app-shell.server.ts). */
export interface AppShellData {
	user: TopBarUser & SidebarUser
	bell: Bell
	unreadConversations: number
	sidebarCollapsed: boolean
	timeZone: string
	trialEnds: string | null
	/** Open reports in /moderation (0 for members who cannot moderate). */
	openReports: number
	/** The member's communities: the sidebar's "Your Communities". */
	communities: SidebarCommunity[]
}

/**
 * The member layout (product §2): top bar, sidebar (or the phone's Menu
 * drawer) and <main>. The app layout draws its pages in it, and the 404 page
 * draws itself in it for a signed-in member, so there is always a way back
 * into the app (docs/decisions/066).
 */
export function AppShell({ data, children }: { data: AppShellData; children: ReactNode }) {
	const { user, sidebarCollapsed, timeZone, trialEnds, bell, unreadConversations, openReports, communities } = data
	const initialCounts = useMemo(() => ({ bell, unreadConversations }), [bell, unreadConversations])
	const live = useLiveCounts(initialCounts)
	const toggle = useFetcher({ key: SIDEBAR_FETCHER_KEY })
	// Show the new state while the toggle is on its way (JavaScript only).
	const collapsed = toggle.formData ? toggle.formData.get('collapsed') === 'true' : sidebarCollapsed
	useDismissibleMenus()
	return (
		<div className="min-h-screen">
			<SkipLink />
			<TopBar
				user={user}
				sidebarCollapsed={collapsed}
				bell={live.bell}
				unreadConversations={live.unreadConversations}
				timeZone={timeZone}
			/>
			<div className="flex">
				<Sidebar
					user={user}
					collapsed={collapsed}
					trialEnds={trialEnds}
					unreadConversations={live.unreadConversations}
					openReports={openReports}
					communities={communities}
				/>
				<main
					id={MAIN_ID}
					tabIndex={-1}
					data-time-zone={timeZone}
					className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-8 lg:px-10"
				>
					{user.subscriptionStatus === 'past_due' ? <PaymentFailedBanner /> : null}
					{children}
				</main>
			</div>
		</div>
	)
}

/** product §2: on every member page while a renewal payment is failing (Stripe's past_due), with the way to fix it. */
function PaymentFailedBanner() {
	return (
		<div role="status" className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
			Your last payment failed.{' '}
			<Link to="/profile?tab=billing" className="font-semibold underline underline-offset-2">
				Update your payment method.
			</Link>
		</div>
	)
}

/**
 * The <details> menus of the top bar work without JavaScript; with it they
 * also close on an outside click, on Escape and after a navigation. A menu
 * whose drawer is drawn beside it (the phone's Menu opens the sidebar,
 * `data-menu-drawer`) counts a tap in its drawer as inside, and Tab from
 * the drawer's last link goes back to its button rather than into the page
 * behind the backdrop.
 */
function useDismissibleMenus() {
	const location = useLocation()
	useEffect(() => {
		closeMenus()
	}, [location.key])
	useEffect(() => {
		function onPointerDown(event: PointerEvent) {
			const target = event.target as Node
			closeMenus((menu) => !menu.contains(target) && !drawerOf(menu)?.contains(target))
		}
		function onKeyDown(event: KeyboardEvent) {
			if (event.key === 'Tab' && !event.shiftKey) return stayInDrawer(event)
			if (event.key !== 'Escape') return
			const open = document.querySelector<HTMLDetailsElement>('details[data-menu][open]')
			closeMenus()
			open?.querySelector('summary')?.focus()
		}
		// A phone's Menu left open when the window grows past `md` (a phone turned sideways) closes: its drawer is
		// the sidebar again there.
		const wide = window.matchMedia('(min-width: 768px)')
		function onWidthChange(event: MediaQueryListEvent) {
			if (event.matches) closeMenus((menu) => menu.hasAttribute('data-menu-drawer'))
		}
		document.addEventListener('pointerdown', onPointerDown)
		document.addEventListener('keydown', onKeyDown)
		wide.addEventListener('change', onWidthChange)
		return () => {
			document.removeEventListener('pointerdown', onPointerDown)
			document.removeEventListener('keydown', onKeyDown)
			wide.removeEventListener('change', onWidthChange)
		}
	}, [])
}

function drawerOf(menu: HTMLDetailsElement): HTMLElement | null {
	return menu.dataset.menuDrawer ? document.getElementById(menu.dataset.menuDrawer) : null
}

/**
 * Tab on the last link or button of an open menu's drawer: its button takes the focus again. Only while the
 * button is drawn: a phone's Menu left open when the window grew past `md` is hidden, and Tab must go on.
 */
function stayInDrawer(event: KeyboardEvent) {
	for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-menu-drawer][open]')) {
		const summary = menu.querySelector('summary')
		if (!summary || summary.getClientRects().length === 0) continue
		const focusable = drawerOf(menu)?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')
		if (!focusable?.length || document.activeElement !== focusable[focusable.length - 1]) continue
		event.preventDefault()
		summary.focus()
	}
}

function closeMenus(shouldClose: (menu: HTMLDetailsElement) => boolean = () => true) {
	for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')) {
		if (shouldClose(menu)) menu.open = false
	}
}
