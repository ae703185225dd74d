import { json } from '@remix-run/node'
import { receiveStripeWebhook } from '~/services/billing/index.server'
import { apiRoute } from '~/web/errors.server'
import { readBodyBytes } from '~/web/http.server'

/** Stripe's events are small; anything larger is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024

/**
 * POST /api/stripe/webhook: Stripe's signed events. The signature covers the
 * exact bytes sent, so the body is read raw, never parsed first. 400 for a
 * missing or invalid signature (nothing changes); 200 for a verified event,
 * applied once (docs/decisions/042-stripe-webhook-processing.md).
 */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => {
		const payload = await readBodyBytes(request, MAX_WEBHOOK_BYTES)
		const outcome = await receiveStripeWebhook({ payload, signature: request.headers.get('Stripe-Signature') })
		return json({ received: true, outcome })
	},
})
