import { json } from '@remix-run/node'
import { ProgressReportSchema } from '~/lib/member-schemas'
import { listProgress, recordProgress } from '~/services/learning/progress.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody } from '~/web/http.server'

export const { loader, action } = apiRoute({
	/** product §7 GET /api/progress: the session user's records (videoId, progress, completed...). */
	GET: async ({ request }) => {
		const user = await requireApiUser(request)
		return json(await listProgress(user.id))
	},
	/**
	 * product §7 POST /api/progress {videoId, progress, completed}: always
	 * recorded for the session's user (a `userId` in the body is ignored);
	 * progress is kept within 0–100, one record per user and video.
	 */
	POST: async ({ request }) => {
		const user = await requireApiUser(request)
		const report = await readJsonBody(request, ProgressReportSchema)
		return json(await recordProgress(user, report))
	},
})
