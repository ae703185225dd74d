import { json } from '@remix-run/node'
import { MarkNotificationsReadSchema } from '~/lib/engagement-schemas'
import { markNotificationsRead } from '~/services/notifications/notifications.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

/**
 * POST /api/notifications/read { ids: [..] } or {} for all: marks the
 * caller's notifications read and answers { unreadCount }. An id that is not
 * theirs is a 404 and nothing is marked (product §7).
 */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => {
		const user = await requireApiUser(request)
		// {} means "all": an empty body, or one with anything else in it, is refused instead.
		const { ids } = await readJsonBody(request, MarkNotificationsReadSchema, { requireBody: true })
		return json({ unreadCount: await markNotificationsRead(user.id, ids) })
	},
})
