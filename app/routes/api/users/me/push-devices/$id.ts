import { json } from '@remix-run/node'
import { turnOffPushDevice } from '~/services/notifications/push.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** DELETE /api/users/me/push-devices/{id}: turns push off for one of the member's devices; `{ success: true }`, 404 for anyone else's. */
export const { loader, action } = apiRoute({
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await turnOffPushDevice(user, requireNumericId(params.id, 'Device'))
		return json({ success: true })
	},
})
