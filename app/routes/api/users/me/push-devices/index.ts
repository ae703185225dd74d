import { json } from '@remix-run/node'
import { PushSubscriptionSchema } from '~/lib/push'
import { listPushDevices, pushPublicKey, turnOnPush } from '~/services/notifications/push.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'
import { getSession } from '~/web/session.server'

/**
 * The session's member's devices with push notifications on (docs/decisions/181).
 *
 * - GET: `{ publicKey, devices }`: the VAPID key browsers subscribe with (null when push is not set up on this
 *   server) and the devices, newest first.
 * - POST `{ endpoint, keys: { p256dh, auth } }` (a browser's `PushSubscription.toJSON()`): turns push on for the
 *   browser that sends it, tied to this session; 201 with the device. 409 when push is not set up; 400 for a push
 *   service we do not send to.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		return json({ publicKey: pushPublicKey(), devices: await listPushDevices(user) })
	},
	POST: async ({ request }) => {
		const user = await requireApiUser(request)
		const subscription = await readJsonBody(request, PushSubscriptionSchema, { requireBody: true })
		const { id: sessionId } = await getSession(request)
		const device = await turnOnPush(user, sessionId, subscription, request.headers.get('User-Agent'))
		return json(device, { status: 201 })
	},
})
