import { json } from '@remix-run/node'
import { NotePatchSchema } from '~/lib/note-schemas'
import { deleteNote, updateNote } from '~/services/learning/notes.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * PATCH /api/notes/{id} `{ atSeconds?, text? }`: changes one of the caller's
 * notes. DELETE /api/notes/{id}: deletes it, `{ success: true }`. A note of
 * someone else's answers 404, as one that does not exist (docs/decisions/172).
 */
export const { loader, action } = apiRoute({
	PATCH: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const id = requireNumericId(params.id, 'Note')
		const changes = await readJsonBody(request, NotePatchSchema, { requireBody: true })
		return json(await updateNote(user, id, changes))
	},
	DELETE: async ({ request, params }) => {
		const user = await requireApiUser(request)
		await deleteNote(user, requireNumericId(params.id, 'Note'))
		return json({ success: true })
	},
})
