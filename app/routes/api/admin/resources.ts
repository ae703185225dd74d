import { adminCollectionRoute } from '~/lib/admin-api.server'
import { ResourceSchema } from '~/lib/admin-schemas'
import { createResource } from '~/services/resources.server'

/** SPEC §7 POST /api/admin/resources: createdBy is the session's user, whatever the body says. */
const route = adminCollectionRoute({ schema: ResourceSchema, create: createResource })
export const loader = route.loader
export const action = route.action
