import { json } from '@remix-run/node'
import { getVideoForMember } from '~/services/catalogue/videos.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** product §7 GET /api/videos/{id}: one video; a locked one comes without its media `url`. */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await getVideoForMember(user, requireNumericId(params.id, 'Video')))
	},
})
