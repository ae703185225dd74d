import { CATALOGUE } from '~/lib/catalogue-kinds'
import { adminItemRoute, catalogueKindRoute } from '~/routes/api/admin/__admin-api.server'
import { CATALOGUE_SERVICES } from '~/services/catalogue/kinds.server'

/** product §7 PATCH and DELETE /api/admin/{videos,communities,events,resources}/{id}. */
export const { loader, action } = catalogueKindRoute((kind) => {
	const { jsonSchema, update, remove } = CATALOGUE_SERVICES[kind]
	return adminItemRoute({ what: CATALOGUE[kind].what, schema: jsonSchema, update, remove })
})
