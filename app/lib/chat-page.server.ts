import { parseWithZod } from '@conform-to/zod'
import { json, redirect } from '@remix-run/node'
import { type UserJSON } from '#models/index'
import { ChatFormSchema } from '~/lib/chat'
import { assertServiceError, replyWithServiceError } from '~/lib/form-errors.server'
import { makeToast } from '~/lib/toast'
import { requireUser } from '~/services/auth.server'
import { readProtectedForm } from '~/services/csrf.server'
import { ServiceError } from '~/services/errors.server'
import { parseHistoryCursor, type HistoryCursor } from '~/services/messages.server'

/**
 * What the two chat pages (/community/{id} and /messages) share on the
 * server: reading the `?before=` page of their history, and the action of
 * their no-JavaScript form.
 */

/** The history page a chat page shows: the latest, or the one before `?before=`. A mangled cursor shows the latest. */
export function readPageCursor(request: Request): HistoryCursor {
	try {
		const { before } = parseHistoryCursor(new URL(request.url).searchParams)
		return before === undefined ? {} : { before }
	} catch (error) {
		if (error instanceof ServiceError) return {}
		throw error
	}
}

/**
 * The chat form's action: checks the CSRF token and the message, sends it
 * through the messages service (stored, and delivered live to every
 * connected socket), then returns to the page. A refusal comes back on the
 * form, with a 'Chat Error' notice.
 */
export async function handleChatForm(
	request: Request,
	send: (user: UserJSON, content: string) => Promise<unknown>,
	returnTo: string,
) {
	const user = await requireUser(request)
	const submission = parseWithZod(await readProtectedForm(request), { schema: ChatFormSchema })
	if (submission.status !== 'success') {
		return json({ result: submission.reply(), toast: null }, { status: 400 })
	}
	try {
		await send(user, submission.value.content)
		return redirect(returnTo, 303)
	} catch (error) {
		assertServiceError(error)
		return json(
			{
				result: replyWithServiceError(submission, error),
				toast: makeToast({ type: 'destructive', title: 'Chat Error', description: error.message }),
			},
			{ status: error.status },
		)
	}
}
