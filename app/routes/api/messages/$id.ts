import { json } from '@remix-run/node'
import { EditMessageSchema } from '~/lib/moderation-schemas'
import { deleteMessage, editMessage } from '~/services/chat/messages.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * PATCH /api/messages/{id} {content}: the author edits their message within
 * 15 minutes. DELETE /api/messages/{id}: the author deletes it within 15
 * minutes, or a moderator or admin removes a room message; `{ success: true }`.
 * Someone else's message is a 403, a late correction a 409 (product §6).
 */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'Message')
		const { content } = await readJsonBody(request, EditMessageSchema)
		return json(await editMessage(user, id, content))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await deleteMessage(user, requireNumericId(params.id, 'Message'))
		return json({ success: true })
	},
})
