import { json } from '@remix-run/node'
import { RoleChangeSchema } from '~/lib/admin-schemas'
import { changeUserRole } from '~/services/account/admin-users.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** product §7 PATCH /api/admin/users/{userId}/role {role}: the updated user. Admins only; the last admin stays an admin (409). */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		const userId = requireNumericId(params.userId, 'User')
		const { role } = await readJsonBody(request, RoleChangeSchema)
		return json(await changeUserRole(actor, userId, role))
	},
})
