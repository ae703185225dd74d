import { json } from '@remix-run/node'
import { listCommunities } from '~/services/communities.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 GET /api/communities. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		await requireApiUser(request)
		return json(await listCommunities())
	},
})
