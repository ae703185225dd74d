import { json } from '@remix-run/node'
import { listBlockedMembers } from '~/services/moderation/blocks.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** GET /api/users/me/blocks: the members the session's member has blocked, most recent first. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => json(await listBlockedMembers(await requireApiUser(request))),
})
