import { json, type ActionFunctionArgs } from '@remix-run/node'
import { RoleChangeSchema } from '~/lib/admin-schemas'
import { methodNotAllowed, readJsonBody, requireNumericId, withServiceErrors } from '~/lib/http.server'
import { changeUserRole } from '~/services/admin-users.server'
import { requireApiUserWithRole } from '~/services/auth.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'

export const loader = methodNotAllowed

/** SPEC §7 PATCH /api/admin/users/{userId}/role {role}: the updated user. Admins only; the last admin stays an admin (409). */
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'PATCH') return methodNotAllowed()
	const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
	const userId = requireNumericId(params.userId, 'User')
	const { role } = await readJsonBody(request, RoleChangeSchema)
	return withServiceErrors(async () => json(await changeUserRole(actor, userId, role)))
}
