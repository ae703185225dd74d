import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { readSearch } from '~/lib/member-schemas'
import { requireApiUser } from '~/services/auth.server'
import { listPublicUsers } from '~/services/users.server'

/**
 * SPEC §7 GET /api/users (optional ?q= on name or username): the member and
 * contact lists. Public fields only: id, username, name, avatar, bio, role.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiUser(request)
	return json(await listPublicUsers({ search: readSearch(new URL(request.url).searchParams.get('q')) }))
}

export const action = methodNotAllowed
