import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * The email side of one private conversation, for its recipient: at most one
 * email an hour about messages from one sender (docs/decisions/123).
 *
 * - `pendingSince`: messages arrived while the recipient was away and are not
 *   emailed yet (null: nothing waiting).
 * - `lastSentAt`: the last email about this conversation; the next one waits
 *   until an hour after it.
 * - `throughMessageId`: the newest message already in an email; the next
 *   email quotes only later ones.
 */
export interface MessageEmailState {
	recipientId: number
	senderId: number
	pendingSince: Date | null
	lastSentAt: Date | null
	throughMessageId: number
}

const messageEmailStateSchema = new Schema<MessageEmailState>(
	{
		recipientId: { type: Number, required: true },
		senderId: { type: Number, required: true },
		pendingSince: { type: Date, default: null, index: { sparse: true } },
		lastSentAt: { type: Date, default: null },
		throughMessageId: { type: Number, required: true, default: 0 },
	},
	{ versionKey: false },
)
messageEmailStateSchema.index({ recipientId: 1, senderId: 1 }, { unique: true })
messageEmailStateSchema.index({ senderId: 1 })

export const MessageEmailStateModel = defineModel<MessageEmailState>('MessageEmailState', messageEmailStateSchema)
