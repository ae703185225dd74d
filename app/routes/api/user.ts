import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'

/** SPEC §7 GET /api/user: the current user, or 401 without a session. */
export async function loader({ request }: LoaderFunctionArgs) {
	return json(await requireApiUser(request))
}

export const action = methodNotAllowed
