import { json, type ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, readJsonBody, requireNumericId, withServiceErrors } from '~/lib/http.server'
import { ProfileUpdateSchema } from '~/lib/member-schemas'
import { requireApiUser } from '~/services/auth.server'
import { assertSelf, updateProfile } from '~/services/users.server'

export const loader = methodNotAllowed

/**
 * SPEC §7 PATCH /api/users/{id} {name, email, bio, avatar}: the updated
 * user. Only the user themself (403 otherwise, before the body is read);
 * other fields such as role are ignored.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	if (request.method !== 'PATCH') return methodNotAllowed()
	const user = await requireApiUser(request)
	const id = requireNumericId(params.id, 'User')
	return withServiceErrors(async () => {
		assertSelf(user, id, 'profile')
		const changes = await readJsonBody(request, ProfileUpdateSchema)
		return json(await updateProfile(user, id, changes))
	})
}
