/**
 * A member's private, timestamped notes on lessons (product §2 "Video
 * page", "Notes"; docs/decisions/172): the rules and the texts, shared by
 * the service, the routes and the browser. The zod schemas of the JSON
 * calls and the forms are in `note-schemas.ts`, which the lesson page loads
 * only when a note form is used (docs/decisions/220).
 */

export const NOTE_MAX_LENGTH = 2000
/** Notes one member keeps on one lesson at most: far beyond real use, short of filling the database from a script. */
export const MAX_NOTES_PER_LESSON = 500

export const NOTE_NOT_FOUND = 'Note not found'
export const EMPTY_NOTE = 'Note cannot be empty'
export const NOTE_TOO_LONG = `Note must be at most ${NOTE_MAX_LENGTH} characters long`
export const TOO_MANY_NOTES = `A lesson holds at most ${MAX_NOTES_PER_LESSON} notes of yours. Delete one to add another.`
/** The lesson page's note forms, told apart by their `intent`. */
export const NOTE_INTENTS = { add: 'add-note', edit: 'edit-note', remove: 'delete-note' } as const
