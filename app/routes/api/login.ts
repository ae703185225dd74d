import { json } from '@remix-run/node'
import { LoginSchema } from '~/lib/schemas'
import { logInWithCredentials } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

/** product §7 POST /api/login {username, password}: the user, with a new session cookie; 401, or 429 with Retry-After when throttled. */
export const { loader, action } = apiRoute({
	POST: async ({ request, context }) => {
		const credentials = await readJsonBody(request, LoginSchema)
		const { user, headers } = await logInWithCredentials(request, context, credentials)
		return json(user, { headers })
	},
})
