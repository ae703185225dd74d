import { json, type ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, readJsonBody, withServiceErrors } from '~/lib/http.server'
import { RegisterSchema } from '~/lib/schemas'
import { createLoginSession } from '~/services/auth.server'
import { registerUser } from '~/services/users.server'

export const loader = methodNotAllowed

/** SPEC §7 POST /api/register: the registration fields without confirmPassword; 409 for a taken username or email. */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const input = await readJsonBody(request, RegisterSchema)
	return withServiceErrors(async () => {
		const user = await registerUser(input)
		return json(user, { status: 201, headers: { 'Set-Cookie': await createLoginSession(request, user.id) } })
	})
}
