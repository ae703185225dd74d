import { json } from '@remix-run/node'
import { JoinPodQueueSchema } from '~/lib/pod-schemas'
import { joinPodQueue, leavePodQueue, podQueueState } from '~/services/pods/matching.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * GET /api/programs/{id}/pod-queue: `{ state: "none" | "waiting" | "matched", podId, waitingNearby }`.
 * POST `{ timeZone, checkInDay }`: joins the queue (Premium, the program started). DELETE: leaves it.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await podQueueState(user, requireNumericId(params.id, 'Program')))
	},
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const programId = requireNumericId(params.id, 'Program')
		const choice = await readJsonBody(request, JoinPodQueueSchema, { requireBody: true })
		return json(await joinPodQueue(user, programId, choice))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await leavePodQueue(user, requireNumericId(params.id, 'Program')))
	},
})
