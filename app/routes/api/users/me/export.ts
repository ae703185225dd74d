import { json } from '@remix-run/node'
import { exportAccountData } from '~/services/account/export.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/**
 * product §7 GET /api/users/me/export: everything kept about the session's
 * own user, as a JSON attachment ("Download my data" in the Account tab).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		const data = await exportAccountData(user.id)
		const filename = `leaderforge-data-${user.username}-${data.exportedAt.slice(0, 10)}.json`
		return json(data, {
			headers: { 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' },
		})
	},
})
