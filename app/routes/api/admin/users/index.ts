import { listUsersForAdmin } from '~/services/account/admin-users.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'
import { searchParam } from '~/routes/api/admin/__admin-api.server'

/** product §7 GET /api/admin/users (optional `?search=`; `?page=`, `?limit=`): users oldest first, for admins only. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		return jsonListPage(request, (window) => listUsersForAdmin(actor, { search: searchParam(request) }, window))
	},
})
