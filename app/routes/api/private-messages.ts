import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, requireNumericId, withServiceErrors } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { getPrivateHistory, parseHistoryCursor } from '~/services/messages.server'

/**
 * SPEC §7 GET /api/messages/private/{userId}: the conversation between the
 * session's user and {userId} (never anyone else's), oldest first, with the
 * same `?before=` / `?after=` cursors as the community history.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const viewer = await requireApiUser(request)
	const otherUserId = requireNumericId(params.userId, 'User')
	return withServiceErrors(async () => {
		const cursor = parseHistoryCursor(new URL(request.url).searchParams)
		const { messages } = await getPrivateHistory(viewer, otherUserId, cursor)
		return json(messages)
	})
}

export const action = methodNotAllowed
