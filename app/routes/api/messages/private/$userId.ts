import { json } from '@remix-run/node'
import { getPrivateHistory, parseHistoryCursor } from '~/services/chat/messages.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { isRequestedByPage, requireNumericId } from '~/web/http.server'

/**
 * product §7 GET /api/messages/private/{userId}: the conversation between the
 * session's user and {userId} (never anyone else's), oldest first, with the
 * same `?before=` / `?after=` cursors as the community history. Reading it
 * marks the conversation read only when the page asked (not an image's load).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const viewer = await requireApiUser(request)
		const otherUserId = requireNumericId(params.userId, 'User')
		const cursor = parseHistoryCursor(new URL(request.url).searchParams)
		const { messages } = await getPrivateHistory(viewer, otherUserId, cursor, { markRead: isRequestedByPage(request) })
		return json(messages)
	},
})
