import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { isMailCatcherInUse, listCaughtMail } from '~/platform/mail/index.server'
import { apiRoute } from '~/web/errors.server'
import { jsonError } from '~/web/http.server'
import { CAUGHT_MAIL_REFUSED, mayReadCaughtMail } from '~/web/caught-mail-access.server'

const devMail = apiRoute({
	GET: async ({ request, context }) => {
		if (!(await mayReadCaughtMail(request, context))) return jsonError(403, CAUGHT_MAIL_REFUSED)
		const to = new URL(request.url).searchParams.get('to') ?? undefined
		if (to !== undefined && to.length > 320) return jsonError(400, 'to must be one email address')
		return json(await listCaughtMail({ to }))
	},
})

/**
 * Development and tests only: the mail the embedded SMTP server caught,
 * newest first, `?to=` for one recipient's; on this computer or for an
 * admin only (403 otherwise). 404 for every method where mail really goes
 * out (production, SMTP_URL) or is disabled.
 */
export const loader = async (args: LoaderFunctionArgs) =>
	isMailCatcherInUse() ? devMail.loader(args) : jsonError(404, 'Not found')
export const action = async (args: ActionFunctionArgs) =>
	isMailCatcherInUse() ? devMail.action(args) : jsonError(404, 'Not found')
