import { json } from '@remix-run/node'
import { PodNameSchema } from '~/lib/pod-schemas'
import { getPod, renamePod } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** GET /api/pods/{id}: the pod as its page shows it (its members only: anyone else gets 404). PATCH `{ name }`: renames it. */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await getPod(user, requireNumericId(params.id, 'Pod')))
	},
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const podId = requireNumericId(params.id, 'Pod')
		return json(await renamePod(user, podId, await readJsonBody(request, PodNameSchema, { requireBody: true })))
	},
})
