import { json } from '@remix-run/node'
import { PinSchema } from '~/lib/discussion-schemas'
import { setPinned } from '~/services/discussions/discussions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** POST /api/posts/{id}/pin {pinned}: moderators and admins pin a post to the top of its list, or unpin it. */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const postId = requireNumericId(params.id, 'Post')
		const { pinned } = await readJsonBody(request, PinSchema, { requireBody: true })
		return json(await setPinned(user, postId, pinned))
	},
})
