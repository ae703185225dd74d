import { Link, NavLink } from '@remix-run/react'
import type { Role } from '#models/index'
import { LogoutButton } from '~/components/logout-button'
import { Icon, type IconName } from '~/components/ui/icon'
import { isPremium } from '~/lib/subscription'
import { CountBadge } from '~/components/layout/menu'

/** product §2: Administration is shown to these roles only. */
const ADMIN_PANEL_ROLES: readonly Role[] = ['admin', 'content_manager']
/** product §2: Moderation is shown to these roles only. */
const MODERATION_ROLES: readonly Role[] = ['admin', 'moderator']

/** A link of the main navigation, with the count it shows (none at 0) and what the count means, for screen readers. */
type SidebarLink = { to: string; label: string; icon: IconName; badge?: number; badgeLabel?: string }

const LINKS: SidebarLink[] = [
	{ to: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
	{ to: '/content-library', label: 'Content Library', icon: 'video' },
	{ to: '/programs', label: 'Programs', icon: 'book' },
	{ to: '/pods', label: 'Pods', icon: 'pods' },
	{ to: '/notes', label: 'My Notes', icon: 'pencil' },
	{ to: '/community', label: 'Community', icon: 'community' },
	{ to: '/messages', label: 'Messages', icon: 'messages' },
	{ to: '/members', label: 'Members', icon: 'user' },
	{ to: '/events', label: 'Events', icon: 'events' },
	{ to: '/resources', label: 'Resources', icon: 'resources' },
]

/** One of the member's communities, as "Your Communities" shows it (product §2 "Communities"). */
export interface SidebarCommunity {
	id: number
	name: string
	icon: string | null
}

/** The short code beside a community's name: its icon when that is a code (EL), else its first letters. */
function codeOf(community: SidebarCommunity): string {
	if (community.icon && !/^(https?:\/\/|\/)/.test(community.icon)) return community.icon.slice(0, 3).toUpperCase()
	return community.name.slice(0, 2).toUpperCase()
}

export interface SidebarUser {
	role: Role
	subscriptionStatus: string
}

export interface SidebarProps {
	user: SidebarUser
	trialEnds: string | null
	/** The Messages badge: conversations with unread messages (none at 0). */
	unreadConversations: number
	/** Open reports waiting in /moderation (moderators and admins). */
	openReports?: number
	/** The communities the member joined, in the order they joined. */
	communities: SidebarCommunity[]
}

/** The sidebar's id: the phone's Menu opens it as its drawer (PhoneMenu). */
export const SIDEBAR_ID = 'app-sidebar'

/**
 * From the `md` breakpoint up: 16rem wide, 5rem collapsed (product §2), with
 * the labels kept for screen readers when collapsed. Below `md` it is the
 * Menu's drawer, always labelled (PhoneMenu): the page draws its navigation
 * once (docs/decisions/234).
 */
export function Sidebar({ collapsed, ...props }: SidebarProps & { collapsed: boolean }) {
	return (
		<aside
			id={SIDEBAR_ID}
			aria-label="Sidebar"
			data-collapsed={collapsed}
			className={`sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 flex-col border-r border-gray-200 bg-white md:flex ${collapsed ? 'md:w-20' : 'md:w-64'}`}
		>
			<SidebarContents {...props} collapsed={collapsed} />
		</aside>
	)
}

/**
 * Below `md`: a 'Menu' button at the right end of the top bar whose drawer is
 * the sidebar itself, opening from the right. It is a <details> menu, so it
 * opens and closes without JavaScript: it is the top bar's last control, and
 * while it is open a style (app/tailwind.css) draws the sidebar, which
 * follows the top bar, as the drawer. In the page's order the drawer's links
 * come right after the button, as they appear (docs/decisions/064, 234,
 * 243). With JavaScript it also closes on Escape and after a navigation
 * (useDismissibleMenus).
 *
 * The dimmed backdrop beside the open drawer is the summary's own ::before,
 * drawn over the page: a tap on it is a tap on the summary, which closes the
 * menu with or without JavaScript (docs/decisions/205).
 */
export function PhoneMenu() {
	return (
		<details data-menu data-phone-menu data-menu-drawer={SIDEBAR_ID} className="group w-[5.25rem] shrink-0 md:hidden">
			<summary
				aria-controls={SIDEBAR_ID}
				className="flex cursor-pointer list-none items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-gray-700 before:content-[''] hover:bg-gray-100 hover:text-gray-900 group-open:bg-gray-100 group-open:before:fixed group-open:before:inset-x-0 group-open:before:bottom-0 group-open:before:top-16 group-open:before:z-30 group-open:before:cursor-default group-open:before:bg-gray-900/40 [&::-webkit-details-marker]:hidden"
			>
				<Icon name="menu" className="h-5 w-5 group-open:hidden" />
				<Icon name="close" className="hidden h-5 w-5 group-open:block" />
				<span className="group-open:hidden">Menu</span>
				<span className="hidden group-open:inline">Close</span>
			</summary>
		</details>
	)
}

function SidebarContents({
	user,
	collapsed,
	trialEnds,
	unreadConversations,
	openReports = 0,
	communities,
}: SidebarProps & { collapsed: boolean }) {
	// Collapsed is a width of the `md` sidebar; the phone's drawer always shows its labels.
	const label = collapsed ? 'md:sr-only' : ''
	const centred = collapsed ? 'justify-start md:justify-center' : 'justify-start'
	const links: SidebarLink[] = [
		...LINKS.map((link) =>
			link.to === '/messages'
				? { ...link, badge: unreadConversations, badgeLabel: `${unreadConversations} unread` }
				: link,
		),
		...(MODERATION_ROLES.includes(user.role)
			? [
					{
						to: '/moderation',
						label: 'Moderation',
						icon: 'flag' as const,
						badge: openReports,
						badgeLabel: `${openReports} open ${openReports === 1 ? 'report' : 'reports'}`,
					},
				]
			: []),
		...(ADMIN_PANEL_ROLES.includes(user.role)
			? [{ to: '/admin', label: 'Administration', icon: 'admin' as const }]
			: []),
	]
	const premium = isPremium(user)
	const itemClass = (active: boolean) =>
		`group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${centred} ${
			active ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'
		}`

	return (
		<>
			<nav aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-4">
				<ul className="space-y-1">
					{links.map((link) => {
						const badge = link.badge ? link.badge : null
						return (
							<li key={link.to}>
								<NavLink
									to={link.to}
									title={collapsed ? link.label : undefined}
									className={({ isActive }) => itemClass(isActive)}
								>
									<span className="relative">
										<Icon name={link.icon} />
										{badge && collapsed ? (
											<CountBadge count={badge} className="absolute -right-2 -top-2 max-md:hidden" />
										) : null}
									</span>
									<span className={`${label} flex-1`}>
										{link.label}
										{badge ? <span className="sr-only">{` (${link.badgeLabel})`}</span> : null}
									</span>
									{badge ? (
										<span
											aria-hidden="true"
											className={`rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white ${collapsed ? 'md:hidden' : ''}`}
										>
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
				{communities.length === 0 ? (
					<p className={`${label} mt-2 px-3 text-xs text-gray-600`}>
						<Link to="/community" className="font-medium text-brand-700 hover:underline">
							Join a community
						</Link>
					</p>
				) : (
					<ul className={`mt-2 space-y-1 ${collapsed ? 'md:mt-0' : ''}`}>
						{communities.map((community) => (
							<li key={community.id}>
								<NavLink
									to={`/community/${community.id}`}
									title={collapsed ? community.name : undefined}
									className={({ isActive }) => itemClass(isActive)}
								>
									<span
										aria-hidden="true"
										className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-brand-100 text-[10px] font-bold text-brand-700"
									>
										{codeOf(community)}
									</span>
									<span className={`${label} truncate`}>{community.name}</span>
								</NavLink>
							</li>
						))}
					</ul>
				)}
			</nav>
			<div className="space-y-1 border-t border-gray-200 px-3 py-4">
				<SubscriptionStatus status={user.subscriptionStatus} trialEnds={trialEnds} collapsed={collapsed} />
				{premium ? null : (
					<Link
						to="/subscribe"
						title={collapsed ? 'Upgrade to Premium' : undefined}
						className={`flex items-center gap-3 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 ${centred}`}
					>
						<Icon name="star" />
						<span className={label}>Upgrade to Premium</span>
					</Link>
				)}
				<Link to="/profile" title={collapsed ? 'Settings' : undefined} className={itemClass(false)}>
					<Icon name="settings" />
					<span className={label}>Settings</span>
				</Link>
				<LogoutButton className={`w-full ${itemClass(false)}`}>
					<Icon name="logout" />
					<span className={label}>Logout</span>
				</LogoutButton>
			</div>
		</>
	)
}

/** product §4: 'Premium Active', 'Trial Active' with 'Trial ends: {date}', else 'Premium Inactive'. */
function SubscriptionStatus({
	status,
	trialEnds,
	collapsed,
}: {
	status: string
	trialEnds: string | null
	collapsed: boolean
}) {
	const trialing = status === 'trialing'
	const text = status === 'active' ? 'Premium Active' : trialing ? 'Trial Active' : 'Premium Inactive'
	const tone = status === 'active' ? 'bg-green-500' : trialing ? 'bg-blue-500' : 'bg-gray-400'
	const detail = trialing && trialEnds ? `Trial ends: ${trialEnds}` : null
	return (
		<div
			title={collapsed ? (detail ? `${text}. ${detail}` : text) : undefined}
			className={`mb-2 block rounded-lg bg-gray-50 p-3 ${collapsed ? 'md:flex md:justify-center' : ''}`}
		>
			<p className="flex items-center gap-2 text-sm font-medium text-gray-900">
				<span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${tone}`} />
				<span className={collapsed ? 'md:sr-only' : ''}>{text}</span>
			</p>
			{detail ? (
				<p className="mt-1 text-xs text-gray-500">
					<span className={collapsed ? 'md:sr-only' : ''}>{detail}</span>
				</p>
			) : null}
		</div>
	)
}
