import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A creating form that was posted (docs/decisions/204,
 * app/platform/once-claims.server.ts): one document per rendered form's
 * token, written with one atomic upsert, so the same form posted twice
 * creates once. MongoDB's unique index on `key` backs it; the embedded
 * emulator runs one command at a time. Gone a day later (TTL).
 */
export interface UsedForm {
	key: string
	usedAt: Date
	purgeAt: Date
}

const usedFormSchema = new Schema<UsedForm>(
	{
		key: { type: String, required: true, unique: true },
		usedAt: { type: Date, required: true },
		purgeAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
	},
	{ versionKey: false },
)

export const UsedFormModel = defineModel<UsedForm>('UsedForm', usedFormSchema)
