import { json } from '@remix-run/node'
import { listMyCertificates } from '~/services/learning/certificates.server'
import { requireApiUser } from '~/web/auth.server'
import { publicOriginOf } from '~/web/client.server'
import { apiRoute } from '~/web/errors.server'

/** GET /api/certificates: the caller's own certificates, newest first, with their addresses (product §7). */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		return json(await listMyCertificates(user.id, publicOriginOf(request)))
	},
})
