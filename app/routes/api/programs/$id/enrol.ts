import { json } from '@remix-run/node'
import { enrol } from '~/services/learning/program-learning.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/** POST /api/programs/{id}/enrol (no body): starts the program for the caller, idempotent; answers the outline (product §7). */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await enrol(user, requireNumericId(params.id, 'Program')))
	},
})
