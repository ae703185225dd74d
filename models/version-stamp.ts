import { randomUUID } from 'node:crypto'
import mongoose, { Schema, type Query, type UpdateQuery } from 'mongoose'
import { afterWrite, defineModel } from '#models/model'

/**
 * A value that changes whenever what it stands for changes (`people`, the
 * members' public fields; `events`, the events and who is going to them:
 * decision 199; `catalogue`, the library's videos and the programs: decisions
 * 225, 231), so a process that holds a read made under one
 * value serves it only while the value is unchanged (docs/decisions/089).
 * Random, not counted: a database emptied and filled again never repeats an
 * old value. A room's messages have their own, on the community document.
 */
interface VersionStamp {
	key: string
	value: string
}

const versionStampSchema = new Schema<VersionStamp>(
	{
		key: { type: String, required: true, unique: true },
		value: { type: String, required: true },
	},
	{ versionKey: false },
)

export const VersionStampModel = defineModel<VersionStamp>('VersionStamp', versionStampSchema)

/** Every stamp there is: a page reads them all in one query, however many of its held reads ask (held-reads.server.ts). */
export const VERSION_STAMP_KEYS = ['people', 'events', 'catalogue'] as const
export type VersionStampKey = (typeof VERSION_STAMP_KEYS)[number]

/** Gives the stamp a new value: after the write it stands for, never before. One atomic upsert, like the counters. */
export async function renewVersionStamp(key: VersionStampKey): Promise<string> {
	const value = randomUUID()
	await VersionStampModel.updateOne({ key }, { $set: { value } }, { upsert: true })
	return value
}

/** These stamps' values now, read in one query; a stamp never renewed yet gets its first value. */
export async function readVersionStamps(keys: readonly VersionStampKey[]): Promise<Map<VersionStampKey, string>> {
	const stamps = await VersionStampModel.find({ key: mongoose.trusted({ $in: keys }) }).lean<VersionStamp[]>()
	// The first of a key's records, should there ever be two.
	const values = new Map<VersionStampKey, string>()
	for (const stamp of stamps)
		if (!values.has(stamp.key as VersionStampKey)) values.set(stamp.key as VersionStampKey, stamp.value)
	await Promise.all(
		keys.map(async (key) => {
			if (!values.has(key)) values.set(key, await renewVersionStamp(key))
		}),
	)
	return values
}

/** renewVersionStamp after a write that is already done (the model middleware's call). */
export function afterStampedChange(key: VersionStampKey): Promise<void> {
	return afterWrite(`renewing the ${key} version stamp`, () => renewVersionStamp(key))
}

/**
 * Renews the stamp after every write made through this schema's model:
 * documents saved or deleted, inserts, and every kind of update and delete by
 * query. For collections where any write can change what the stamp stands
 * for (every field of an event shows on its card; any answer changes who is
 * going), but a write to `ignoring` alone: fields no held read shows (a
 * video's announcement progress, decision 231).
 */
export function renewStampOnEveryWrite(
	schema: Schema,
	key: VersionStampKey,
	{ ignoring = [] }: { ignoring?: readonly string[] } = {},
): void {
	const renew = () => afterStampedChange(key)
	schema.pre('save', function () {
		this.$locals.renewsStamp = this.isNew || this.modifiedPaths().some((path) => !ignoring.includes(path))
	})
	schema.post('save', function (document) {
		return document.$locals.renewsStamp === false ? undefined : renew()
	})
	schema.post('deleteOne', { document: true, query: false }, renew)
	schema.post('insertMany', renew)
	schema.post(
		/^(updateOne|updateMany|findOneAndUpdate|replaceOne|findOneAndReplace)$/,
		queryOnly,
		function (this: Query<unknown, unknown>) {
			return changesOnly(this.getUpdate(), ignoring) ? undefined : renew()
		},
	)
	schema.post(/^(deleteOne|deleteMany|findOneAndDelete)$/, queryOnly, renew)
}

const queryOnly = { document: false, query: true } as const

/**
 * Whether an update can change nothing but `fields` (bookkeeping no held read
 * shows, such as how far a video's announcement has gone): a replacement, a
 * pipeline or an operator on any other field can change more.
 */
function changesOnly(update: UpdateQuery<unknown> | unknown[] | null, fields: readonly string[]): boolean {
	if (fields.length === 0 || !update || Array.isArray(update)) return false
	return Object.entries(update).every(([operator, value]) => {
		if (!operator.startsWith('$') || typeof value !== 'object' || value === null) return false
		return Object.entries(value).every(
			([field, to]) => fields.includes(field) && (operator !== '$rename' || fields.includes(String(to))),
		)
	})
}
