import { json } from '@remix-run/node'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 GET /api/user: the current user, or 401 without a session. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => json(await requireApiUser(request)),
})
