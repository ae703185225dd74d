import { json } from '@remix-run/node'
import { PasswordResetSchema } from '~/lib/account-schemas'
import { resetPassword } from '~/services/account/password-reset.server'
import { createLoginSession } from '~/web/auth.server'
import { clientAddressOf } from '~/web/client.server'
import { limitAuthRequests } from '~/web/rate-limit.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

/**
 * product §7 POST /api/password-reset/confirm {token, password}: the user,
 * signed in on this client with a new session; every other session ends.
 * 400 with the reason for an expired, used or unknown token.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, context }) => {
		const { token, password } = await readJsonBody(request, PasswordResetSchema)
		// A new password is hashed: it counts against the client's budget of password requests (docs/decisions/131).
		await limitAuthRequests(context)
		const user = await resetPassword({ token, password, clientAddress: clientAddressOf(context) })
		return json(user, { headers: { 'Set-Cookie': await createLoginSession(request, user.id) } })
	},
})
