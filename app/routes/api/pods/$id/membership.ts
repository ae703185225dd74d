import { json } from '@remix-run/node'
import { leavePod } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** DELETE /api/pods/{id}/membership: leaves the pod (the pod sees "left"). */
export const { loader, action } = apiRoute({
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await leavePod(user, requireNumericId(params.id, 'Pod'))
		return json({ success: true })
	},
})
