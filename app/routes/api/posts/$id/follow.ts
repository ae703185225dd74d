import { json } from '@remix-run/node'
import { setFollowing } from '~/services/discussions/follows.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * PUT /api/posts/{id}/follow: the caller follows the post (a notification
 * for new comments, one per post until read); DELETE: stops. Idempotent;
 * `{ following }`.
 */
export const { loader, action } = apiRoute({
	PUT: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json({ following: await setFollowing(user, requireNumericId(params.id, 'Post'), true) })
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json({ following: await setFollowing(user, requireNumericId(params.id, 'Post'), false) })
	},
})
