import { randomUUID } from 'node:crypto'
import { Schema } from 'mongoose'
import { afterWrite, defineModel } from '#models/model'

/**
 * A value that changes whenever what it stands for changes (today: `people`,
 * the members' public fields), so a process that holds a read made under one
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

export type VersionStampKey = 'people'

/** Gives the stamp a new value: after the write it stands for, never before. One atomic upsert, like the counters. */
export async function renewVersionStamp(key: VersionStampKey): Promise<string> {
	const value = randomUUID()
	await VersionStampModel.updateOne({ key }, { $set: { value } }, { upsert: true })
	return value
}

/** The stamp's value now; a stamp never renewed yet gets its first value. */
export async function currentVersionStamp(key: VersionStampKey): Promise<string> {
	const stamp = await VersionStampModel.findOne({ key }).lean<VersionStamp>()
	return stamp?.value ?? renewVersionStamp(key)
}

/** renewVersionStamp after a write that is already done (the model middleware's call). */
export function afterStampedChange(key: VersionStampKey): Promise<void> {
	return afterWrite(`renewing the ${key} version stamp`, () => renewVersionStamp(key))
}
