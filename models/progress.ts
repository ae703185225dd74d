import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

export interface Progress {
	id: number
	userId: number
	videoId: number
	/** Whole percent, 0 to 100. */
	progress: number
	completed: boolean
	updatedAt: Date
}

export interface ProgressJSON {
	id: number
	userId: number
	videoId: number
	progress: number
	completed: boolean
	updatedAt: string
}

export function toProgressJSON(record: Progress): ProgressJSON {
	return {
		id: record.id,
		userId: record.userId,
		videoId: record.videoId,
		progress: record.progress,
		completed: record.completed,
		updatedAt: toIso(record.updatedAt)!,
	}
}

const progressSchema = new Schema<Progress>(
	{
		id: { type: Number, required: true, unique: true },
		userId: { type: Number, required: true },
		videoId: { type: Number, required: true, index: true },
		progress: { type: Number, required: true, default: 0, min: 0, max: 100 },
		completed: { type: Boolean, required: true, default: false },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toProgressJSON(ret as unknown as Progress) } },
)
// One record per user and video.
progressSchema.index({ userId: 1, videoId: 1 }, { unique: true })

export const ProgressModel = defineModel<Progress>('Progress', progressSchema)
