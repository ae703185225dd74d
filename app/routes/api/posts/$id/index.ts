import { json } from '@remix-run/node'
import { PostUpdateSchema } from '~/lib/discussion-schemas'
import { readApiPage } from '~/web/paging.server'
import { deletePost, editPost, getThread } from '~/services/discussions/discussions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * GET /api/posts/{id} (`?page=`): the post, its top-level comments oldest
 * first (50 a page) with their replies, reactions with who, and whether the
 * caller follows it; reading it reads its new-comments notification.
 * PATCH {title?, body?}: the author edits (403 for anyone else). DELETE: the
 * author deletes, a moderator or admin removes; `{ success: true }`.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const postId = requireNumericId(params.id, 'Post')
		const { page } = readApiPage(new URL(request.url).searchParams)
		return json(await getThread(user, postId, page))
	},
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const postId = requireNumericId(params.id, 'Post')
		return json(await editPost(user, postId, await readJsonBody(request, PostUpdateSchema)))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await deletePost(user, requireNumericId(params.id, 'Post'))
		return json({ success: true })
	},
})
