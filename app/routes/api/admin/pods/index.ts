import { json } from '@remix-run/node'
import { listPodsForAdmin } from '~/services/pods/admin.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** GET /api/admin/pods: every running and finished pod by program, with its figures (never its words). Admins only. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		return json(await listPodsForAdmin(actor))
	},
})
