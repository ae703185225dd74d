import { readDirectoryFilter } from '~/lib/directory'
import { ServiceError } from '~/lib/service-error'
import { listDirectory } from '~/services/account/directory.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { jsonListPage } from '~/web/paging.server'

/**
 * GET /api/members (`?q=`, `?community=`, `?role=staff|admin|moderator|content_manager`,
 * `?page=`, `?limit=`): the member directory, by name, a page at a time with
 * a `Link` header; members who hid themselves are not in it (product §2
 * "Member directory").
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		const filter = readDirectoryFilter(new URL(request.url).searchParams, { strict: true })
		if ('error' in filter) throw new ServiceError(filter.error, 400, filter.field)
		return jsonListPage(request, (window) => listDirectory(user, filter, window))
	},
})
