import { redirect } from '@remix-run/node'
import { RsvpFormSchema } from '~/lib/engagement-schemas'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { handleFormSubmission } from '~/web/form.server'
import { jsonError } from '~/web/http.server'
import { setRsvp } from '~/services/events/rsvps.server'

/**
 * The RSVP form ('RSVP' and 'Cancel RSVP', product §2 "Events"), posted to
 * the page it is on: the events list or an event's own page. A refusal (the
 * event has started) is said there; a saved answer goes to `backTo`.
 */
export async function handleRsvpPost(request: Request, backTo: (eventId: number, formData: FormData) => string) {
	const user = await requireUser(request)
	const formData = await readProtectedForm(request)
	if (formData.get('intent') !== 'rsvp') throw jsonError(400, 'Unknown action')
	return handleFormSubmission({
		request,
		formData,
		schema: RsvpFormSchema,
		failureTitle: 'RSVP failed',
		announceInvalid: true,
		onValid: async ({ eventId, going }) => {
			await setRsvp(user, eventId, going)
			return redirect(backTo(eventId, formData), 303)
		},
	})
}
