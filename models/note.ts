import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

/**
 * A member's private note on a lesson, at a time in it (product §2 "Video
 * page", docs/decisions/172). Only its author ever reads it: every query
 * names `userId`, which comes from the session.
 */
export interface Note {
	id: number
	userId: number
	videoId: number
	/** Whole seconds into the lesson. */
	atSeconds: number
	text: string
	createdAt: Date
	updatedAt: Date
}

export interface NoteJSON {
	id: number
	videoId: number
	atSeconds: number
	text: string
	createdAt: string
	updatedAt: string
}

export function toNoteJSON(note: Note): NoteJSON {
	return {
		id: note.id,
		videoId: note.videoId,
		atSeconds: note.atSeconds,
		text: note.text,
		createdAt: toIso(note.createdAt)!,
		updatedAt: toIso(note.updatedAt)!,
	}
}

const noteSchema = new Schema<Note>(
	{
		id: { type: Number, required: true, unique: true },
		userId: { type: Number, required: true },
		videoId: { type: Number, required: true },
		atSeconds: { type: Number, required: true, min: 0 },
		text: { type: String, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toNoteJSON(ret as unknown as Note) } },
)
// A member's notes on a lesson in time order (the lesson page, GET /api/videos/{id}/notes), and all of them by lesson (/notes).
noteSchema.index({ userId: 1, videoId: 1, atSeconds: 1 })
// A video's notes, deleted with it.
noteSchema.index({ videoId: 1 })

export const NoteModel = defineModel<Note>('Note', noteSchema)
