import { type LoaderFunctionArgs } from '@remix-run/node'
import { eventCalendarFile } from '~/services/events/calendar.server'
import { getEvent } from '~/services/events/events.server'
import { requireUser } from '~/web/auth.server'
import { requireFound } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'
import { publicOriginOf } from '~/web/client.server'

/** GET /events/{id}/calendar.ics: one event as an iCalendar file, for members (product §2 "Events"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireUser(request)
	const event = requireFound(await getEvent(requireNumericId(params.id, 'Event')), 'Event not found')
	const origin = publicOriginOf(request)
	return new Response(eventCalendarFile(event, origin), {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Content-Disposition': `attachment; filename="event-${event.id}.ics"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
