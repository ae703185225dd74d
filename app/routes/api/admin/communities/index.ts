import { adminCollectionRoute } from '~/routes/api/admin/__admin-api.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { createCommunity } from '~/services/catalogue/communities.server'

/** product §7 POST /api/admin/communities: createdBy is the session's user, whatever the body says. */
export const { loader, action } = adminCollectionRoute({ schema: CommunitySchema, create: createCommunity })
