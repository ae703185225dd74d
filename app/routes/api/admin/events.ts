import { adminCollectionRoute } from './admin-api.server'
import { EventApiSchema } from '~/lib/admin-schemas'
import { createEvent, listEvents } from '~/services/events.server'

/** product §7 POST /api/admin/events (and GET, the admin event list): createdBy is the session's user, whatever the body says. */
export const { loader, action } = adminCollectionRoute({ schema: EventApiSchema, create: createEvent, list: listEvents })
