import { adminItemRoute } from '~/lib/admin-api.server'
import { CommunitySchema } from '~/lib/admin-schemas'
import { deleteCommunity, updateCommunity } from '~/services/communities.server'

/** SPEC §7 PATCH and DELETE /api/admin/communities/{id}. */
const route = adminItemRoute({ what: 'Community', schema: CommunitySchema, update: updateCommunity, remove: deleteCommunity })
export const loader = route.loader
export const action = route.action
