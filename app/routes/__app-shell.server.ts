import { type UserJSON } from '#models/index'
import { type AppShellData } from '~/components/layout/app-shell'
import { formatDate } from '~/lib/dates'
import { readTimeZone } from '~/web/time-zone.server'
import { isModerator } from '~/services/permissions.server'
import { countUnreadConversations, markConversationRead } from '~/services/chat/private-inbox.server'
import { countOpenReports } from '~/services/moderation/reports.server'
import { memberLayoutReads } from '~/services/member-layout.server'
import { isSidebarCollapsed } from '~/web/sidebar-cookie.server'

/**
 * What the member layout (components/layout/app-shell.tsx) is drawn from:
 * the app layout's loader, and the 404 page's for a signed-in member.
 */
export async function loadAppShell(request: Request, user: UserJSON) {
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	// Remix runs the layout's loader alongside the page's: a conversation being opened (/messages?userId=) is read
	// first here, so the badges below already count it as read (the page's loader reading it again changes nothing).
	const url = new URL(request.url)
	const opening = url.pathname === '/messages' ? Number(url.searchParams.get('userId')) : NaN
	if (Number.isSafeInteger(opening) && opening > 0 && opening !== user.id) await markConversationRead(user.id, opening)
	// The badges are drawn by the server, so they are true without JavaScript too (product §2 "Top bar").
	// "Your Communities" in the sidebar are the member's real memberships (product §2 "Communities").
	const [{ bell, communities }, unreadConversations, openReports] = await Promise.all([
		memberLayoutReads(user),
		countUnreadConversations(user.id),
		isModerator(user) ? countOpenReports(user) : 0,
	])
	return {
		user: layoutUser(user),
		bell,
		unreadConversations,
		sidebarCollapsed: await isSidebarCollapsed(request),
		timeZone,
		timeZoneFromHint: fromHint,
		trialEnds: user.trialEndsAt ? formatDate(user.trialEndsAt, timeZone) : null,
		openReports,
		communities,
	}
}

/**
 * What the layout draws of the account: the name, username and picture in the top bar, the role's links and
 * the subscription's status in the sidebar. The rest of it (the email address, the billing ids, the profile) is
 * not written into every page's data for hydration.
 */
function layoutUser({ username, name, avatar, role, subscriptionStatus }: UserJSON): AppShellData['user'] {
	return { username, name, avatar, role, subscriptionStatus }
}
