import { json } from '@remix-run/node'
import { getOrCreateSubscription } from '~/services/billing/index.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/**
 * product §7 POST /api/get-or-create-subscription (no payload): {clientSecret,
 * status} for the session's own user. Idempotent: docs/decisions/041.
 * No CSRF token: it has no body to forge, and the SameSite=Lax session
 * cookie is not sent with a cross-site POST. A provider that cannot be
 * reached is a 502 with its message.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => json(await getOrCreateSubscription(await requireApiUser(request))),
})
