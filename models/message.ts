import { Schema, type Query } from 'mongoose'
import { afterHistoryChange, roomsOf } from '#models/community'
import { defineModel, toIso } from '#models/model'

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
	/** When the author last edited it (product §4 "Chat corrections"); null when never. */
	editedAt?: Date | null
	/**
	 * A deleted message is kept (reports keep their evidence) but shown to
	 * everyone as deleted, its content never sent again: docs/decisions/110.
	 */
	deletedAt?: Date | null
	/** Who deleted it: its sender, or a moderator or admin. */
	deletedBy?: number | null
	/**
	 * 0 until the message is first edited or deleted; then a number drawn from
	 * the `messageRevisions` counter at each change, so a client that was away
	 * asks for the changes after the highest one it holds (decision 110).
	 */
	revision?: number
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
	editedAt: string | null
	/** True once deleted: `content` is then "" for everyone. */
	deleted: boolean
	/** Deleted by a moderator or admin rather than by its sender ('Removed by a moderator'). */
	removedByModerator: boolean
	revision: number
}

export function conversationKeyOf(userA: number, userB: number): string {
	return userA < userB ? `${userA}:${userB}` : `${userB}:${userA}`
}

export function toMessageJSON(message: Message, senderName?: string): MessageJSON {
	const deleted = Boolean(message.deletedAt)
	return {
		id: message.id,
		content: deleted ? '' : message.content,
		senderId: message.senderId,
		recipientId: message.recipientId ?? null,
		communityId: message.communityId ?? null,
		createdAt: toIso(message.createdAt)!,
		isPrivate: Boolean(message.isPrivate),
		...(senderName === undefined ? {} : { senderName }),
		editedAt: deleted ? null : toIso(message.editedAt),
		deleted,
		removedByModerator: deleted && message.deletedBy != null && message.deletedBy !== message.senderId,
		revision: message.revision ?? 0,
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
		editedAt: { type: Date, default: null },
		deletedAt: { type: Date, default: null },
		deletedBy: { type: Number, default: null },
		revision: { type: Number, required: true, default: 0 },
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
// The changes (edits, deletions) of one room or conversation after a revision: catching up (decision 110).
messageSchema.index({ communityId: 1, revision: 1 })
messageSchema.index({ conversationKey: 1, revision: 1 })
// Messages per week and the most active members over a date range (insights, decision 116).
messageSchema.index({ createdAt: 1 })

// Every write to room messages gives the room a new history version, so a newest page cached under the old one
// is not served again by any process (app/platform/held-reads.server.ts, docs/decisions/089). Here, in the
// model, so that no writer (the chat, moderation, account deletion, seeds, tests) can forget it.
messageSchema.post('save', (message: Message) => afterHistoryChange(roomsOf([message])))
messageSchema.post('insertMany', (messages: Message[]) => afterHistoryChange(roomsOf(messages)))
// As query middleware: Mongoose would otherwise take updateOne and deleteOne for the document's own methods.
const queryOnly = { document: false, query: true } as const
messageSchema.post(
	/^(updateOne|updateMany|replaceOne|deleteOne|deleteMany)$/,
	queryOnly,
	function (this: Query<unknown, Message>) {
		return afterHistoryChange(roomsNamedBy(this.getFilter()))
	},
)
// These hand back the message they changed, which names its room.
messageSchema.post(
	/^findOneAnd(Update|Replace|Delete)$/,
	queryOnly,
	function (this: Query<unknown, Message>, result: unknown) {
		const message = result as Message | null
		return afterHistoryChange(message ? roomsOf([message]) : roomsNamedBy(this.getFilter()))
	},
)

/** Which rooms a filtered write can touch: none when it names private messages only, one when it names the room. */
function roomsNamedBy(filter: Record<string, unknown>): number[] | 'every room' {
	if (filter.isPrivate === true || typeof filter.conversationKey === 'string') return []
	if (typeof filter.communityId === 'number') return [filter.communityId]
	return 'every room'
}

export const MessageModel = defineModel<Message>('Message', messageSchema)
