import { json, type ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, readJsonBody, withServiceErrors } from '~/lib/http.server'
import { LoginSchema } from '~/lib/schemas'
import { authenticateCredentials, createLoginSession } from '~/services/auth.server'

export const loader = methodNotAllowed

/** SPEC §7 POST /api/login {username, password}: the user, with a new session cookie. */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const credentials = await readJsonBody(request, LoginSchema)
	return withServiceErrors(async () => {
		const user = await authenticateCredentials(credentials, request)
		return json(user, { headers: { 'Set-Cookie': await createLoginSession(request, user.id) } })
	})
}
