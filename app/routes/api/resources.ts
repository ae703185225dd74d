import { readSearch } from '~/lib/search-text'
import { listResources } from '~/services/catalogue/resources.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'

/** product §7 GET /api/resources (optional ?q= and ?type=; ?page= and ?limit=): newest first. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		await requireApiUser(request)
		const url = new URL(request.url)
		const type = readSearch(url.searchParams.get('type'))
		return jsonListPage(request, (window) =>
			listResources({ search: readSearch(url.searchParams.get('q')), type: type || undefined }, window),
		)
	},
})
