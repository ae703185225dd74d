import { json } from '@remix-run/node'
import { getProgramOutline } from '~/services/learning/program-learning.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * GET /api/programs/{id}: the outline with the caller's states and locks
 * (product §7). No reading's text, prompt or question, and never a
 * knowledge check's answers: those are on the item's page, the answers only
 * after they are sent.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await getProgramOutline(user, requireNumericId(params.id, 'Program')))
	},
})
