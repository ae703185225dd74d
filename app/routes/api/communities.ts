import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { listCommunities } from '~/services/communities.server'

/** SPEC §7 GET /api/communities. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiUser(request)
	return json(await listCommunities())
}

export const action = methodNotAllowed
