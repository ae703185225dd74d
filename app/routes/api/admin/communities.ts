import { adminCollectionRoute } from '~/lib/admin-api.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { createCommunity } from '~/services/communities.server'

/** SPEC §7 POST /api/admin/communities: createdBy is the session's user, whatever the body says. */
const route = adminCollectionRoute({ schema: CommunitySchema, create: createCommunity })
export const loader = route.loader
export const action = route.action
