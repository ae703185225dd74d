import { adminItemRoute } from '~/routes/api/admin/__admin-api.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { deleteCommunity, updateCommunity } from '~/services/catalogue/communities.server'

/** product §7 PATCH and DELETE /api/admin/communities/{id}. */
export const { loader, action } = adminItemRoute({
	what: 'Community',
	schema: CommunitySchema,
	update: updateCommunity,
	remove: deleteCommunity,
})
