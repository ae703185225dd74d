import { json } from '@remix-run/node'
import { cancelSubscription } from '~/services/billing/index.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/**
 * product §7 POST /api/billing/cancel (no body): cancels at the end of the
 * current period, Premium stays until then; answers the GET /api/billing
 * shape. 409 with nothing to cancel. No CSRF token, as for
 * /api/get-or-create-subscription: no body to forge, and the SameSite=Lax
 * session cookie does not travel with a cross-site POST.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => json(await cancelSubscription(await requireApiUser(request))),
})
