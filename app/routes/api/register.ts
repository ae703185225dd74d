import { json } from '@remix-run/node'
import { RegisterSchema } from '~/lib/schemas'
import { registerUser } from '~/services/account/users.server'
import { startLoggedInSession } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'
import { limitAuthRequests } from '~/web/rate-limit.server'

/** product §7 POST /api/register: the registration fields without confirmPassword; 409 for a taken username or email. */
export const { loader, action } = apiRoute({
	POST: async ({ request, context }) => {
		const input = await readJsonBody(request, RegisterSchema)
		await limitAuthRequests(context)
		const user = await registerUser(input)
		return json(user, { status: 201, headers: await startLoggedInSession(request, user.id) })
	},
})
