import { Schema } from 'mongoose'
import { defineModel, toIso } from './model'

export interface Message {
	id: number
	content: string
	senderId: number
	recipientId?: number | null
	communityId?: number | null
	/**
	 * For private messages, "{lowerId}:{higherId}": one indexed key finds a
	 * conversation in both directions without an `$or`.
	 */
	conversationKey?: string | null
	createdAt: Date
	isPrivate: boolean
	/** Private messages: when the recipient read it (opened the conversation, or had it open when it came); null while unread. */
	readAt?: Date | null
}

export interface MessageJSON {
	id: number
	content: string
	senderId: number
	recipientId: number | null
	communityId: number | null
	createdAt: string
	isPrivate: boolean
	senderName?: string
}

export function conversationKeyOf(userA: number, userB: number): string {
	return userA < userB ? `${userA}:${userB}` : `${userB}:${userA}`
}

export function toMessageJSON(message: Message, senderName?: string): MessageJSON {
	return {
		id: message.id,
		content: message.content,
		senderId: message.senderId,
		recipientId: message.recipientId ?? null,
		communityId: message.communityId ?? null,
		createdAt: toIso(message.createdAt)!,
		isPrivate: Boolean(message.isPrivate),
		...(senderName === undefined ? {} : { senderName }),
	}
}

const messageSchema = new Schema<Message>(
	{
		id: { type: Number, required: true, unique: true },
		content: { type: String, required: true },
		senderId: { type: Number, required: true },
		recipientId: { type: Number, default: null },
		communityId: { type: Number, default: null },
		conversationKey: { type: String, default: null },
		createdAt: { type: Date, required: true, default: () => new Date() },
		isPrivate: { type: Boolean, required: true, default: false },
		readAt: { type: Date, default: null },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toMessageJSON(ret as unknown as Message) } },
)
// Latest-first pages of one room or one conversation.
messageSchema.index({ communityId: 1, id: -1 })
messageSchema.index({ conversationKey: 1, id: -1 })
// A member's unread private messages (the Messages badge), and their conversations, newest first.
messageSchema.index({ recipientId: 1, readAt: 1 })
messageSchema.index({ senderId: 1, isPrivate: 1, id: -1 })
messageSchema.index({ recipientId: 1, isPrivate: 1, id: -1 })

export const MessageModel = defineModel<Message>('Message', messageSchema)
