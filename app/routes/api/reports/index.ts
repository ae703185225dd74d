import { json } from '@remix-run/node'
import { ReportSchema } from '~/lib/moderation-schemas'
import { ServiceError } from '~/lib/service-error'
import { MODERATION_ROLES } from '~/services/permissions.server'
import { createReport, listReports } from '~/services/moderation/reports.server'
import { requireApiUser, requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { optionalIdParam, readJsonBody } from '~/web/http.server'

export const { loader, action } = apiRoute({
	/**
	 * GET /api/reports?status=open|resolved (moderators and admins): open
	 * reports oldest first, resolved ones newest first, 20 a page; `?cursor=`
	 * is the `nextCursor` of the page before.
	 */
	GET: async ({ request }) => {
		const actor = await requireApiUserWithRole(request, MODERATION_ROLES)
		const url = new URL(request.url)
		const status = url.searchParams.get('status') ?? 'open'
		if (status !== 'open' && status !== 'resolved') throw new ServiceError('status must be open or resolved', 400, 'status')
		const { reports, next } = await listReports(actor, { status, cursor: optionalIdParam(url, 'cursor') })
		return json({ reports, nextCursor: next })
	},
	/** POST /api/reports {messageId, reason, details?}: any member reports a room message or a private message they received. */
	POST: async ({ request }) => {
		const user = await requireApiUser(request)
		const input = await readJsonBody(request, ReportSchema)
		return json(await createReport(user, input), { status: 201 })
	},
})
