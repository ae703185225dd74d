import { z } from 'zod'
import { EMPTY_NOTE, NOTE_MAX_LENGTH, NOTE_NOT_FOUND, NOTE_TOO_LONG } from '~/lib/notes'
import { MAX_LESSON_SECONDS, parsePlaybackTime } from '~/lib/transcripts'

/**
 * The zod schemas of the notes' JSON calls and of the lesson page's note
 * forms (docs/decisions/172), for the service, the routes and the browser.
 */

const TIME_MESSAGE = 'Time must be a time in the lesson, such as 1:05'
const AT_SECONDS_MESSAGE = `atSeconds must be a number of seconds from 0 to ${MAX_LESSON_SECONDS}`

/** Characters no note keeps: C0 controls other than tab and line breaks, and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOTE_CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

const NoteTextSchema = z
	.string({ required_error: EMPTY_NOTE, invalid_type_error: 'Note must be text' })
	.trim()
	.min(1, EMPTY_NOTE)
	.max(NOTE_MAX_LENGTH, NOTE_TOO_LONG)
	.refine((text) => !NOTE_CONTROL_CHARACTER.test(text), 'Note has a control character; type it again without it')

/** Seconds into the lesson, as JSON sends them; kept to whole seconds. */
const AtSecondsSchema = z
	.number({ required_error: AT_SECONDS_MESSAGE, invalid_type_error: AT_SECONDS_MESSAGE })
	.finite(AT_SECONDS_MESSAGE)
	.min(0, AT_SECONDS_MESSAGE)
	.max(MAX_LESSON_SECONDS, AT_SECONDS_MESSAGE)
	.transform(Math.floor)

/** POST /api/videos/{id}/notes: `{ atSeconds, text }` (product §7). */
export const NoteApiSchema = z.object({ atSeconds: AtSecondsSchema, text: NoteTextSchema })
export type NoteInput = z.output<typeof NoteApiSchema>

/** PATCH /api/notes/{id}: either or both; a body with neither changes nothing, so it is refused. */
export const NotePatchSchema = NoteApiSchema.partial().refine(
	(changes) => changes.atSeconds !== undefined || changes.text !== undefined,
	'Send at least one of atSeconds, text',
)
export type NoteChanges = z.output<typeof NotePatchSchema>

/** A time field as people type it ('1:05'); with JavaScript the player fills it with where the video is. */
const TimeFieldSchema = z
	.string({ required_error: TIME_MESSAGE, invalid_type_error: TIME_MESSAGE })
	.trim()
	.max(12, TIME_MESSAGE)
	.transform((text, context) => {
		const seconds = parsePlaybackTime(text || '0:00')
		if (seconds === null) {
			context.addIssue({ code: 'custom', message: TIME_MESSAGE })
			return z.NEVER
		}
		return seconds
	})

/** The lesson page's "Add a note" form: the time (empty is the start) and the text. */
export const NoteFormSchema = z.object({
	time: TimeFieldSchema.optional().transform((value) => value ?? 0),
	text: NoteTextSchema,
})

/** The lesson page's edit form of one note (`?note={id}` opens it without JavaScript). */
export const EditNoteFormSchema = z.object({
	noteId: z.coerce.number({ invalid_type_error: NOTE_NOT_FOUND }).int(NOTE_NOT_FOUND).positive(NOTE_NOT_FOUND),
	time: TimeFieldSchema,
	text: NoteTextSchema,
})

/** The lesson page's delete form of one note. */
export const DeleteNoteFormSchema = z.object({
	noteId: z.coerce.number({ invalid_type_error: NOTE_NOT_FOUND }).int(NOTE_NOT_FOUND).positive(NOTE_NOT_FOUND),
})
