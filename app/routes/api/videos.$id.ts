import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, requireNumericId, withServiceErrors } from '~/lib/http.server'
import { requireApiUser } from '~/services/auth.server'
import { getVideoForMember } from '~/services/videos.server'

/** SPEC §7 GET /api/videos/{id}: one video; a locked one comes without its media `url`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireApiUser(request)
	const id = requireNumericId(params.id, 'Video')
	return withServiceErrors(async () => json(await getVideoForMember(user, id)))
}

export const action = methodNotAllowed
