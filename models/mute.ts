import { Schema } from 'mongoose'
import { renewLayoutsOfOwner } from '#models/layout-version'
import { defineModel } from '#models/model'

/**
 * A member muted in every room by a moderator or admin (product §6
 * "Moderation"). One record per member: muting again replaces it, lifting
 * deletes it; the audit log keeps the history (docs/decisions/111).
 */
export interface Mute {
	userId: number
	/** Null: until a moderator lifts it. */
	until: Date | null
	reason: string
	mutedBy: number
	createdAt: Date
}

const muteSchema = new Schema<Mute>(
	{
		userId: { type: Number, required: true, unique: true },
		until: { type: Date, default: null },
		reason: { type: String, required: true },
		mutedBy: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)

// What the member's pages show of their mute is held under their layout version (mutes.server.ts, decision 250).
renewLayoutsOfOwner(muteSchema, 'userId')

export const MuteModel = defineModel<Mute>('Mute', muteSchema)
