import { json } from '@remix-run/node'
import { markItemDone } from '~/services/learning/program-learning.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * POST /api/program-items/{id}/done (no body): a reading (or a lesson) is
 * done; answers `{ itemId, done, progress }`. 403 with the reason while the
 * item is locked for the caller (product §7).
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await markItemDone(user, requireNumericId(params.id, 'Item')))
	},
})
