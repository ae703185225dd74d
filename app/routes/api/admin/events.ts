import { adminCollectionRoute } from '~/lib/admin-api.server'
import { EventApiSchema } from '~/lib/admin-schemas'
import { createEvent, listEvents } from '~/services/events.server'

/** SPEC §7 POST /api/admin/events (and GET, the admin event list): createdBy is the session's user, whatever the body says. */
const route = adminCollectionRoute({ schema: EventApiSchema, create: createEvent, list: listEvents })
export const loader = route.loader
export const action = route.action
