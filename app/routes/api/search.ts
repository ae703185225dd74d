import { json } from '@remix-run/node'
import { readSearch } from '~/lib/search-text'
import { readApiPage } from '~/web/paging.server'
import { SEARCH_TYPES, readSearchType } from '~/lib/search'
import { ServiceError } from '~/lib/service-error'
import { search } from '~/services/search/search.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/**
 * GET /api/search (`?q=`, `?type=lessons|programs|discussions|events|resources|members`,
 * `?page=`; product §7): `{ results: [{ type, id, title, snippet, url }], total }`,
 * 20 results a page, best first; what the member may find only (product §2
 * "Search"). The text is cut to 100 characters, never refused; an unknown
 * `type` or a page that is not one is a 400.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		const params = new URL(request.url).searchParams
		const type = readSearchType(params.get('type'))
		if (type === undefined) throw new ServiceError(`type must be one of: ${SEARCH_TYPES.join(', ')}`, 400, 'type')
		const { page } = readApiPage(params)
		const answer = await search(user, { q: readSearch(params.get('q')), type, page })
		return json({ results: answer.results, total: answer.total })
	},
})
