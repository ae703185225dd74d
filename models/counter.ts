import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Public ids are small numbers (`/community/1`), drawn per entity from this
 * collection with an atomic `$inc`; `_id` stays an ObjectId internally.
 */
interface Counter {
	name: string
	seq: number
}

const counterSchema = new Schema<Counter>({
	name: { type: String, required: true, unique: true },
	seq: { type: Number, required: true, default: 0 },
})

export const CounterModel = defineModel<Counter>('Counter', counterSchema)

export type CounterName =
	| 'users'
	| 'videos'
	| 'communities'
	| 'messages'
	| 'progress'
	| 'events'
	| 'resources'
	| 'notifications'
	| 'messageRevisions'
	| 'reports'
	| 'auditEntries'
	| 'mediaAssets'
	| 'programs'
	| 'programModules'
	| 'programItems'
	| 'programEnrolments'
	| 'programCheckAttempts'
	| 'certificates'
	| 'notes'
	| 'pushDevices'
	| 'discussionPosts'
	| 'discussionComments'
	/** The global search's indexing runs (models/search-index.ts `rev`): a later run's terms replace an earlier one's. */
	| 'searchRevisions'
	| 'pods'
	| 'podCheckIns'
	| 'podReplies'

export async function nextId(name: CounterName): Promise<number> {
	const counter = await CounterModel.findOneAndUpdate(
		{ name },
		{ $inc: { seq: 1 } },
		{ upsert: true, new: true, lean: true },
	)
	return counter!.seq
}

/** Reserves `count` consecutive ids at once (bulk inserts: seed and benchmarks). */
export async function reserveIds(name: CounterName, count: number): Promise<number[]> {
	const counter = await CounterModel.findOneAndUpdate(
		{ name },
		{ $inc: { seq: count } },
		{ upsert: true, new: true, lean: true },
	)
	const last = counter!.seq
	return Array.from({ length: count }, (_, index) => last - count + 1 + index)
}
