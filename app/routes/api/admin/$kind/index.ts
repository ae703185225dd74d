import { adminCollectionRoute, catalogueKindRoute } from '~/routes/api/admin/__admin-api.server'
import { CATALOGUE_SERVICES } from '~/services/catalogue/kinds.server'

/**
 * product §7 POST /api/admin/{videos,communities,events,resources} (and GET
 * /api/admin/events, the admin event list): createdBy is the session's user,
 * whatever the body says.
 */
export const { loader, action } = catalogueKindRoute((kind) => {
	const { jsonSchema, create, list, jsonList } = CATALOGUE_SERVICES[kind]
	return adminCollectionRoute({ schema: jsonSchema, create, list: jsonList ? list : undefined })
})
