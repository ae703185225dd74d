import { z } from 'zod'

/**
 * The forms and JSON bodies of notifications and event RSVPs (product §5,
 * §7), shared by the browser and the server.
 */

/** Notification ids marked read at once: a page shows 20, a client may send a few pages. */
export const MAX_IDS_PER_READ = 100

const idOf = (what: string) =>
	z
		.number({ invalid_type_error: `${what} must be a number` })
		.int(`${what} must be a whole number`)
		.positive(`${what} must be a positive number`)
		.max(Number.MAX_SAFE_INTEGER, `${what} is too large`)

/** POST /api/notifications/read: { ids: [..] } marks those, {} marks all. */
export const MarkNotificationsReadSchema = z
	.object({
		ids: z
			.array(idOf('Notification id'), { invalid_type_error: 'ids must be a list of notification ids' })
			.max(MAX_IDS_PER_READ, `Send at most ${MAX_IDS_PER_READ} ids at once`)
			.optional(),
	})
	// Strict: {} marks everything read, so a body that only looks like {} once unknown keys are dropped must not.
	.strict('Send { "ids": [...] } to mark some notifications read, or {} to mark them all')

/** The forms of /notifications: open one (marks it read, then follows its link), or mark all read. */
export const OpenNotificationFormSchema = z.object({
	id: z.preprocess(
		(value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
		idOf('Notification id'),
	),
})

/** POST /api/events/{id}/rsvp. */
export const RsvpSchema = z.object({
	going: z.boolean({ required_error: 'going is required', invalid_type_error: 'going must be true or false' }),
})

/** The RSVP form on /events and the dashboard: 'Going' sends going=true, 'Cancel RSVP' going=false. */
export const RsvpFormSchema = z.object({
	eventId: z.preprocess(
		(value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
		idOf('Event id'),
	),
	going: z
		.enum(['true', 'false'], { errorMap: () => ({ message: 'going must be true or false' }) })
		.transform((value) => value === 'true'),
})

/** `?before={id}` of the notification pages and GET /api/notifications: a notification id, or nothing. */
export function parseBeforeCursor(value: string | null): number | undefined | null {
	if (value === null || value === '') return undefined
	return /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null
}
