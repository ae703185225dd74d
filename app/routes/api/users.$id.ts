import { json } from '@remix-run/node'
import { ProfileUpdateSchema } from '~/lib/member-schemas'
import { assertSelf, updateProfile } from '~/services/users.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * product §7 PATCH /api/users/{id} {name, email, bio, avatar}: the updated
 * user. Only the user themself (403 otherwise, before the body is read);
 * other fields such as role are ignored.
 */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'User')
		assertSelf(user, id, 'profile')
		const changes = await readJsonBody(request, ProfileUpdateSchema)
		return json(await updateProfile(user, id, changes))
	},
})
