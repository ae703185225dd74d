import { json } from '@remix-run/node'
import { CommentSchema } from '~/lib/discussion-schemas'
import { createComment } from '~/services/discussions/discussions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * POST /api/posts/{id}/comments {body, parentId?}: 201 and the new comment
 * (a reply when `parentId` names a comment of the post). Premium members who
 * are not muted; 409 on a locked or deleted post; 30 per 10 minutes.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const postId = requireNumericId(params.id, 'Post')
		const input = await readJsonBody(request, CommentSchema)
		return json(await createComment(user, postId, input), { status: 201 })
	},
})
