import { json } from '@remix-run/node'
import { deleteUserAsAdmin } from '~/services/account/deletion.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * DELETE /api/admin/users/{userId}: an admin deletes a member's account, as
 * the Users tab's Delete dialog does (docs/decisions/125). Admins only; not
 * their own account (400: that is the profile's); 404 for nobody.
 */
export const { loader, action } = apiRoute({
	DELETE: async ({ request, params }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		const userId = requireNumericId(params.userId, 'User')
		await deleteUserAsAdmin(actor, userId)
		return json({ success: true })
	},
})
