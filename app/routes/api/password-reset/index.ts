import { json } from '@remix-run/node'
import { PasswordResetRequestSchema } from '~/lib/account-schemas'
import { requestPasswordReset, resetRequestedMessage } from '~/services/account/password-reset.server'
import { clientAddressOf } from '~/web/client.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

/**
 * product §7 POST /api/password-reset {email}: 202 whatever the address, so
 * nobody learns which addresses have accounts; 429 when the address or the
 * client asked too often.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, context }) => {
		const { email } = await readJsonBody(request, PasswordResetRequestSchema)
		await requestPasswordReset({ email, clientAddress: clientAddressOf(context) })
		return json({ message: resetRequestedMessage(email) }, { status: 202 })
	},
})
