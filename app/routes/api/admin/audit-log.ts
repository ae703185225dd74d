import { json } from '@remix-run/node'
import { isAuditKind } from '~/lib/audit'
import { ServiceError } from '~/lib/service-error'
import { listAuditEntries } from '~/services/admin/audit.server'
import { USER_ADMIN_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { optionalIdParam } from '~/web/http.server'

/**
 * GET /api/admin/audit-log?before={id}&actor={id|system}&kind= (admins):
 * `{ entries, nextBefore }`, newest first, 50 a page. There is no call that
 * changes an entry.
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, USER_ADMIN_ROLES)
		const url = new URL(request.url)
		const kind = url.searchParams.get('kind') || undefined
		if (kind !== undefined && !isAuditKind(kind))
			throw new ServiceError(`kind "${kind.slice(0, 40)}" is not a kind of audit entry`, 400, 'kind')
		const actorParam = url.searchParams.get('actor')
		const who = actorParam === 'system' ? 'system' : optionalIdParam(url, 'actor')
		return json(await listAuditEntries(actor, { before: optionalIdParam(url, 'before'), actor: who, kind }))
	},
})
