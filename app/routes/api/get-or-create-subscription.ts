import { json, type ActionFunctionArgs } from '@remix-run/node'
import { jsonError, methodNotAllowed, withServiceErrors } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { BillingUnavailableError, getOrCreateSubscription } from '~/services/billing/index.server'

export const loader = methodNotAllowed

/**
 * SPEC §7 POST /api/get-or-create-subscription (no payload): {clientSecret,
 * status} for the session's own user. Idempotent: docs/decisions/041.
 * No CSRF token: it has no body to forge, and the SameSite=Lax session
 * cookie is not sent with a cross-site POST.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const user = await requireApiUser(request)
	try {
		return await withServiceErrors(async () => json(await getOrCreateSubscription(user)))
	} catch (error) {
		if (error instanceof BillingUnavailableError) return jsonError(error.status, error.message)
		throw error
	}
}
