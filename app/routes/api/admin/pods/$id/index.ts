import { json } from '@remix-run/node'
import { dissolvePodAsAdmin } from '~/services/pods/admin.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** DELETE /api/admin/pods/{id}: dissolves a running pod; its members are told and queued again (audited). */
export const { loader, action } = apiRoute({
	DELETE: async ({ request, params }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		return json(await dissolvePodAsAdmin(actor, requireNumericId(params.id, 'Pod')))
	},
})
