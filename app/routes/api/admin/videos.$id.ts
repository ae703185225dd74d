import { adminItemRoute } from '~/lib/admin-api.server'
import { VideoSchema } from '~/lib/admin-schemas'
import { deleteVideo, updateVideo } from '~/services/videos.server'

/** SPEC §7 PATCH and DELETE /api/admin/videos/{id}. */
const route = adminItemRoute({ what: 'Video', schema: VideoSchema, update: updateVideo, remove: deleteVideo })
export const loader = route.loader
export const action = route.action
