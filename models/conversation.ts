import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * One member's entry for one private conversation (docs/decisions/087): the
 * conversations list in Messages reads these, not the messages. Each private
 * message moves two entries, its sender's and its recipient's, so a member's
 * list is one indexed read of their own entries, however many messages the
 * community holds.
 *
 * Kept true by app/services/chat/private-inbox.server.ts (the only writer):
 * - `lastMessageId` is the largest id of the pair's private messages (0 for
 *   the moment between an entry's opening and its first message's store);
 * - `unreadCount` is how many messages from `otherUserId` to `ownerId` have
 *   no `readAt`: +1 as one is stored, minus the number one read marks read;
 * - `lastMessage` is that last message as the list shows it (its words, ""
 *   once deleted), written after `lastMessageId` and rewritten by an edit or
 *   a deletion of it, so the list reads no message (docs/decisions/087 and
 *   080). A list that finds it missing, or naming an older message than
 *   `lastMessageId` (the moment between the two writes), reads the message.
 */
export interface Conversation {
	ownerId: number
	otherUserId: number
	lastMessageId: number
	unreadCount: number
	updatedAt: Date
	lastMessage?: ConversationLastMessage | null
}

export interface ConversationLastMessage {
	id: number
	senderId: number
	/** "" once the message is deleted: a list never shows a deleted message's words. */
	content: string
	createdAt: Date
}

const conversationSchema = new Schema<Conversation>(
	{
		ownerId: { type: Number, required: true },
		otherUserId: { type: Number, required: true },
		lastMessageId: { type: Number, required: true },
		unreadCount: { type: Number, required: true, default: 0 },
		updatedAt: { type: Date, required: true, default: () => new Date() },
		lastMessage: {
			type: new Schema<ConversationLastMessage>(
				{
					id: { type: Number, required: true },
					senderId: { type: Number, required: true },
					content: { type: String, default: '' },
					createdAt: { type: Date, required: true },
				},
				{ _id: false },
			),
			default: null,
		},
	},
	{ versionKey: false },
)
// One entry per member and conversation (written by upserts on this filter), and the list: newest first.
conversationSchema.index({ ownerId: 1, otherUserId: 1 }, { unique: true })
conversationSchema.index({ ownerId: 1, lastMessageId: -1 })
// A deleted account's conversations leave the other members' lists.
conversationSchema.index({ otherUserId: 1 })

export const ConversationModel = defineModel<Conversation>('Conversation', conversationSchema)
