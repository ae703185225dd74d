import { adminItemRoute } from '~/routes/api/admin/__admin-api.server'
import { VideoSchema } from '~/lib/admin-schemas'
import { deleteVideo, updateVideo } from '~/services/catalogue/videos.server'

/** product §7 PATCH and DELETE /api/admin/videos/{id}. */
export const { loader, action } = adminItemRoute({
	what: 'Video',
	schema: VideoSchema,
	update: updateVideo,
	remove: deleteVideo,
})
