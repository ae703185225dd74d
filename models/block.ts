import { Schema } from 'mongoose'
import { renewLayoutsOfOwner } from '#models/layout-version'
import { defineModel } from '#models/model'

/**
 * One member blocking another (product §6 "Blocking"): the blocked member
 * cannot send them private messages and leaves their contacts. Room messages
 * are not hidden (docs/decisions/113).
 */
export interface Block {
	blockerId: number
	blockedId: number
	createdAt: Date
}

const blockSchema = new Schema<Block>(
	{
		blockerId: { type: Number, required: true },
		blockedId: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)
// A member's blocks (their list, their contacts) and the one question "has A blocked B?".
blockSchema.index({ blockerId: 1, blockedId: 1 }, { unique: true })
blockSchema.index({ blockedId: 1 })

// The blocker's list is held under their layout version (app/services/moderation/blocked-ids.server.ts, decision 250).
renewLayoutsOfOwner(blockSchema, 'blockerId')

export const BlockModel = defineModel<Block>('Block', blockSchema)
