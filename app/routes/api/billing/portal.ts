import { json } from '@remix-run/node'
import { openBillingPortal } from '~/services/billing/index.server'
import { requireApiUser } from '~/web/auth.server'
import { publicOriginOf } from '~/web/client.server'
import { apiRoute } from '~/web/errors.server'

/**
 * product §7 POST /api/billing/portal (no body): {url} of a Stripe Billing
 * Portal session (card and invoices) that returns to the Billing tab.
 * 409 with simulated billing, or without a Stripe customer yet.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => {
		const user = await requireApiUser(request)
		return json(await openBillingPortal(user, `${publicOriginOf(request)}/profile?tab=billing`))
	},
})
