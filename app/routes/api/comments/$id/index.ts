import { json } from '@remix-run/node'
import { CommentUpdateSchema } from '~/lib/discussion-schemas'
import { deleteComment, editComment } from '~/services/discussions/discussions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * PATCH /api/comments/{id} {body}: the author edits (403 for anyone else).
 * DELETE: the author deletes, a moderator or admin removes; `{ success: true }`.
 */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const commentId = requireNumericId(params.id, 'Comment')
		const { body } = await readJsonBody(request, CommentUpdateSchema)
		return json(await editComment(user, commentId, body))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await deleteComment(user, requireNumericId(params.id, 'Comment'))
		return json({ success: true })
	},
})
