import { json } from '@remix-run/node'
import { LoginSchema } from '~/lib/schemas'
import { authenticateCredentials } from '~/services/auth.server'
import { createLoginSession } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

/** product §7 POST /api/login {username, password}: the user, with a new session cookie. */
export const { loader, action } = apiRoute({
	POST: async ({ request }) => {
		const credentials = await readJsonBody(request, LoginSchema)
		const user = await authenticateCredentials(credentials, request)
		return json(user, { headers: { 'Set-Cookie': await createLoginSession(request, user.id) } })
	},
})
