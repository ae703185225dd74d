import { readSearch } from '~/lib/search-text'
import { listPublicUsers } from '~/services/account/users.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'

/**
 * product §7 GET /api/users (optional ?q= on name or username; ?page= and ?limit=): the member
 * and contact lists. Public fields only: id, username, name, avatar, bio, role.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		await requireApiUser(request)
		return jsonListPage(request, (window) =>
			listPublicUsers({ search: readSearch(new URL(request.url).searchParams.get('q')) }, window),
		)
	},
})
