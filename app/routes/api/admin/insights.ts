import { json } from '@remix-run/node'
import { getInsights } from '~/services/admin/insights.server'
import { INSIGHTS_ROLES } from '~/services/permissions.server'
import { requireApiUserWithRole } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** GET /api/admin/insights: the Insights tab's figures (admins; content managers without `subscriptions`). */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => json(await getInsights(await requireApiUserWithRole(request, INSIGHTS_ROLES))),
})
