import { adminItemRoute } from '~/routes/api/admin/__admin-api.server'
import { EventApiSchema } from '~/lib/admin-schemas'
import { deleteEvent, updateEvent } from '~/services/events/events.server'

/** product §7 PATCH and DELETE /api/admin/events/{id}. */
export const { loader, action } = adminItemRoute({
	what: 'Event',
	schema: EventApiSchema,
	update: updateEvent,
	remove: deleteEvent,
})
