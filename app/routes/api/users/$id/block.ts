import { json } from '@remix-run/node'
import { blockMember, unblockMember } from '~/services/moderation/blocks.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * POST /api/users/{id}/block and DELETE /api/users/{id}/block: the session's
 * member blocks or unblocks another (product §6 "Blocking"); `{ success: true }`.
 * Oneself is a 400.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await blockMember(user, requireNumericId(params.id, 'User'))
		return json({ success: true })
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await unblockMember(user, requireNumericId(params.id, 'User'))
		return json({ success: true })
	},
})
