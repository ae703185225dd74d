import { json } from '@remix-run/node'
import { LockSchema } from '~/lib/discussion-schemas'
import { setLocked } from '~/services/discussions/discussions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** POST /api/posts/{id}/lock {locked}: moderators and admins lock a post (no new comments), or unlock it. */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const postId = requireNumericId(params.id, 'Post')
		const { locked } = await readJsonBody(request, LockSchema, { requireBody: true })
		return json(await setLocked(user, postId, locked))
	},
})
