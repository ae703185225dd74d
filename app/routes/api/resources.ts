import { json } from '@remix-run/node'
import { readSearch } from '~/lib/member-schemas'
import { listResources } from '~/services/resources.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 GET /api/resources (optional ?q= and ?type=): newest first. */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		await requireApiUser(request)
		const url = new URL(request.url)
		const type = readSearch(url.searchParams.get('type'))
		return json(await listResources({ search: readSearch(url.searchParams.get('q')), type: type || undefined }))
	},
})
