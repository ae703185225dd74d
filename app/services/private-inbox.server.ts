import mongoose from 'mongoose'
import { BlockModel, MessageModel, UserModel, conversationKeyOf, privateMessageGroupKey, toMessageJSON, type Message, type MessageJSON } from '#models/index'
import { forgetInRequest, rememberInRequest, sharedInRequest } from '~/lib/request-context.server'
import { live } from './live.server'
import { markGroupRead, notify } from './notifications.server'
import { unreadConversationsKey } from './users.server'
import { publicAssetUrl } from './public-pictures.server'

/**
 * The read state of private messages (product §2 "Messages"): which
 * conversations hold messages the member has not read, the list of their
 * conversations, and what happens when a private message arrives. A message
 * is unread until its recipient opens the conversation (the page, or its
 * history call) or has it open when the message comes (docs/decisions/101).
 */

/** product §9: the conversations list shows the most recent ones only. */
export const CONVERSATION_LIST_LIMIT = 50

/** The live `conversations` event: the new number of conversations with unread messages, and the one that changed. */
export interface ConversationsEvent {
	unreadCount: number
	conversation?: ConversationSummary
}

/** Who a conversation is with, as its list line shows them. */
export type ConversationPerson = { id: number; username: string; name: string; avatar?: string | null }
export const CONVERSATION_PERSON_FIELDS = 'id username name avatar'

export interface ConversationSummary {
	user: { id: number; username: string; name: string; avatar: string | null }
	lastMessage: { id: number; content: string; senderId: number; createdAt: string }
	unreadCount: number
}


/** Unread private messages per sender, for one member: one aggregation over their unread messages only. */
async function unreadBySender(userId: number): Promise<Map<number, number>> {
	const rows = await MessageModel.aggregate<{ _id: number; count: number }>([
		{ $match: { recipientId: userId, isPrivate: true, readAt: null } },
		{ $group: { _id: '$senderId', count: { $sum: 1 } } },
	])
	return new Map(rows.map((row) => [row._id, row.count]))
}

/**
 * The Messages badge: how many conversations hold a message the member has
 * not read. Pages read the count stored with the account (docs/decisions/084),
 * which came with the account's own read when the layout asked for it; an
 * account that has none yet gets it counted and stored.
 */
export async function countUnreadConversations(userId: number): Promise<number> {
	const stored = await sharedInRequest(unreadConversationsKey(userId), async () => {
		const user = await UserModel.findOne({ id: userId }).select('unreadConversations').lean<{ unreadConversations?: number | null }>()
		return user?.unreadConversations ?? null
	})
	return stored ?? (await refreshUnreadConversations(userId)).size
}

/** Attempts at storing a fresh count before giving up to the next recount (each attempt lost to a newer one). */
const RECOUNT_ATTEMPTS = 5

/**
 * Counts the member's unread conversations from the messages (the truth) and
 * stores the count with the account. Two recounts racing (a message arriving
 * as another is read) cannot leave the older answer behind: a count is stored
 * only if no other recount stored one since it started, else it counts again.
 * Answers the unread messages per sender it counted.
 */
export async function refreshUnreadConversations(userId: number): Promise<Map<number, number>> {
	for (let attempt = 1; ; attempt++) {
		const account = await UserModel.findOne({ id: userId }).select('inboxVersion').lean<{ inboxVersion?: number }>()
		const unread = await unreadBySender(userId)
		if (!account) return unread
		const stored = await UserModel.updateOne(
			{ id: userId, inboxVersion: account.inboxVersion ?? null },
			{ $set: { unreadConversations: unread.size, inboxVersion: (account.inboxVersion ?? 0) + 1 } },
		)
		if (stored.modifiedCount === 1 || attempt === RECOUNT_ATTEMPTS) {
			// This request may already hold the count it read with the account: later reads in it see the new one.
			forgetInRequest(unreadConversationsKey(userId))
			rememberInRequest(unreadConversationsKey(userId), unread.size)
			return unread
		}
	}
}

/**
 * The member's conversations, most recent first (at most
 * CONVERSATION_LIST_LIMIT), each with the other person, the last message and
 * how many of its messages are unread.
 */
