import { redirect } from '@remix-run/node'
import { type UserJSON } from '#models/index'
import { ChatFormSchema } from '~/lib/chat'
import { requireUser } from '~/web/auth.server'
import { handleFormSubmission } from '~/web/form.server'
import { ServiceError } from '~/lib/service-error'
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
 * The chat form's action: the one form-action pattern with the composer's
 * schema; the message goes through the messages service (stored, and
 * delivered live to every connected socket), then back to the page. A
 * refusal comes back on the form, with a 'Chat Error' notice.
 */
export async function handleChatForm(
	request: Request,
	send: (user: UserJSON, content: string) => Promise<unknown>,
	returnTo: string,
) {
	const user = await requireUser(request)
	return handleFormSubmission({
		request,
		schema: ChatFormSchema,
		failureTitle: 'Chat Error',
		onValid: async ({ content }) => {
			await send(user, content)
			return redirect(returnTo, 303)
		},
	})
}
