import { json } from '@remix-run/node'
import { ReflectionSchema } from '~/lib/program-schemas'
import { saveReflection } from '~/services/learning/program-learning.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** PUT /api/program-items/{id}/reflection { text } (1 to 5,000 characters): the caller's own reflection, private to them (product §7). */
export const { loader, action } = apiRoute({
	PUT: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const itemId = requireNumericId(params.id, 'Item')
		const { text } = await readJsonBody(request, ReflectionSchema)
		return json(await saveReflection(user, itemId, text))
	},
})
