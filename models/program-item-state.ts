import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * What a member did with one item of a program that is not a lesson (a
 * lesson's progress is its video's, models/progress.ts): a reading marked
 * done, a reflection written (private to its author), a knowledge check
 * passed. One per member and item.
 */
export interface ProgramItemState {
	userId: number
	programId: number
	itemId: number
	/** Done since: read, written, passed. */
	doneAt: Date | null
	/** The reflection's words: only ever shown to their author. */
	reflection: string | null
	reflectionUpdatedAt: Date | null
	/** The best score of the member's knowledge check attempts, in percent. */
	bestScore: number | null
	updatedAt: Date
}

const programItemStateSchema = new Schema<ProgramItemState>(
	{
		userId: { type: Number, required: true },
		programId: { type: Number, required: true, index: true },
		itemId: { type: Number, required: true },
		doneAt: { type: Date, default: null },
		reflection: { type: String, default: null },
		reflectionUpdatedAt: { type: Date, default: null },
		bestScore: { type: Number, default: null },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false },
)
programItemStateSchema.index({ userId: 1, itemId: 1 }, { unique: true })
programItemStateSchema.index({ userId: 1, programId: 1 })

export const ProgramItemStateModel = defineModel<ProgramItemState>('ProgramItemState', programItemStateSchema)
