import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, methodNotAllowed } from '~/lib/http.server'
import { isMailCatcherInUse, listCaughtMail } from '~/services/mail/index.server'

/**
 * Development and tests only: the mail the embedded SMTP server caught,
 * newest first, `?to=` for one recipient's. 404 where mail really goes out
 * (production, SMTP_URL) or is disabled.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	if (!isMailCatcherInUse()) return jsonError(404, 'Not found')
	const to = new URL(request.url).searchParams.get('to') ?? undefined
	if (to !== undefined && to.length > 320) return jsonError(400, 'to must be one email address')
	return json(await listCaughtMail({ to }))
}

export const action = () => (isMailCatcherInUse() ? methodNotAllowed() : jsonError(404, 'Not found'))
