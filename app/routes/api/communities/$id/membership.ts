import { json } from '@remix-run/node'
import { joinCommunity, leaveCommunity } from '~/services/community/memberships.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * POST /api/communities/{id}/membership: the session's member joins the
 * community; DELETE: leaves it. Both idempotent, answering `{ communityId,
 * member, memberCount }`; 404 for an unknown community (product §2
 * "Communities").
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await joinCommunity(user, requireNumericId(params.id, 'Community')))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await leaveCommunity(user, requireNumericId(params.id, 'Community')))
	},
})
