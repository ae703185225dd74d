import { json } from '@remix-run/node'
import { SORTS, type DiscussionSort } from '~/lib/discussions'
import { PostSchema } from '~/lib/discussion-schemas'
import { ServiceError } from '~/lib/service-error'
import { createPost, listPosts } from '~/services/discussions/discussions.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'
import { jsonListPage } from '~/web/paging.server'

/**
 * GET /api/communities/{id}/posts (`?sort=latest|top`, `?page=`, `?limit=`):
 * the community's posts that stand, pinned first, a page at a time with a
 * `Link` header (decision 081). POST {title, body}: 201 and the new post
 * (Premium members who are not muted; 5 per 10 minutes: 429 beyond).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const communityId = requireNumericId(params.id, 'Community')
		const sort = readSortParam(new URL(request.url).searchParams.get('sort'))
		return jsonListPage(request, async (window) => (await listPosts(user, communityId, { sort, window })).posts)
	},
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const communityId = requireNumericId(params.id, 'Community')
		const input = await readJsonBody(request, PostSchema)
		return json(await createPost(user, communityId, input), { status: 201 })
	},
})

function readSortParam(value: string | null): DiscussionSort {
	if (value === null || value === '') return 'latest'
	const sort = SORTS.find((candidate) => candidate === value)
	if (!sort) throw new ServiceError(`sort must be one of: ${SORTS.join(', ')}`, 400, 'sort')
	return sort
}
