import { json } from '@remix-run/node'
import { DeleteAccountSchema } from '~/lib/account-schemas'
import { deleteOwnAccount } from '~/services/account/deletion.server'
import { endSession, requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

/**
 * product §7 DELETE /api/users/me {password}: deletes the session's own
 * account (docs/decisions/125) and clears this client's session cookie.
 * 400 for a wrong password, 409 for the last admin; nothing changes then.
 */
export const { loader, action } = apiRoute({
	DELETE: async ({ request }) => {
		const user = await requireApiUser(request)
		const { password } = await readJsonBody(request, DeleteAccountSchema)
		await deleteOwnAccount(user, { password })
		return json({ success: true }, { headers: { 'Set-Cookie': await endSession(request) } })
	},
})
