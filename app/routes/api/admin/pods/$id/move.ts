import { json } from '@remix-run/node'
import { PodMoveSchema } from '~/lib/pod-schemas'
import { moveMemberAsAdmin } from '~/services/pods/admin.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** POST /api/admin/pods/{id}/move `{ userId, toPodId }`: moves a member to another running pod of the program (audited). */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		const podId = requireNumericId(params.id, 'Pod')
		const input = await readJsonBody(request, PodMoveSchema, { requireBody: true })
		return json(await moveMemberAsAdmin(actor, podId, input))
	},
})
