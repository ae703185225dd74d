import { adminCollectionRoute } from '~/routes/api/admin/__admin-api.server'
import { EventApiSchema } from '~/lib/admin-schemas'
import { createEvent, listEvents } from '~/services/events/events.server'

/** product §7 POST /api/admin/events (and GET, the admin event list): createdBy is the session's user, whatever the body says. */
export const { loader, action } = adminCollectionRoute({
	schema: EventApiSchema,
	create: createEvent,
	list: listEvents,
})
