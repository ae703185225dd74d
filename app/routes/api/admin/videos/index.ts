import { adminCollectionRoute } from '~/routes/api/admin/__admin-api.server'
import { VideoSchema } from '~/lib/admin-schemas'
import { createVideo } from '~/services/catalogue/videos.server'

/** product §7 POST /api/admin/videos: createdBy is the session's user, whatever the body says. */
export const { loader, action } = adminCollectionRoute({ schema: VideoSchema, create: createVideo })
