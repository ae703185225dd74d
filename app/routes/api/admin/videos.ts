import { adminCollectionRoute } from '~/lib/admin-api.server'
import { VideoSchema } from '~/lib/admin-schemas'
import { createVideo } from '~/services/videos.server'

/** SPEC §7 POST /api/admin/videos: createdBy is the session's user, whatever the body says. */
const route = adminCollectionRoute({ schema: VideoSchema, create: createVideo })
export const loader = route.loader
export const action = route.action
