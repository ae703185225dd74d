import { adminCollectionRoute } from '~/routes/api/admin/__admin-api.server'
import { ResourceSchema } from '~/lib/admin-schemas'
import { createResource } from '~/services/catalogue/resources.server'

/** product §7 POST /api/admin/resources: createdBy is the session's user, whatever the body says. */
export const { loader, action } = adminCollectionRoute({ schema: ResourceSchema, create: createResource })
