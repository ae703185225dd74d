import { json, type ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, readJsonBody, requireNumericId, withServiceErrors } from '~/lib/http.server'
import { ChangePasswordSchema } from '~/lib/member-schemas'
import { requireApiUser } from '~/services/auth.server'
import { getSession } from '~/services/session.server'
import { assertSelf, changePassword } from '~/services/users.server'

export const loader = methodNotAllowed

/**
 * SPEC §7 POST /api/users/{id}/change-password {currentPassword, newPassword}.
 * Only the user themself; a wrong current password is a 400. This session
 * stays; the user's other sessions end.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const user = await requireApiUser(request)
	const id = requireNumericId(params.id, 'User')
	return withServiceErrors(async () => {
		assertSelf(user, id, 'password')
		const input = await readJsonBody(request, ChangePasswordSchema)
		await changePassword(user, id, input, { keepSessionId: (await getSession(request)).id })
		return json({ message: 'Password changed' })
	})
}
