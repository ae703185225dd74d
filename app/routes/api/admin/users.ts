import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { searchParam } from '~/lib/admin-api.server'
import { methodNotAllowed, withServiceErrors } from '~/lib/http.server'
import { listUsersForAdmin } from '~/services/admin-users.server'
import { requireApiUserWithRole } from '~/services/auth.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'

/** SPEC §7 GET /api/admin/users (optional `?search=`): every user, for admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
	return withServiceErrors(async () => json(await listUsersForAdmin(actor, { search: searchParam(request) })))
}

export const action = methodNotAllowed
