import { type UserJSON } from '#models/index'
import { heldRead } from '~/platform/held-reads.server'
import { layoutVersionOf } from '~/services/account/users.server'
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
