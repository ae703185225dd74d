import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, requireNumericId, withServiceErrors } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { getCommunityHistory, parseHistoryCursor } from '~/services/messages.server'

/**
 * SPEC §7 GET /api/messages/community/{communityId}: the latest messages,
 * oldest first, with senderName; `?before={id}` pages back and `?after={id}`
 * catches up after a reconnect (docs/decisions/023-chat-history-cursors.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const viewer = await requireApiUser(request)
	const communityId = requireNumericId(params.communityId, 'Community')
	return withServiceErrors(async () => {
		const cursor = parseHistoryCursor(new URL(request.url).searchParams)
		const { messages } = await getCommunityHistory(viewer, communityId, cursor)
		return json(messages)
	})
}

export const action = methodNotAllowed
