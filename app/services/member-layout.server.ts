import { type UserJSON } from '#models/index'
import { heldRead } from '~/platform/held-reads.server'
import { getUserById, layoutVersionOf } from '~/services/account/users.server'
import { countUnreadConversations } from '~/services/chat/private-inbox.server'
import { joinedCommunities } from '~/services/community/memberships.server'
import { getBell } from '~/services/notifications/notifications.server'

/**
 * What every member page's layout shows besides the account itself: the bell
 * (the newest notifications and the unread count) and the member's
 * communities in the sidebar. Held by this process per member under the
 * account's layout version (docs/decisions/193), which every write to the
 * member's notifications or to one of their communities' names and icons
 * renews: on a page where neither changed the layout costs no query, the
 * account and the session being the page's only two.
 */
export async function memberLayoutReads(user: Pick<UserJSON, 'id' | 'communityIds'>) {
	const version = await layoutVersionOf(user.id)
	return heldRead(`member-layout:${user.id}:${user.communityIds.join(',')}`, version, async () => {
		const [bell, communities] = await Promise.all([getBell(user.id), joinedCommunities(user)])
		return { bell, communities }
	})
}

/**
 * What the layout's live socket asks for each time it connects (the `badges`
 * event, docs/decisions/100), to make up for what happened before it joined
 * its member's room or while it was down: the bell's unread count, the
 * Messages badge's, and the bell's notifications newer than the newest the
 * page shows. Read as the layout's loader reads them, so that inside a
 * read-only request context (request-context.server.ts) the account's read
 * carries the layout's version and the badge's count: on an unchanged layout
 * that one query is the whole cost. Null when the account is gone.
 */
export async function memberBadges(userId: number, notificationsAfter: number) {
	const user = await getUserById(userId)
	if (!user) return null
	const [{ bell }, unreadConversations] = await Promise.all([
		memberLayoutReads(user),
		countUnreadConversations(user.id),
	])
	return {
		unreadNotifications: bell.unreadCount,
		unreadConversations,
		notifications: bell.notifications.filter((notification) => notification.id > notificationsAfter),
	}
}
