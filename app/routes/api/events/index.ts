import { listEvents } from '~/services/events/events.server'
import { attendanceOf, getAttendance } from '~/services/events/rsvps.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'

/** product §7 GET /api/events: events soonest first, a page at a time (?page=, ?limit=), with its attendeeCount and whether the caller is going. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		return jsonListPage(
			request,
			(window) => listEvents({}, window),
			async (events) => {
				const attendance = await getAttendance(
					user.id,
					events.map((event) => event.id),
				)
				return events.map((event) => {
					const { attendeeCount, going } = attendanceOf(attendance, event.id)
					return { ...event, attendeeCount, going }
				})
			},
		)
	},
})
