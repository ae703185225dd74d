import { adminItemRoute } from '~/lib/admin-api.server'
import { EventApiSchema } from '~/lib/admin-schemas'
import { deleteEvent, updateEvent } from '~/services/events.server'

/** SPEC §7 PATCH and DELETE /api/admin/events/{id}. */
const route = adminItemRoute({ what: 'Event', schema: EventApiSchema, update: updateEvent, remove: deleteEvent })
export const loader = route.loader
export const action = route.action
