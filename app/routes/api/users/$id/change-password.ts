import { json } from '@remix-run/node'
import { ChangePasswordSchema } from '~/lib/member-schemas'
import { assertSelf, changePassword } from '~/services/account/users.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'
import { limitAuthRequests } from '~/web/rate-limit.server'
import { getSession } from '~/web/session.server'

/**
 * product §7 POST /api/users/{id}/change-password {currentPassword, newPassword}.
 * Only the user themself; a wrong current password is a 400, and too many
 * wrong ones a 429. This session stays; the user's other sessions end and
 * their chat sockets close.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params, context }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'User')
		assertSelf(user, id, 'password')
		const input = await readJsonBody(request, ChangePasswordSchema)
		await limitAuthRequests(context)
		await changePassword(user, id, input, { keepSessionId: (await getSession(request)).id })
		return json({ message: 'Password changed' })
	},
})
