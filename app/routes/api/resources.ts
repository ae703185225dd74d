import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed } from '~/lib/http.server'
import { readSearch } from '~/lib/member-schemas'
import { requireApiUser } from '~/services/auth.server'
import { listResources } from '~/services/resources.server'

/** SPEC §7 GET /api/resources (optional ?q= and ?type=): newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiUser(request)
	const url = new URL(request.url)
	const type = readSearch(url.searchParams.get('type'))
	return json(await listResources({ search: readSearch(url.searchParams.get('q')), type: type || undefined }))
}

export const action = methodNotAllowed
