import mongoose from 'mongoose'
import { NoteModel, VideoModel, nextId, toNoteJSON, type Note, type NoteJSON, type UserJSON } from '#models/index'
import { type NoteChanges, type NoteInput } from '~/lib/note-schemas'
import { MAX_NOTES_PER_LESSON, NOTE_NOT_FOUND, TOO_MANY_NOTES } from '~/lib/notes'
import { ServiceError, notFound } from '~/lib/service-error'
import { isVideoLocked } from '~/lib/videos'
import { PREMIUM_MEDIA } from '~/services/catalogue/member-files.server'
import { getPublishedVideo } from '~/services/catalogue/videos.server'

/**
 * A member's private, timestamped notes on lessons (product §2 "Video
 * page" and "Notes", §7; docs/decisions/172). Every read and write names
 * the acting member's id: a note of someone else's is a note that does not
 * exist (404), for admins too. A member writes notes on the lessons they
 * can play; the notes they have stay theirs to read, change and delete if
 * a lesson later locks (their Premium ended).
 */

type Member = Pick<UserJSON, 'id' | 'subscriptionStatus'>

/** The member's notes on a lesson, in time order (404 for a lesson that does not exist). */
export async function listNotes(member: Member, videoId: number): Promise<NoteJSON[]> {
	if (!(await getPublishedVideo(videoId))) throw notFound('Video not found')
	const notes = await NoteModel.find({ userId: member.id, videoId }).sort({ atSeconds: 1, id: 1 }).lean<Note[]>()
	return notes.map(toNoteJSON)
}

/** A new note at a time of a lesson the member can play (403 for a locked Premium lesson). */
export async function createNote(member: Member, videoId: number, input: NoteInput): Promise<NoteJSON> {
	if (!(await getPublishedVideo(videoId))) throw notFound('Video not found')
	if (isVideoLocked(member, videoId)) throw new ServiceError(PREMIUM_MEDIA, 403)
	// A count, then the write: two notes sent at once may both pass at the limit, which is harmless (decision 172).
	if ((await NoteModel.countDocuments({ userId: member.id, videoId })) >= MAX_NOTES_PER_LESSON)
		throw new ServiceError(TOO_MANY_NOTES, 409)
	const now = new Date()
	const note = await NoteModel.create({
		id: await nextId('notes'),
		userId: member.id,
		videoId,
		atSeconds: input.atSeconds,
		text: input.text,
		createdAt: now,
		updatedAt: now,
	})
	return toNoteJSON(note.toObject())
}

/** Changes the time or the text of one of the member's notes. */
export async function updateNote(member: Pick<UserJSON, 'id'>, id: number, changes: NoteChanges): Promise<NoteJSON> {
	const set: Partial<Note> = { updatedAt: new Date() }
	if (changes.atSeconds !== undefined) set.atSeconds = changes.atSeconds
	if (changes.text !== undefined) set.text = changes.text
	const note = await NoteModel.findOneAndUpdate({ id, userId: member.id }, { $set: set }, { new: true }).lean<Note>()
	if (!note) throw notFound(NOTE_NOT_FOUND)
	return toNoteJSON(note)
}

/** Deletes one of the member's notes; returns it. */
export async function deleteNote(member: Pick<UserJSON, 'id'>, id: number): Promise<NoteJSON> {
	const note = await NoteModel.findOneAndDelete({ id, userId: member.id }).lean<Note>()
	if (!note) throw notFound(NOTE_NOT_FOUND)
	return toNoteJSON(note)
}

/** One lesson of /notes: the lesson and the member's notes on it, in time order. */
export interface LessonNotes {
	video: { id: number; title: string; locked: boolean }
	notes: NoteJSON[]
}

/** Lessons per page of /notes. */
export const NOTES_PAGE_LESSONS = 20

/**
 * /notes: the member's notes gathered by lesson, in library order, a page
 * of lessons at a time; `hasMore` when another page follows.
 */
export async function listNotesByLesson(
	member: Member,
	page: number,
): Promise<{ lessons: LessonNotes[]; hasMore: boolean }> {
	const videoIds = ((await NoteModel.distinct('videoId', { userId: member.id })) as number[]).sort((a, b) => a - b)
	const shown = videoIds.slice((page - 1) * NOTES_PAGE_LESSONS, page * NOTES_PAGE_LESSONS)
	if (shown.length === 0) return { lessons: [], hasMore: false }
	const [notes, videos] = await Promise.all([
		NoteModel.find({ userId: member.id, videoId: mongoose.trusted({ $in: shown }) })
			.sort({ videoId: 1, atSeconds: 1, id: 1 })
			.lean<Note[]>(),
		VideoModel.find({ id: mongoose.trusted({ $in: shown }) })
			.select('id title')
			.lean<Array<{ id: number; title: string }>>(),
	])
	const titles = new Map(videos.map((video) => [video.id, video.title]))
	return {
		lessons: shown.flatMap((videoId) => {
			const title = titles.get(videoId)
			// A lesson deleted meanwhile takes its notes with it (videos.server.ts); until then it is left out.
			if (title === undefined) return []
			return [
				{
					video: { id: videoId, title, locked: isVideoLocked(member, videoId) },
					notes: notes.filter((note) => note.videoId === videoId).map(toNoteJSON),
				},
			]
		}),
		hasMore: videoIds.length > page * NOTES_PAGE_LESSONS,
	}
}

/** "Download my data": every note, with its lesson's title. */
export async function exportNotes(userId: number) {
	const notes = await NoteModel.find({ userId }).sort({ videoId: 1, atSeconds: 1, id: 1 }).lean<Note[]>()
	const ids = [...new Set(notes.map((note) => note.videoId))]
	const videos = await VideoModel.find({ id: mongoose.trusted({ $in: ids }) })
		.select('id title')
		.lean<Array<{ id: number; title: string }>>()
	const titles = new Map(videos.map((video) => [video.id, video.title]))
	return notes.map((note) => ({ ...toNoteJSON(note), lesson: titles.get(note.videoId) ?? null }))
}

/** Deleting an account: the member's notes go. */
export function deleteNotesOf(userId: number) {
	return NoteModel.deleteMany({ userId })
}
