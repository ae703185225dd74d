import { json } from '@remix-run/node'
import { ResolveReportSchema } from '~/lib/moderation-schemas'
import { MODERATION_ROLES } from '~/services/permissions.server'
import { resolveReport } from '~/services/moderation/reports.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * POST /api/reports/{id}/resolve {action: 'dismiss'|'delete'|'mute', hours?}
 * (moderators and admins): the resolved report. Resolving a resolved report
 * is a 409.
 */
export const { loader, action } = apiRoute({
	POST: async ({ request, params }) => {
		const actor = await requireApiUserWithRole(request, MODERATION_ROLES)
		const id = requireNumericId(params.id, 'Report')
		const input = await readJsonBody(request, ResolveReportSchema)
		return json(await resolveReport(actor, id, input))
	},
})
