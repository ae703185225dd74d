import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A lesson's chapters (docs/decisions/171): start times in whole seconds and
 * titles, in time order. One document per video, written whole with one
 * upsert; a lesson without chapters has none.
 */
export interface LessonChapter {
	start: number
	title: string
}

export interface LessonChapters {
	videoId: number
	chapters: LessonChapter[]
	updatedAt: Date
}

const chapterSchema = new Schema<LessonChapter>(
	{
		start: { type: Number, required: true },
		title: { type: String, required: true },
	},
	{ _id: false },
)

const lessonChaptersSchema = new Schema<LessonChapters>(
	{
		videoId: { type: Number, required: true, unique: true },
		chapters: { type: [chapterSchema], default: [] },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)

export const LessonChaptersModel = defineModel<LessonChapters>('LessonChapters', lessonChaptersSchema)
