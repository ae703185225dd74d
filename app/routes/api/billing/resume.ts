import { json } from '@remix-run/node'
import { resumeSubscription } from '~/services/billing/index.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 POST /api/billing/resume (no body): takes a cancellation back before the period ends; 409 once it has ended. */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => json(await resumeSubscription(await requireApiUser(request))),
})
