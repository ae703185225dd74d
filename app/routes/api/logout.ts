import { json } from '@remix-run/node'
import { CLEAR_CACHED_PAGES, endSession } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'

/** product §7 POST /api/logout: ends this session (a no-op without one). */
export const { loader, action } = apiRoute({
	POST: async ({ request }) =>
		json({ success: true }, { headers: { 'Set-Cookie': await endSession(request), ...CLEAR_CACHED_PAGES } }),
})
