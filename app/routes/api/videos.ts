import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { readSearch } from '~/lib/member-schemas'
import { requireApiUser } from '~/services/auth.server'
import { listVideosForMember } from '~/services/videos.server'

/**
 * SPEC §7 GET /api/videos (optional ?q= and ?category=): the library as
 * this member may see it; locked videos come without their media `url`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireApiUser(request)
	const url = new URL(request.url)
	const search = readSearch(url.searchParams.get('q'))
	const category = readSearch(url.searchParams.get('category'))
	return json(await listVideosForMember(user, { search, category: category || undefined }))
}

export const action = methodNotAllowed
