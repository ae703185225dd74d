import { adminItemRoute } from '~/lib/admin-api.server'
import { ResourceSchema } from '~/lib/admin-schemas'
import { deleteResource, updateResource } from '~/services/resources.server'

/** SPEC §7 PATCH and DELETE /api/admin/resources/{id}. */
const route = adminItemRoute({ what: 'Resource', schema: ResourceSchema, update: updateResource, remove: deleteResource })
export const loader = route.loader
export const action = route.action
