import { Link, NavLink } from '@remix-run/react'
import type { Role } from '#models/index'
import { LogoutButton } from '~/components/logout-button'
import { Icon, type IconName } from '~/components/ui/icon'
import { isPremium } from '~/lib/subscription'
import { CountBadge } from './menu'

/** product §2: Administration is shown to these roles only. */
const ADMIN_PANEL_ROLES: readonly Role[] = ['admin', 'content_manager']
/** product §2: Moderation is shown to these roles only. */
const MODERATION_ROLES: readonly Role[] = ['admin', 'moderator']

/** A link of the main navigation, with the count it shows (none at 0) and what the count means, for screen readers. */
type SidebarLink = { to: string; label: string; icon: IconName; badge?: number; badgeLabel?: string }

const LINKS: SidebarLink[] = [
	{ to: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
	{ to: '/content-library', label: 'Content Library', icon: 'video' },
	{ to: '/community', label: 'Community', icon: 'community' },
	{ to: '/messages', label: 'Messages', icon: 'messages' },
	{ to: '/events', label: 'Events', icon: 'events' },
	{ to: '/resources', label: 'Resources', icon: 'resources' },
]

/** product §2: fixed shortcuts. */
const COMMUNITY_SHORTCUTS = [
	{ to: '/community/1', label: 'Executive Leadership', code: 'EL' },
	{ to: '/community/2', label: 'New Managers', code: 'NM' },
	{ to: '/community/3', label: 'Women in Leadership', code: 'WL' },
]

interface SidebarUser {
	role: Role
	subscriptionStatus: string
}

/**
 * 16rem wide, 5rem collapsed (product §2). Small screens always get the
 * narrow rail; the labels stay in the page for screen readers.
 */
export function Sidebar({
	user,
	collapsed,
	trialEnds,
	unreadConversations,
	openReports = 0,
}: {
	user: SidebarUser
	collapsed: boolean
	trialEnds: string | null
	/** The Messages badge: conversations with unread messages (none at 0). */
	unreadConversations: number
	/** Open reports waiting in /moderation (moderators and admins). */
	openReports?: number
}) {
	const label = collapsed ? 'sr-only' : 'sr-only md:not-sr-only'
	const links: SidebarLink[] = [
		...LINKS.map((link) =>
			link.to === '/messages' ? { ...link, badge: unreadConversations, badgeLabel: `${unreadConversations} unread` } : link,
		),
		...(MODERATION_ROLES.includes(user.role)
			? [{ to: '/moderation', label: 'Moderation', icon: 'flag' as const, badge: openReports, badgeLabel: `${openReports} open ${openReports === 1 ? 'report' : 'reports'}` }]
			: []),
		...(ADMIN_PANEL_ROLES.includes(user.role) ? [{ to: '/admin', label: 'Administration', icon: 'admin' as const }] : []),
	]
	const premium = isPremium(user)
	const itemClass = (active: boolean) =>
		`group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
			collapsed ? 'justify-center' : 'justify-center md:justify-start'
		} ${active ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'}`

	return (
		<aside
			id="app-sidebar"
			aria-label="Sidebar"
			data-collapsed={collapsed}
			className={`sticky top-16 flex h-[calc(100vh-4rem)] w-20 shrink-0 flex-col border-r border-gray-200 bg-white ${collapsed ? '' : 'md:w-64'}`}
		>
			<nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4">
				<ul className="space-y-1">
					{links.map((link) => {
						const badge = link.badge ? link.badge : null
						return (
						<li key={link.to}>
							<NavLink to={link.to} title={link.label} className={({ isActive }) => itemClass(isActive)}>
								<span className="relative">
									<Icon name={link.icon} />
									{badge && collapsed ? <CountBadge count={badge} className="absolute -right-2 -top-2" /> : null}
								</span>
								<span className={`${label} flex-1`}>
									{link.label}
									{badge ? <span className="sr-only">{` (${link.badgeLabel})`}</span> : null}
								</span>
								{badge && !collapsed ? (
									<span aria-hidden="true" className="hidden rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white md:inline">
										{badge}
									</span>
								) : null}
							</NavLink>
						</li>
						)
					})}
				</ul>
				<h2 className="mt-6 px-3 text-xs font-semibold uppercase tracking-wide text-gray-500">
					<span className={label}>Your Communities</span>
				</h2>
				<ul className={`space-y-1 ${collapsed ? '' : 'md:mt-2'}`}>
					{COMMUNITY_SHORTCUTS.map((community) => (
						<li key={community.to}>
							<NavLink to={community.to} title={community.label} className={({ isActive }) => itemClass(isActive)}>
								<span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-brand-100 text-[10px] font-bold text-brand-700">
									{community.code}
								</span>
								<span className={`${label} truncate`}>{community.label}</span>
							</NavLink>
						</li>
					))}
				</ul>
			</nav>
			<div className="space-y-1 border-t border-gray-200 px-3 py-4">
				<SubscriptionStatus status={user.subscriptionStatus} trialEnds={trialEnds} collapsed={collapsed} />
				{premium ? null : (
					<Link
						to="/subscribe"
						title="Upgrade to Premium"
						className={`flex items-center gap-3 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 ${
							collapsed ? 'justify-center' : 'justify-center md:justify-start'
						}`}
					>
						<Icon name="star" />
						<span className={label}>Upgrade to Premium</span>
					</Link>
				)}
				<Link to="/profile" title="Settings" className={itemClass(false)}>
					<Icon name="settings" />
					<span className={label}>Settings</span>
				</Link>
				<LogoutButton className={`w-full ${itemClass(false)}`}>
					<Icon name="logout" />
					<span className={label}>Logout</span>
				</LogoutButton>
			</div>
		</aside>
	)
}

/** product §4: 'Premium Active', 'Trial Active' with 'Trial ends: {date}', else 'Premium Inactive'. */
function SubscriptionStatus({ status, trialEnds, collapsed }: { status: string; trialEnds: string | null; collapsed: boolean }) {
	const trialing = status === 'trialing'
	const text = status === 'active' ? 'Premium Active' : trialing ? 'Trial Active' : 'Premium Inactive'
	const tone = status === 'active' ? 'bg-green-500' : trialing ? 'bg-blue-500' : 'bg-gray-400'
	const detail = trialing && trialEnds ? `Trial ends: ${trialEnds}` : null
	return (
		<div
			title={detail ? `${text}. ${detail}` : text}
			className={`mb-2 rounded-lg bg-gray-50 p-3 ${collapsed ? 'flex justify-center' : 'flex justify-center md:block'}`}
		>
			<p className="flex items-center gap-2 text-sm font-medium text-gray-900">
				<span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${tone}`} />
				<span className={collapsed ? 'sr-only' : 'sr-only md:not-sr-only'}>{text}</span>
			</p>
			{detail ? (
				<p className="text-xs text-gray-500 md:mt-1">
					<span className={collapsed ? 'sr-only' : 'sr-only md:not-sr-only'}>{detail}</span>
				</p>
			) : null}
		</div>
	)
}
