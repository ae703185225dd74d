import { json } from '@remix-run/node'
import { getCommunityHistory, parseHistoryCursor } from '~/services/chat/messages.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * product §7 GET /api/messages/community/{communityId}: the latest messages,
 * oldest first, with senderName; `?before={id}` pages back and `?after={id}`
 * catches up after a reconnect (docs/decisions/023-chat-history-cursors.md).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const viewer = await requireApiUser(request)
		const communityId = requireNumericId(params.communityId, 'Community')
		const cursor = parseHistoryCursor(new URL(request.url).searchParams)
		const { messages } = await getCommunityHistory(viewer, communityId, cursor)
		return json(messages)
	},
})
