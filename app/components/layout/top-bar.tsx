import { Link, useFetcher, useLocation } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { BrandLink } from '~/components/brand'
import { LogoutButton } from '~/components/logout-button'
import { Avatar } from '~/components/ui/avatar'
import { Icon } from '~/components/ui/icon'
import { CountBadge, DropdownMenu } from './menu'

/** product §2/§9: fixed placeholder counts. */
export const NOTIFICATION_BADGE_COUNT = 3
export const MESSAGE_BADGE_COUNT = 2
export const SIDEBAR_FETCHER_KEY = 'sidebar-toggle'

const NOTIFICATIONS = [
	{ title: 'Welcome to the community!', text: 'Add a bio and a photo so other leaders can get to know you.', time: '1 day ago', to: '/profile' },
	{ title: 'New lessons in the library', text: 'Fresh videos on communication and strategy are waiting for you.', time: '2 days ago', to: '/content-library' },
	{ title: 'Live sessions this week', text: 'See what is coming up and save your seat.', time: '3 days ago', to: '/events' },
] as const

interface TopBarUser {
	username: string
	name: string
	avatar: string | null
}

export function TopBar({ user, sidebarCollapsed }: { user: TopBarUser; sidebarCollapsed: boolean }) {
	return (
		<header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-gray-200 bg-white px-3 sm:px-4">
			<SidebarToggle collapsed={sidebarCollapsed} />
			<BrandLink to="/dashboard" />
			<form role="search" aria-label="Site" method="get" action="/content-library" className="ml-6 hidden max-w-md flex-1 md:block">
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
						placeholder="Search videos..."
						className="w-full rounded-full border border-gray-200 bg-gray-50 py-2 pl-9 pr-4 text-sm focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
					/>
				</div>
			</form>
			<div className="ml-auto flex items-center gap-1">
				<DropdownMenu
					label={`Notifications (${NOTIFICATION_BADGE_COUNT} new)`}
					panelClassName="w-80"
					summary={
						<>
							<Icon name="bell" />
							<CountBadge count={NOTIFICATION_BADGE_COUNT} className="absolute right-0.5 top-0.5" />
						</>
					}
				>
					<p className="border-b px-4 py-3 text-sm font-semibold text-gray-900">Notifications</p>
					<ul className="divide-y">
						{NOTIFICATIONS.map((item) => (
							<li key={item.title}>
								<Link to={item.to} className="block px-4 py-3 hover:bg-gray-50">
									<span className="block text-sm font-medium text-gray-900">{item.title}</span>
									<span className="mt-0.5 block text-sm text-gray-600">{item.text}</span>
									<span className="mt-1 block text-xs text-gray-500">{item.time}</span>
								</Link>
							</li>
						))}
					</ul>
				</DropdownMenu>
				<Link
					to="/messages"
					className="relative rounded-full p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
				>
					<span className="sr-only">{`Messages (${MESSAGE_BADGE_COUNT} unread)`}</span>
					<Icon name="messages" />
					<CountBadge count={MESSAGE_BADGE_COUNT} className="absolute right-0.5 top-0.5" />
				</Link>
				<DropdownMenu label="User menu" summary={<Avatar name={user.name} src={user.avatar} size="sm" />} panelClassName="w-56">
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
			</div>
		</header>
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
 * at once (desktop only: small screens always get the narrow sidebar).
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
