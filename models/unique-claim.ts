import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * One document per value that must belong to one account only (a username,
 * an email address), written with one atomic upsert: whoever's upsert
 * inserts it owns the value (app/platform/unique-claims.server.ts,
 * docs/decisions/136). MongoDB's unique index on `key` backs it up; the
 * embedded emulator runs one command at a time, so the upsert alone decides
 * there.
 */
export interface UniqueClaim {
	/** `username:{lower-cased username}` or `email:{lower-cased address}`. */
	key: string
	/** The user id the value belongs to (reserved before the account is written). */
	userId: number
	claimedAt: Date
}

const uniqueClaimSchema = new Schema<UniqueClaim>(
	{
		key: { type: String, required: true, unique: true },
		userId: { type: Number, required: true, index: true },
		claimedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)

export const UniqueClaimModel = defineModel<UniqueClaim>('UniqueClaim', uniqueClaimSchema)
