import mongoose, { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * One document per background job: who runs it now and when it is next due
 * (docs/decisions/121-background-jobs-with-leases.md). Every app process on
 * the database claims a run here before doing it, so each run happens once,
 * across restarts and across processes.
 */
export interface Lease {
	/** The job's name. */
	name: string
	/** The process running the job now (null between runs). */
	holder: string | null
	/** A run in progress is protected until then; a holder that crashed loses it at that time. */
	lockedUntil: Date
	/** When the job is next due. */
	nextRunAt: Date
	lastStartedAt: Date | null
	lastFinishedAt: Date | null
	/** The last run's failure, or null when it succeeded. */
	lastError: string | null
	/** How many runs were claimed, by every process together: one per period however many processes ask (decision 144). */
	runs: number
}

const leaseSchema = new Schema<Lease>(
	{
		// Unique on MongoDB, so two processes creating the same lease at once cannot both succeed.
		name: { type: String, required: true, unique: true },
		holder: { type: String, default: null },
		lockedUntil: { type: Date, required: true },
		nextRunAt: { type: Date, required: true },
		lastStartedAt: { type: Date, default: null },
		lastFinishedAt: { type: Date, default: null },
		lastError: { type: String, default: null },
		runs: { type: Number, default: 0 },
	},
	{ versionKey: false },
)

export const LeaseModel = defineModel<Lease>('Lease', leaseSchema)

const DUPLICATE_KEY = 11000

/**
 * Creates the job's lease document unless it exists. The filter is the name
 * alone, so on a database without unique indexes (CongoDB) an existing lease
 * is matched, never duplicated; on MongoDB a racing creation fails with a
 * duplicate key, which means "someone else created it": fine.
 */
async function ensureLease(name: string): Promise<void> {
	try {
		await LeaseModel.updateOne(
			{ name },
			{
				$setOnInsert: {
					holder: null,
					lockedUntil: new Date(0),
					nextRunAt: new Date(0),
					lastStartedAt: null,
					lastFinishedAt: null,
					lastError: null,
				},
			},
			{ upsert: true },
		)
	} catch (error) {
		if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error
	}
}

export interface LeaseClaim {
	name: string
	holder: string
	/** The run's lock: the release only counts while it is still this one. */
	lockedUntil: Date
}

/**
 * Claims a run of job `name` for `holder`, or answers null when it is not
 * free: one atomic findOneAndUpdate on the lease, matching only when no run
 * is in progress (or the one in progress outlived its lock) and, unless
 * `ignoreSchedule`, when the job is due.
 */
export async function claimLease(
	name: string,
	holder: string,
	{ now, lockMs, ignoreSchedule = false }: { now: Date; lockMs: number; ignoreSchedule?: boolean },
): Promise<LeaseClaim | null> {
	const filter = {
		name,
		lockedUntil: mongoose.trusted({ $lte: now }),
		...(ignoreSchedule ? {} : { nextRunAt: mongoose.trusted({ $lte: now }) }),
	}
	const lockedUntil = new Date(now.getTime() + lockMs)
	const update = { $set: { holder, lockedUntil, lastStartedAt: now }, $inc: { runs: 1 } }
	let claimed = await LeaseModel.findOneAndUpdate(filter, update, { new: true }).lean()
	if (!claimed && !(await LeaseModel.exists({ name }))) {
		// The job's first run on this database.
		await ensureLease(name)
		claimed = await LeaseModel.findOneAndUpdate(filter, update, { new: true }).lean()
	}
	return claimed ? { name, holder, lockedUntil } : null
}

/** Ends a claimed run: the lock is lifted and the job is next due at `nextRunAt`. */
export async function releaseLease(
	claim: LeaseClaim,
	outcome: { finishedAt: Date; nextRunAt: Date; error: string | null },
): Promise<void> {
	await LeaseModel.updateOne(
		// Only while the claim is still ours: a run that outlived its lock may have been taken over.
		{ name: claim.name, holder: claim.holder, lockedUntil: claim.lockedUntil },
		{
			$set: {
				holder: null,
				lockedUntil: new Date(0),
				nextRunAt: outcome.nextRunAt,
				lastFinishedAt: outcome.finishedAt,
				lastError: outcome.error,
			},
		},
	)
}
