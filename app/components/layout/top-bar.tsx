import { Link, useFetcher, useLocation } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { type NotificationJSON } from '#models/notification'
import { BrandLink } from '~/components/brand'
import { NotificationItem } from '~/components/notifications/notification-item'
import { LogoutButton } from '~/components/logout-button'
import { Avatar } from '~/components/ui/avatar'
import { Icon } from '~/components/ui/icon'
import { formatDateTime } from '~/lib/dates'
import { CountBadge, DropdownMenu } from '~/components/layout/menu'
import { PhoneMenu } from '~/components/layout/sidebar'

export const SIDEBAR_FETCHER_KEY = 'sidebar-toggle'

export interface TopBarUser {
	username: string
	name: string
	avatar: string | null
}

/** What the bell shows: the unread count and the newest notifications (product §2 "Top bar"). */
export interface Bell {
	unreadCount: number
	notifications: NotificationJSON[]
}

export function TopBar({
	user,
	sidebarCollapsed,
	bell,
	unreadConversations,
	timeZone,
}: {
	user: TopBarUser
	sidebarCollapsed: boolean
	bell: Bell
	unreadConversations: number
	timeZone: string
}) {
	return (
		<header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-gray-200 bg-white px-3 sm:px-4">
			<SidebarToggle collapsed={sidebarCollapsed} />
			<BrandLink to="/dashboard" compact />
			{/* Search across everything (docs/decisions/167): a GET form to /search, so it works without JavaScript. */}
			<form
				role="search"
				aria-label="Site"
				method="get"
				action="/search"
				className="ml-6 hidden max-w-md flex-1 md:block"
			>
				<label htmlFor="top-bar-search" className="sr-only">
					Search
				</label>
				<div className="relative">
					<span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-400">
						<Icon name="search" className="h-4 w-4" />
					</span>
					<input
						id="top-bar-search"
						type="search"
						name="q"
						maxLength={100}
						placeholder="Search lessons, discussions, members..."
						className="w-full rounded-full border border-gray-200 bg-gray-50 py-2 pl-9 pr-4 text-sm focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
					/>
				</div>
			</form>
			<div className="ml-auto flex items-center gap-1">
				{/* On a phone the box does not fit beside the rest: the search is its own page. */}
				<Link to="/search" className="rounded-full p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 md:hidden">
					<span className="sr-only">Search</span>
					<Icon name="search" />
				</Link>
				<NotificationsMenu bell={bell} timeZone={timeZone} />
				<Link to="/messages" className="relative rounded-full p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900">
					<span className="sr-only">
						{unreadConversations > 0 ? `Messages (${unreadConversations} unread)` : 'Messages'}
					</span>
					<Icon name="messages" />
					{unreadConversations > 0 ? (
						<CountBadge count={unreadConversations} className="absolute right-0.5 top-0.5" />
					) : null}
				</Link>
				<DropdownMenu
					label="User menu"
					summary={<Avatar name={user.name} src={user.avatar} size="sm" />}
					panelClassName="w-56"
				>
					<div className="border-b px-4 py-3">
						<p className="truncate text-sm font-semibold text-gray-900">{user.username}</p>
						<p className="truncate text-xs text-gray-500">{user.name}</p>
					</div>
					<nav aria-label="User menu" className="py-1 text-sm">
						<MenuLink to="/profile" icon="user" label="Profile" />
						<MenuLink to="/dashboard" icon="dashboard" label="Dashboard" />
						<MenuLink to="/settings" icon="settings" label="Settings" />
						<LogoutButton className="flex w-full items-center gap-3 px-4 py-2 text-left text-gray-700 hover:bg-gray-50">
							<Icon name="logout" className="h-4 w-4 text-gray-400" />
							Logout
						</LogoutButton>
					</nav>
				</DropdownMenu>
				{/* The phone's Menu, last in the top bar: the sidebar, which follows the top bar, is its drawer (decision 243). */}
				<PhoneMenu />
			</div>
		</header>
	)
}

/** The bell: a <details> menu with the newest notifications, each a form that marks it read and opens it. */
function NotificationsMenu({ bell, timeZone }: { bell: Bell; timeZone: string }) {
	return (
		<DropdownMenu
			label={bell.unreadCount > 0 ? `Notifications (${bell.unreadCount} new)` : 'Notifications'}
			panelClassName="w-80"
			summary={
				<>
					<Icon name="bell" />
					{bell.unreadCount > 0 ? <CountBadge count={bell.unreadCount} className="absolute right-0.5 top-0.5" /> : null}
				</>
			}
		>
			<p className="border-b px-4 py-3 text-sm font-semibold text-gray-900">Notifications</p>
			{bell.notifications.length === 0 ? (
				<p className="px-4 py-6 text-center text-sm text-gray-600">No notifications yet</p>
			) : (
				<ul className="max-h-96 divide-y overflow-y-auto">
					{bell.notifications.map((notification) => (
						<li key={notification.id}>
							<NotificationItem
								notification={notification}
								time={formatDateTime(notification.createdAt, timeZone)}
								compact
							/>
						</li>
					))}
				</ul>
			)}
			<Link
				to="/notifications"
				className="block border-t px-4 py-3 text-center text-sm font-medium text-brand-700 hover:bg-gray-50"
			>
				See all notifications
			</Link>
		</DropdownMenu>
	)
}

function MenuLink({ to, icon, label }: { to: string; icon: 'user' | 'dashboard' | 'settings'; label: string }) {
	return (
		<Link to={to} className="flex items-center gap-3 px-4 py-2 text-gray-700 hover:bg-gray-50">
			<Icon name={icon} className="h-4 w-4 text-gray-400" />
			{label}
		</Link>
	)
}

/**
 * A form, so it works without JavaScript: it posts the wanted state to
 * /sidebar, which stores it in a cookie and comes back here. With
 * JavaScript it goes through a fetcher and the layout shows the new state
 * at once (from `md` up: phones get the Menu drawer instead).
 */
function SidebarToggle({ collapsed }: { collapsed: boolean }) {
	const fetcher = useFetcher({ key: SIDEBAR_FETCHER_KEY })
	const location = useLocation()
	return (
		<fetcher.Form method="post" action="/sidebar" className="hidden md:block">
			<AuthenticityTokenInput />
			<input type="hidden" name="collapsed" value={collapsed ? 'false' : 'true'} />
			<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			<button
				type="submit"
				aria-controls="app-sidebar"
				aria-expanded={!collapsed}
				className="rounded-md p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
			>
				<span className="sr-only">{collapsed ? 'Expand sidebar' : 'Collapse sidebar'}</span>
				<Icon name="menu" />
			</button>
		</fetcher.Form>
	)
}
