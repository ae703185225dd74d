import { json } from '@remix-run/node'
import { CheckInSchema } from '~/lib/pod-schemas'
import { getPod, postCheckIn } from '~/services/pods/pods.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * GET /api/pods/{id}/check-ins: the pod's weeks of check-ins, the current week first (others' words hidden
 * until the caller has posted theirs). POST `{ outcome, note, commitment, itemId? }`: this week's check-in.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const pod = await getPod(user, requireNumericId(params.id, 'Pod'))
		return json({ week: pod.week, weeks: pod.weeksOfCheckIns })
	},
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const podId = requireNumericId(params.id, 'Pod')
		const input = await readJsonBody(request, CheckInSchema, { requireBody: true })
		return json(await postCheckIn(user, podId, input), { status: 201 })
	},
})
