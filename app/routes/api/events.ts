import { json } from '@remix-run/node'
import { listEvents } from '~/services/events.server'
import { attendanceOf, getAttendance } from '~/services/rsvps.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 GET /api/events: every event, soonest first, with its attendeeCount and whether the caller is going. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		const events = await listEvents()
		const attendance = await getAttendance(user.id, events.map((event) => event.id))
		return json(
			events.map((event) => {
				const { attendeeCount, going } = attendanceOf(attendance, event.id)
				return { ...event, attendeeCount, going }
			}),
		)
	},
})
