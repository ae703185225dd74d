import { redirect } from '@remix-run/node'
import { type UserJSON } from '#models/index'
import { CHAT_INTENTS, type OpenChatForm } from '~/lib/chat'
import { ChatFormSchema } from '~/lib/chat-schemas'
import { hoursOfDuration } from '~/lib/moderation'
import { EditMessageFormSchema, MessageIdFormSchema, MuteFormSchema, ReportFormSchema } from '~/lib/moderation-schemas'
import { ServiceError } from '~/lib/service-error'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { handleFormSubmission } from '~/web/form.server'
import { redirectWithToast } from '~/web/toast.server'
import { deleteMessage, editMessage, parseHistoryCursor, type HistoryCursor } from '~/services/chat/messages.server'
import { describeMuteLength, muteMember, protectedMemberIds } from '~/services/moderation/mutes.server'
import { isModerator } from '~/services/permissions.server'
import { createReport } from '~/services/moderation/reports.server'

/**
 * What the two chat pages (/community/{id} and /messages) share on the
 * server: reading the `?before=` page of their history and the form open
 * under a message, who may moderate, and the action of their no-JavaScript
 * forms (send, and the message menu's edit, delete, report and mute).
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

/** The form open under a message (`?edit=`, `?report=` or `?mute=` with its id); anything mangled opens none. */
export function readOpenForm(request: Request): OpenChatForm | null {
	const params = new URL(request.url).searchParams
	for (const kind of ['edit', 'report', 'mute'] as const) {
		const value = params.get(kind)
		if (value && /^\d{1,15}$/.test(value)) return { kind, messageId: Number(value) }
	}
	return null
}

/** Whether the reader moderates, and whom a moderator may not act on (admins and other moderators). */
export async function chatPermissionsFor(user: UserJSON) {
	const canModerate = isModerator(user)
	return { canModerate, protectedSenderIds: canModerate && user.role === 'moderator' ? await protectedMemberIds() : [] }
}

/**
 * The chat pages' action: the composer (no intent) sends with `send`; the
 * message menu's forms edit, delete, report or mute through the same
 * services as the socket and the JSON API. Success goes back to `returnTo`
 * (with a notice); a refusal comes back on its form, with a notice.
 */
export async function handleChatPageAction(
	request: Request,
	send: (user: UserJSON, content: string) => Promise<unknown>,
	returnTo: string,
	/** The page's own other forms, by intent (a room's Join and Leave). */
	otherForm?: (user: UserJSON, formData: FormData) => Promise<Response> | null,
) {
	const user = await requireUser(request)
	const formData = await readProtectedForm(request)
	const intent = formData.get('intent')
	const other = otherForm?.(user, formData)
	if (other) return other
	switch (intent) {
		case CHAT_INTENTS.edit:
			return handleFormSubmission({
				request,
				formData,
				intent,
				schema: EditMessageFormSchema,
				failureTitle: 'Could not edit the message',
				onValid: async ({ messageId, content }) => {
					await editMessage(user, messageId, content)
					return redirect(returnTo, 303)
				},
			})
		case CHAT_INTENTS.delete:
			return handleFormSubmission({
				request,
				formData,
				intent,
				schema: MessageIdFormSchema,
				failureTitle: 'Could not delete the message',
				// The delete button has no form to show a field error on: the notice says what was wrong.
				announceInvalid: true,
				onValid: async ({ messageId }) => {
					const deleted = await deleteMessage(user, messageId)
					return redirectWithToast(
						returnTo,
						{ title: deleted.removedByModerator ? 'Message removed' : 'Message deleted' },
						{ status: 303 },
					)
				},
			})
		case CHAT_INTENTS.report:
			return handleFormSubmission({
				request,
				formData,
				intent,
				schema: ReportFormSchema,
				failureTitle: 'Report failed',
				onValid: async (report) => {
					await createReport(user, report)
					return redirectWithToast(
						returnTo,
						{ title: 'Report sent', description: 'Thank you. A moderator will look at it soon.' },
						{ status: 303 },
					)
				},
			})
		case CHAT_INTENTS.mute:
			return handleFormSubmission({
				request,
				formData,
				intent,
				schema: MuteFormSchema,
				failureTitle: 'Mute failed',
				onValid: async ({ userId, duration, reason }) => {
					const hours = hoursOfDuration(duration)
					await muteMember(user, { userId, hours, reason })
					return redirectWithToast(
						returnTo,
						{ title: 'Member muted', description: `They cannot post in any room ${describeMuteLength(hours)}.` },
						{ status: 303 },
					)
				},
			})
		default:
			// The composer: the message goes through the messages service (stored, and delivered live).
			return handleFormSubmission({
				request,
				formData,
				schema: ChatFormSchema,
				failureTitle: 'Chat Error',
				// The same page's form posted again (a double click, a resent page) sends nothing more.
				once: { onRepeat: () => redirect(returnTo, 303) },
				onValid: async ({ content }) => {
					await send(user, content)
					return redirect(returnTo, 303)
				},
			})
	}
}
