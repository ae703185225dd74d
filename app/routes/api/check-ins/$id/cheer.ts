import { json } from '@remix-run/node'
import { cheerCheckIn } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** PUT /api/check-ins/{id}/cheer cheers a pod-mate's check-in; DELETE takes the cheer back. Both idempotent. */
export const { loader, action } = apiRoute({
	PUT: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await cheerCheckIn(user, requireNumericId(params.id, 'Check-in'), true))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await cheerCheckIn(user, requireNumericId(params.id, 'Check-in'), false))
	},
})
