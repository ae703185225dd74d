import { json } from '@remix-run/node'
import { PodReplySchema } from '~/lib/pod-schemas'
import { replyToCheckIn } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/** POST /api/check-ins/{id}/replies `{ text }`: a reply to a check-in, by a member of its pod. */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'Check-in')
		const input = await readJsonBody(request, PodReplySchema, { requireBody: true })
		return json(await replyToCheckIn(user, id, input), { status: 201 })
	},
})
