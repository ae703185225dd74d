import { adminItemRoute } from '~/routes/api/admin/__admin-api.server'
import { ResourceSchema } from '~/lib/admin-schemas'
import { deleteResource, updateResource } from '~/services/catalogue/resources.server'

/** product §7 PATCH and DELETE /api/admin/resources/{id}. */
export const { loader, action } = adminItemRoute({
	what: 'Resource',
	schema: ResourceSchema,
	update: updateResource,
	remove: deleteResource,
})
