import { json } from '@remix-run/node'
import { parseBeforeCursor } from '~/lib/engagement-schemas'
import { ServiceError } from '~/lib/service-error'
import { listNotifications } from '~/services/notifications/notifications.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/**
 * GET /api/notifications?before={id}: the caller's notifications, newest
 * first, 20 a page, with their unread count (product §7).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		const before = parseBeforeCursor(new URL(request.url).searchParams.get('before'))
		if (before === null) throw new ServiceError('before must be a notification id', 400, 'before')
		const { unreadCount, notifications } = await listNotifications(user.id, { before })
		return json({ unreadCount, notifications })
	},
})
