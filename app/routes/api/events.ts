import { json } from '@remix-run/node'
import { listEvents } from '~/services/events.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 GET /api/events: every event, soonest first. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		await requireApiUser(request)
		return json(await listEvents())
	},
})
