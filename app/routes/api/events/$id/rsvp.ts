import { json } from '@remix-run/node'
import { RsvpSchema } from '~/lib/engagement-schemas'
import { setRsvp } from '~/services/events/rsvps.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * POST /api/events/{id}/rsvp { going: true|false } -> { going, attendeeCount }
 * (product §7). Idempotent; 404 for an unknown event, 409 once it has started.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const eventId = requireNumericId(params.id, 'Event')
		const { going } = await readJsonBody(request, RsvpSchema)
		return json(await setRsvp(user, eventId, going))
	},
})
