import { json } from '@remix-run/node'
import { listConversations } from '~/services/chat/private-inbox.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/**
 * GET /api/conversations: the caller's private conversations, most recent
 * first (the latest 50), each with the other person, the last message and
 * the number of unread messages (product §7).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		return json(await listConversations(user.id))
	},
})
