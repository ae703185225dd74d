import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, readJsonBody, withServiceErrors } from '~/lib/http.server'
import { ProgressReportSchema } from '~/lib/member-schemas'
import { requireApiUser } from '~/services/auth.server'
import { listProgress, recordProgress } from '~/services/progress.server'

/** SPEC §7 GET /api/progress: the session user's records (videoId, progress, completed...). */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireApiUser(request)
	return json(await listProgress(user.id))
}

/**
 * SPEC §7 POST /api/progress {videoId, userId, progress, completed}: always
 * recorded for the session's user, whatever `userId` says; progress is kept
 * within 0–100, one record per user and video.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return methodNotAllowed()
	const user = await requireApiUser(request)
	const report = await readJsonBody(request, ProgressReportSchema)
	return withServiceErrors(async () => json(await recordProgress(user, report)))
}
