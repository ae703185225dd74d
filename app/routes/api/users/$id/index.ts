import { json } from '@remix-run/node'
import { ProfileUpdateSchema } from '~/lib/member-schemas'
import { saveProfile } from '~/services/account/email-change.server'
import { assertSelf } from '~/services/account/users.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * product §7 PATCH /api/users/{id} {name, email, bio, avatar}: the updated
 * user. Only the user themself (403 otherwise, before the body is read);
 * other fields such as role are ignored. A new email is not applied: a
 * confirmation link goes to it, and the answer names it as `pendingEmail`.
 */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'User')
		assertSelf(user, id, 'profile')
		const changes = await readJsonBody(request, ProfileUpdateSchema)
		const saved = await saveProfile(user, id, changes)
		return json(saved.pendingEmail ? { ...saved.user, pendingEmail: saved.pendingEmail } : saved.user)
	},
})
