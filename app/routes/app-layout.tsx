import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet, useFetcher, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useMemo } from 'react'
import { mergeBell, useLiveCounts } from '~/components/layout/live-counts'
import { PhoneMenu, Sidebar } from '~/components/layout/sidebar'
import { SIDEBAR_FETCHER_KEY, TopBar } from '~/components/layout/top-bar'
import { MAIN_ID, SkipLink } from '~/components/ui/skip-link'
import { formatDate } from '~/lib/dates'
import { BELL_NOTIFICATION_COUNT } from '~/lib/engagement-schemas'
import { readTimeZone } from '~/lib/time-zone'
import { getBell } from '~/services/notifications.server'
import { countUnreadConversations, markConversationRead } from '~/services/private-inbox.server'
import { requireUser } from '~/web/auth.server'
import { isSidebarCollapsed } from '~/web/sidebar-cookie.server'
import { type RouteHandle } from '~/types'

/** Times appear all over the member screens: run the time-zone hint here. */
export const handle: RouteHandle = { timeZoneHint: true }

/** The badges are counted on every navigation, not only when the address's query changes (Remix's default). */
export const shouldRevalidate = () => true

/** Every page under this layout is protected: a visitor without a session goes to /auth. */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	// Remix runs this loader alongside the page's: a conversation being opened (/messages?userId=) is read
	// first here, so the badges below already count it as read (the page's loader reading it again changes nothing).
	const url = new URL(request.url)
	const opening = url.pathname === '/messages' ? Number(url.searchParams.get('userId')) : NaN
	if (Number.isSafeInteger(opening) && opening > 0 && opening !== user.id) await markConversationRead(user.id, opening)
	// The badges are drawn by the server, so they are true without JavaScript too (product §2 "Top bar").
	const [bell, unreadConversations] = await Promise.all([getBell(user.id), countUnreadConversations(user.id)])
	return json({
		user,
		bell,
		unreadConversations,
		sidebarCollapsed: await isSidebarCollapsed(request),
		timeZone,
		timeZoneFromHint: fromHint,
		trialEnds: user.trialEndsAt ? formatDate(user.trialEndsAt, timeZone) : null,
	})
}

export default function AppLayout() {
	const { user, sidebarCollapsed, timeZone, trialEnds, bell, unreadConversations } = useLoaderData<typeof loader>()
	const initialCounts = useMemo(() => ({ unreadNotifications: bell.unreadCount, unreadConversations }), [bell, unreadConversations])
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
				bell={{ unreadCount: live.unreadNotifications, notifications: mergeBell(live.arrived, bell.notifications, BELL_NOTIFICATION_COUNT) }}
				unreadConversations={live.unreadConversations}
				timeZone={timeZone}
				phoneMenu={<PhoneMenu user={user} trialEnds={trialEnds} unreadConversations={live.unreadConversations} />}
			/>
			<div className="flex">
				<Sidebar user={user} collapsed={collapsed} trialEnds={trialEnds} unreadConversations={live.unreadConversations} />
				<main id={MAIN_ID} tabIndex={-1} data-time-zone={timeZone} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-8 lg:px-10">
					{user.subscriptionStatus === 'past_due' ? <PaymentFailedBanner /> : null}
					<Outlet />
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
 * also close on an outside click (or a tap on a `data-menu-dismiss` backdrop
 * inside one), on Escape and after a navigation.
 */
function useDismissibleMenus() {
	const location = useLocation()
	useEffect(() => {
		closeMenus()
	}, [location.key])
	useEffect(() => {
		function onPointerDown(event: PointerEvent) {
			const target = event.target as Element
			closeMenus((menu) => !menu.contains(target) || Boolean(target.closest?.('[data-menu-dismiss]')))
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