export async function listConversations(userId: number): Promise<ConversationSummary[]> {
	const latest = await MessageModel.aggregate<{ _id: string; lastId: number }>([
		{ $match: { isPrivate: true, $or: [{ senderId: userId }, { recipientId: userId }] } },
		{ $group: { _id: '$conversationKey', lastId: { $max: '$id' } } },
		{ $sort: { lastId: -1 } },
		{ $limit: CONVERSATION_LIST_LIMIT },
	])
	if (latest.length === 0) return []
	const [messages, unread] = await Promise.all([
		MessageModel.find({ id: mongoose.trusted({ $in: latest.map((row) => row.lastId) }) }).lean<Message[]>(),
		unreadBySender(userId),
	])
	const otherOf = (message: Message) => (message.senderId === userId ? message.recipientId! : message.senderId)
	// A member the viewer blocked leaves their lists (product §6 "Blocking"). Read here, not through blocks.server,
	// which imports this module to mark a blocked member's messages read.
	const blocked = new Set((await BlockModel.find({ blockerId: userId }).select('blockedId').lean<Array<{ blockedId: number }>>()).map((block) => block.blockedId))
	const people = await UserModel.find({ id: mongoose.trusted({ $in: messages.map(otherOf) }) })
		.select(CONVERSATION_PERSON_FIELDS)
		.lean<ConversationPerson[]>()
	const byId = new Map(people.map((person) => [person.id, person]))
	return messages
		.sort((a, b) => b.id - a.id)
		.flatMap((message) => {
			const person = byId.get(otherOf(message))
			// A conversation with an account that is gone is not listed, nor one with someone blocked.
			if (!person || blocked.has(person.id)) return []
			// Through the public shape: a deleted last message shows as deleted, never its words.
			return [summaryOf(toMessageJSON(message), person, unread.get(person.id) ?? 0)]
		})
}

function summaryOf(
	message: MessageJSON,
	person: ConversationPerson,
	unreadCount: number,
): ConversationSummary {
	return {
		user: { id: person.id, username: person.username, name: person.name, avatar: publicAssetUrl(person.avatar) },
		lastMessage: {
			id: message.id,
			content: message.content,
			senderId: message.senderId,
			createdAt: new Date(message.createdAt).toISOString(),
		},
		unreadCount,
	}
}

/**
 * The member opened the conversation with `otherUserId`: every message from
 * them is read, and so is the notification that announced them. Their open
 * pages get the new count.
 */
export function markConversationRead(userId: number, otherUserId: number): Promise<void> {
	// Opening /messages?userId= reads it in the layout's loader and again in the page's history: once is enough.
	return sharedInRequest(`conversation-read:${userId}:${otherUserId}`, async () => {
		const result = await MessageModel.updateMany(
			{ conversationKey: conversationKeyOf(userId, otherUserId), recipientId: userId, readAt: null },
			{ $set: { readAt: new Date() } },
		)
		const notificationRead = await markGroupRead(userId, privateMessageGroupKey(otherUserId))
		if (result.modifiedCount > 0 || notificationRead) await tellConversations(userId)
	})
}

async function tellConversations(userId: number, conversation?: ConversationSummary) {
	const event: ConversationsEvent = { unreadCount: (await refreshUnreadConversations(userId)).size, ...(conversation ? { conversation } : {}) }
	live.emitToUser(userId, 'conversations', event)
}

/**
 * After a private message is stored and delivered: if its recipient has the
 * conversation open, it is read at once; otherwise it is announced with one
 * notification per conversation while unread (groupKey). Both people's open
 * pages get their conversation list's new line and count.
 */
export async function afterPrivateMessage(message: MessageJSON, sender: { id: number; name: string }, recipient: ConversationPerson): Promise<void> {
	const recipientId = recipient.id
	const senderAccount = await UserModel.findOne({ id: sender.id }).select(CONVERSATION_PERSON_FIELDS).lean<ConversationPerson>()
	if (!senderAccount) return
	if (await live.isViewingConversation(recipientId, sender.id)) {
		await MessageModel.updateOne({ id: message.id, readAt: null }, { $set: { readAt: new Date() } })
	} else {
		await notify(recipientId, {
			kind: 'private_message',
			title: `New message from ${sender.name}`,
			text: preview(message.content),
			link: `/messages?userId=${sender.id}`,
			groupKey: privateMessageGroupKey(sender.id),
			sourceMessageId: message.id,
		})
	}
	const unread = await refreshUnreadConversations(recipientId)
	live.emitToUser(recipientId, 'conversations', {
		unreadCount: unread.size,
		conversation: summaryOf(message, senderAccount, unread.get(sender.id) ?? 0),
	} satisfies ConversationsEvent)
	// The sender's own unread count did not change: their badge keeps its stored count.
	const senderUnread = await unreadBySender(sender.id)
	live.emitToUser(sender.id, 'conversations', {
		unreadCount: senderUnread.size,
		conversation: summaryOf(message, recipient, senderUnread.get(recipientId) ?? 0),
	} satisfies ConversationsEvent)
}

/** The first line or so of a message, for a notification or a contact list. */
export function preview(content: string, length = 140): string {
	const flat = content.replace(/\s+/g, ' ').trim()
	return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat
}
