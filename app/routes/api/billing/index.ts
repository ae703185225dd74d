import { json } from '@remix-run/node'
import { getBillingStatus } from '~/services/billing/index.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 GET /api/billing: {status, cancelAtPeriodEnd, currentPeriodEnd, trialEnd} of the session's own user. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => json(await getBillingStatus(await requireApiUser(request))),
})
