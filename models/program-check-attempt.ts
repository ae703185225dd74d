import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

/** One submission of a knowledge check by a member: the answers, the score, whether it passed. */
export interface ProgramCheckAttempt {
	id: number
	userId: number
	programId: number
	itemId: number
	answers: number[]
	/** Whole percent of the questions answered right. */
	score: number
	passed: boolean
	createdAt: Date
}

export interface ProgramCheckAttemptJSON {
	id: number
	itemId: number
	answers: number[]
	score: number
	passed: boolean
	createdAt: string
}

export function toProgramCheckAttemptJSON(attempt: ProgramCheckAttempt): ProgramCheckAttemptJSON {
	return {
		id: attempt.id,
		itemId: attempt.itemId,
		answers: attempt.answers,
		score: attempt.score,
		passed: attempt.passed,
		createdAt: toIso(attempt.createdAt)!,
	}
}

const programCheckAttemptSchema = new Schema<ProgramCheckAttempt>(
	{
		id: { type: Number, required: true, unique: true },
		userId: { type: Number, required: true },
		programId: { type: Number, required: true, index: true },
		itemId: { type: Number, required: true },
		answers: { type: [Number], required: true },
		score: { type: Number, required: true },
		passed: { type: Boolean, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false },
)
programCheckAttemptSchema.index({ userId: 1, itemId: 1, id: -1 })

export const ProgramCheckAttemptModel = defineModel<ProgramCheckAttempt>(
	'ProgramCheckAttempt',
	programCheckAttemptSchema,
)
