import { json } from '@remix-run/node'
import { listUsersForAdmin } from '~/services/admin-users.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { searchParam } from './admin-api.server'

/** product §7 GET /api/admin/users (optional `?search=`): every user, for admins only. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		return json(await listUsersForAdmin(actor, { search: searchParam(request) }))
	},
})
