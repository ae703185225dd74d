import { json } from '@remix-run/node'
import { CheckAnswersSchema } from '~/lib/program-schemas'
import { submitCheck } from '~/services/learning/program-learning.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * POST /api/program-items/{id}/check { answers: [index, …] } → { score,
 * passed, passMark, results: [{ correct, explanation }], progress }: marked
 * on the server (product §7).
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const itemId = requireNumericId(params.id, 'Item')
		const { answers } = await readJsonBody(request, CheckAnswersSchema)
		const { score, passed, passMark, results, progress } = await submitCheck(user, itemId, answers)
		return json({ score, passed, passMark, results, progress })
	},
})
