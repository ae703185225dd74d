import { json } from '@remix-run/node'
import { NoteApiSchema } from '~/lib/note-schemas'
import { createNote, listNotes } from '~/services/learning/notes.server'
import { requireApiUser } from '~/web/auth.server'
import { apiRoute } from '~/web/errors.server'
import { readJsonBody, requireNumericId } from '~/web/http.server'

/**
 * GET /api/videos/{id}/notes: the caller's own notes on a lesson, in time
 * order. POST /api/videos/{id}/notes `{ atSeconds, text }`: a new note (201),
 * on a lesson the caller can play (403 for a locked Premium lesson). Nobody
 * reads another member's notes (product §7, docs/decisions/172).
 */
export const { loader, action } = apiRoute({
	GET: async ({ request, params }) => {
		const user = await requireApiUser(request)
		return json(await listNotes(user, requireNumericId(params.id, 'Video')))
	},
	POST: async ({ request, params }) => {
		const user = await requireApiUser(request)
		const videoId = requireNumericId(params.id, 'Video')
		const input = await readJsonBody(request, NoteApiSchema, { requireBody: true })
		return json(await createNote(user, videoId, input), { status: 201 })
	},
})
