import { adminCollectionRoute } from './admin-api.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { createCommunity } from '~/services/communities.server'

/** product §7 POST /api/admin/communities: createdBy is the session's user, whatever the body says. */
export const { loader, action } = adminCollectionRoute({ schema: CommunitySchema, create: createCommunity })
