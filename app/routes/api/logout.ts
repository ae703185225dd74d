import { json, type ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { endSession } from '~/services/auth.server'

export const loader = methodNotAllowed

/** SPEC §7 POST /api/logout: ends this session (a no-op without one). */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	return json({ success: true }, { headers: { 'Set-Cookie': await endSession(request) } })
}
