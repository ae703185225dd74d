import { listCommunities } from '~/services/catalogue/communities.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'

/** product §7 GET /api/communities: by id, a page at a time (`?page=`, `?limit=`). */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		await requireApiUser(request)
		return jsonListPage(request, (window) => listCommunities({}, window))
	},
})
