import { readSearch } from '~/lib/search-text'
import { listVideosForMember } from '~/services/catalogue/videos.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'

/**
 * product §7 GET /api/videos (optional ?q= and ?category=; ?page= and ?limit=, docs/decisions/081): the library as
 * this member may see it; locked videos come without their media `url`.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		const url = new URL(request.url)
		const search = readSearch(url.searchParams.get('q'))
		const category = readSearch(url.searchParams.get('category'))
		return jsonListPage(request, (window) =>
			listVideosForMember(user, { search, category: category || undefined }, window),
		)
	},
})
