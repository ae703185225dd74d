import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A member's start of a program (product §2 "Programs"): one per member and
 * program, claimed with one atomic upsert (docs/decisions/136). Besides the
 * start date that the drip rules count from, it keeps what the member's
 * progress came to the last time it changed (the modules complete, the end),
 * which Insights counts, and what the module-unlocked notices need: the
 * modules already announced (or open when the member started) and the next
 * time a module opens by the clock (docs/decisions/151).
 */
export interface ProgramEnrolment {
	id: number
	userId: number
	programId: number
	startedAt: Date
	/** When the last item was done; null until then. */
	completedAt: Date | null
	/** The modules complete when the member last made progress (Insights' funnel). */
	doneModuleIds: number[]
	/** Modules the member has been told are open, or that were open when they started. */
	announcedModuleIds: number[]
	/** The next time a module opens by the clock (after N days, on a date); null when none will. */
	nextUnlockAt: Date | null
	updatedAt: Date
}

const programEnrolmentSchema = new Schema<ProgramEnrolment>(
	{
		id: { type: Number, required: true, unique: true },
		userId: { type: Number, required: true },
		programId: { type: Number, required: true, index: true },
		startedAt: { type: Date, required: true },
		completedAt: { type: Date, default: null },
		doneModuleIds: { type: [Number], default: [] },
		announcedModuleIds: { type: [Number], default: [] },
		nextUnlockAt: { type: Date, default: null },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false },
)
// One per member and program; on MongoDB the index backs the upsert that claims it.
programEnrolmentSchema.index({ userId: 1, programId: 1 }, { unique: true })
// The unlock job's due enrolments.
programEnrolmentSchema.index({ nextUnlockAt: 1 })

export const ProgramEnrolmentModel = defineModel<ProgramEnrolment>('ProgramEnrolment', programEnrolmentSchema)
