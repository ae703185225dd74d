import mongoose from 'mongoose'
import {
	ConversationModel,
	MessageModel,
	UserModel,
	conversationKeyOf,
	privateMessageGroupKey,
	toMessageJSON,
	type Conversation,
	type ConversationLastMessage,
	type Message,
	type MessageJSON,
} from '#models/index'
import { type ConversationSummary } from '~/lib/chat'
import { ServerToClient, type ConversationsEvent } from '~/lib/live-events'
import { isDuplicateKeyError } from '~/lib/service-error'
import { forgetInRequest, rememberInRequest, sharedInRequest } from '~/platform/request-context.server'
import { live } from '~/platform/live.server'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'
import { markGroupRead, notify } from '~/services/notifications/notifications.server'
import { unreadConversationsKey } from '~/services/account/users.server'
import { publicAssetUrl } from '~/platform/public-pictures.server'

/**
 * The read state of private messages (product §2 "Messages"): which
 * conversations hold messages the member has not read, the list of their
 * conversations, and what happens when a private message arrives. A message
 * is unread until its recipient opens the conversation (the page, or its
 * history call) or has it open when the message comes (docs/decisions/101).
 *
 * Lists and counts read each member's conversation entries (models/conversation.ts,
 * docs/decisions/087), which this module alone writes as messages are stored
 * and read: never an aggregation over the messages on a page's way.
 */

/** product §9: the conversations list shows the most recent ones only. */
export const CONVERSATION_LIST_LIMIT = 50

/** Who a conversation is with, as its list line shows them. */
export type ConversationPerson = { id: number; username: string; name: string; avatar?: string | null }
export const CONVERSATION_PERSON_FIELDS = 'id username name avatar'

/** A member's entries with unread messages in them. */
const unreadEntriesOf = (ownerId: number) => ({ ownerId, unreadCount: mongoose.trusted({ $gt: 0 }) })

/** The member's entry for their conversation with `otherUserId`, if they have one. */
function findEntry(ownerId: number, otherUserId: number): Promise<Pick<Conversation, 'unreadCount'> | null> {
	return ConversationModel.findOne({ ownerId, otherUserId })
		.select('unreadCount')
		.lean<Pick<Conversation, 'unreadCount'>>()
}

/** An entry's unread count as shown: a read can be counted just before the message it read (see recordPrivateMessage). */
const shownUnread = (entry: Pick<Conversation, 'unreadCount'> | null | undefined) =>
	Math.max(0, entry?.unreadCount ?? 0)

/**
 * The Messages badge: how many conversations hold a message the member has
 * not read. Pages read the count stored with the account (docs/decisions/084),
 * which came with the account's own read when the layout asked for it; an
 * account that has none yet gets it counted and stored.
 */
export async function countUnreadConversations(userId: number): Promise<number> {
	const stored = await sharedInRequest(unreadConversationsKey(userId), async () => {
		const user = await UserModel.findOne({ id: userId })
			.select('unreadConversations')
			.lean<{ unreadConversations?: number | null }>()
		return user?.unreadConversations ?? null
	})
	return stored ?? (await refreshUnreadConversations(userId))
}

/** Attempts at storing a fresh count before giving up to the next recount (each attempt lost to a newer one). */
const RECOUNT_ATTEMPTS = 5

/**
 * Counts the member's unread conversations from their entries (one indexed
 * read of the member's own entries) and stores the count with the account.
 * Two recounts racing (a message arriving as another is read) cannot leave
 * the older answer behind: a count is stored only if no other recount
 * stored one since it started, else it counts again. Answers the count.
 */
export async function refreshUnreadConversations(userId: number): Promise<number> {
	for (let attempt = 1; ; attempt++) {
		const account = await UserModel.findOne({ id: userId }).select('inboxVersion').lean<{ inboxVersion?: number }>()
		const unread = await ConversationModel.countDocuments(unreadEntriesOf(userId))
		if (!account) return unread
		const stored = await UserModel.updateOne(
			{ id: userId, inboxVersion: account.inboxVersion ?? null },
			{ $set: { unreadConversations: unread, inboxVersion: (account.inboxVersion ?? 0) + 1 } },
		)
		if (stored.modifiedCount === 1 || attempt === RECOUNT_ATTEMPTS) {
			// This request may already hold the count it read with the account: later reads in it see the new one.
			forgetInRequest(unreadConversationsKey(userId))
			rememberInRequest(unreadConversationsKey(userId), unread)
			return unread
		}
	}
}

/**
 * The member's conversations, most recent first (at most
 * CONVERSATION_LIST_LIMIT), each with the other person, the last message and
 * how many of its messages are unread: the member's newest entries, then
 * their last messages and the people, by id.
 */
export async function listConversations(userId: number): Promise<ConversationSummary[]> {
	const entries = await ConversationModel.find({ ownerId: userId })
		.sort({ lastMessageId: -1 })
		.limit(CONVERSATION_LIST_LIMIT)
		.select('otherUserId lastMessageId unreadCount lastMessage')
		.lean<Array<Pick<Conversation, 'otherUserId' | 'lastMessageId' | 'unreadCount' | 'lastMessage'>>>()
	if (entries.length === 0) return []
	const [lastMessages, people, blockedIds] = await Promise.all([
		lastMessagesOf(entries),
		UserModel.find({ id: mongoose.trusted({ $in: entries.map((entry) => entry.otherUserId) }) })
			.select(CONVERSATION_PERSON_FIELDS)
			.lean<ConversationPerson[]>(),
		// A member the viewer blocked leaves their lists (product §6 "Blocking").
		blockedUserIds(userId),
	])
	const personById = new Map(people.map((person) => [person.id, person]))
	const blocked = new Set(blockedIds)
	return entries.flatMap((entry) => {
		const message = lastMessages.get(entry.lastMessageId)
		const person = personById.get(entry.otherUserId)
		// A conversation with an account that is gone is not listed, nor one with someone blocked.
		if (!message || !person || blocked.has(person.id)) return []
		return [summaryOf(message, person, shownUnread(entry))]
	})
}

/**
 * Each entry's last message as the list shows it: the one the entry holds,
 * or, where it holds none or an older one (written before the entry's
 * `lastMessageId` moved, or before entries held it), read from the messages,
 * through the public shape: a deleted message shows as deleted, never its
 * words.
 */
async function lastMessagesOf(
	entries: Array<Pick<Conversation, 'lastMessageId' | 'lastMessage'>>,
): Promise<Map<number, ConversationLastMessage>> {
	const held = new Map<number, ConversationLastMessage>()
	for (const { lastMessageId, lastMessage } of entries)
		if (lastMessage && lastMessage.id === lastMessageId) held.set(lastMessageId, lastMessage)
	const missing = entries.map((entry) => entry.lastMessageId).filter((id) => id > 0 && !held.has(id))
	if (missing.length > 0) {
		const messages = await MessageModel.find({ id: mongoose.trusted({ $in: missing }) }).lean<Message[]>()
		for (const message of messages) held.set(message.id, lastMessageOf(toMessageJSON(message)))
	}
	return held
}

/** A private message as its conversation's entries hold it (models/conversation.ts). */
function lastMessageOf(
	message: Pick<MessageJSON, 'id' | 'senderId' | 'content' | 'createdAt'>,
): ConversationLastMessage {
	return {
		id: message.id,
		senderId: message.senderId,
		content: message.content,
		createdAt: new Date(message.createdAt),
	}
}

function summaryOf(
	message: Pick<MessageJSON, 'id' | 'senderId' | 'content'> & { createdAt: string | Date },
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
		// Exactly the messages this call read leave the count (not "set it to 0": one stored meanwhile is still unread).
		if (result.modifiedCount > 0) await countRead(userId, otherUserId, result.modifiedCount)
		const notificationRead = await markGroupRead(userId, privateMessageGroupKey(otherUserId))
		if (result.modifiedCount > 0 || notificationRead) await tellConversations(userId)
	})
}

async function tellConversations(userId: number, conversation?: ConversationSummary) {
	const event: ConversationsEvent = {
		unreadCount: await refreshUnreadConversations(userId),
		...(conversation ? { conversation } : {}),
	}
	live.emitToUser(userId, ServerToClient.conversations, event)
}

/** `read` messages of the member's conversation with `otherUserId` were just marked read. */
async function countRead(ownerId: number, otherUserId: number, read: number) {
	await ConversationModel.updateOne({ ownerId, otherUserId }, { $inc: { unreadCount: -read } })
}

/**
 * Before a private message is stored (in its conversation's order): both
 * people's entries exist, so a read that lands between the message's insert
 * and recordPrivateMessage always finds the entry its count comes off (a
 * read that found none would lose its decrement, and the message's +1 would
 * then count it unread for good). A new entry points at no message yet
 * (lastMessageId 0), so lists skip it until its first message is stored.
 */
export async function openConversationEntries(senderId: number, recipientId: number): Promise<void> {
	const opened = { $setOnInsert: { lastMessageId: 0, unreadCount: 0, updatedAt: new Date() } }
	await Promise.all([
		ConversationModel.updateOne({ ownerId: senderId, otherUserId: recipientId }, opened, { upsert: true }),
		ConversationModel.updateOne({ ownerId: recipientId, otherUserId: senderId }, opened, { upsert: true }),
	])
}

/**
 * A private message was just stored (in its conversation's order): both
 * people's entries move to it, and the recipient's counts it unread. The
 * entries stay true whatever the order of a store and a read of the same
 * conversation: each message adds 1 once, and each read takes away the
 * number of messages it marked read; a read that lands between a message's
 * insert and this call shows as -1 for that moment, which reads as 0 (the
 * entries exist by then: openConversationEntries).
 */
export async function recordPrivateMessage(message: MessageJSON): Promise<void> {
	const recipientId = message.recipientId!
	const updatedAt = new Date()
	await Promise.all([
		ConversationModel.updateOne(
			{ ownerId: message.senderId, otherUserId: recipientId },
			{ $max: { lastMessageId: message.id }, $set: { updatedAt }, $setOnInsert: { unreadCount: 0 } },
			{ upsert: true },
		),
		ConversationModel.updateOne(
			{ ownerId: recipientId, otherUserId: message.senderId },
			{ $max: { lastMessageId: message.id }, $inc: { unreadCount: 1 }, $set: { updatedAt } },
			{ upsert: true },
		),
	])
	// Then the words the lists show, on the entries this message is now the last of (a newer one's are left alone).
	await holdLastMessage(message)
}

/**
 * The entries whose last message this is hold it as it is now: after it is
 * stored, and again after each edit or deletion of it (in its
 * conversation's order, so never over a newer message's).
 */
export async function holdLastMessage(message: MessageJSON): Promise<void> {
	const pair = mongoose.trusted({ $in: [message.senderId, message.recipientId!] })
	await ConversationModel.updateMany(
		{ ownerId: pair, otherUserId: pair, lastMessageId: message.id },
		{ $set: { lastMessage: lastMessageOf(message) } },
	)
}

/**
 * After a private message is stored and delivered: if its recipient has the
 * conversation open, it is read at once; otherwise it is announced with one
 * notification per conversation while unread (groupKey). Both people's open
 * pages get their conversation list's new line and count.
 */
export async function afterPrivateMessage(
	message: MessageJSON,
	sender: { id: number; name: string },
	recipient: ConversationPerson,
): Promise<void> {
	const recipientId = recipient.id
	const senderAccount = await UserModel.findOne({ id: sender.id })
		.select(CONVERSATION_PERSON_FIELDS)
		.lean<ConversationPerson>()
	if (!senderAccount) return
	if (await live.isViewingConversation(recipientId, sender.id)) {
		// `isPrivate` names it a private message: no room's cached page changes (models/message.ts).
		const read = await MessageModel.updateOne(
			{ id: message.id, isPrivate: true, readAt: null },
			{ $set: { readAt: new Date() } },
		)
		if (read.modifiedCount > 0) await countRead(recipientId, sender.id, 1)
	} else {
		await notify(recipientId, {
			kind: 'private_message',
			title: `New message from ${sender.name}`,
			text: preview(message.content),
			link: `/messages?userId=${sender.id}`,
			groupKey: privateMessageGroupKey(sender.id),
			sourceMessageId: message.id,
			fromUserId: sender.id,
		})
	}
	const [recipientUnread, recipientEntry, senderEntry] = await Promise.all([
		refreshUnreadConversations(recipientId),
		findEntry(recipientId, sender.id),
		findEntry(sender.id, recipientId),
	])
	live.emitToUser(recipientId, ServerToClient.conversations, {
		unreadCount: recipientUnread,
		conversation: summaryOf(message, senderAccount, shownUnread(recipientEntry)),
	})
	// The sender's own unread count did not change: their badge keeps its stored count.
	live.emitToUser(sender.id, ServerToClient.conversations, {
		unreadCount: await countUnreadConversations(sender.id),
		conversation: summaryOf(message, recipient, shownUnread(senderEntry)),
	})
}

/**
 * A deleted account's conversation entries go (decision 125): its own, and
 * every other member's entry naming it, so its conversations leave their
 * lists; whoever had unread messages from it gets their badge counted again.
 * Runs after the account's private messages are deleted, so running the
 * deletion again after a failure still finds whom to recount.
 */
export async function deleteConversationEntriesOf(userId: number): Promise<void> {
	const waiting = await ConversationModel.find({ otherUserId: userId, unreadCount: mongoose.trusted({ $gt: 0 }) })
		.select('ownerId')
		.lean<Array<Pick<Conversation, 'ownerId'>>>()
	await ConversationModel.deleteMany({ $or: [{ ownerId: userId }, { otherUserId: userId }] })
	for (const { ownerId } of waiting) await refreshUnreadConversations(ownerId)
}

/** How many entries one rebuild writes at a time. */
const REBUILD_BATCH = 5_000

/**
 * (Re)builds every member's conversation entries from the private messages,
 * the truth: for a database whose messages were written directly (the demo
 * and bench seeds) or before entries existed (an upgrade). Two aggregations
 * over the private messages, run once; not while members are writing (a
 * message stored during the rebuild may be left out until its next one).
 * Every stored Messages badge is dropped, to be counted again from the
 * entries on the account's next page. Answers how many entries it wrote.
 */
export async function rebuildConversationEntries(): Promise<number> {
	type Pair = { senderId: number; recipientId: number }
	// Each direction's last message, whole: newest first, the first of each pair. (Reading the last messages by id
	// afterwards, a `$in` of thousands of ids, takes the emulator minutes on a million messages.)
	const [latest, unread] = await Promise.all([
		MessageModel.aggregate<{ _id: Pair; last: Message }>([
			{ $match: { isPrivate: true } },
			{ $sort: { id: -1 } },
			{ $group: { _id: { senderId: '$senderId', recipientId: '$recipientId' }, last: { $first: '$$ROOT' } } },
		]).allowDiskUse(true),
		MessageModel.aggregate<{ _id: Pair; count: number }>([
			{ $match: { isPrivate: true, readAt: null } },
			{ $group: { _id: { senderId: '$senderId', recipientId: '$recipientId' }, count: { $sum: 1 } } },
		]),
	])
	const entries = new Map<string, Omit<Conversation, 'updatedAt'>>()
	const entryOf = (ownerId: number, otherUserId: number) => {
		const key = `${ownerId}:${otherUserId}`
		let entry = entries.get(key)
		if (!entry)
			entries.set(key, (entry = { ownerId, otherUserId, lastMessageId: 0, unreadCount: 0, lastMessage: null }))
		return entry
	}
	for (const { _id, last } of latest) {
		if (typeof _id.recipientId !== 'number') continue
		for (const entry of [entryOf(_id.senderId, _id.recipientId), entryOf(_id.recipientId, _id.senderId)]) {
			// The conversation's last message is the newer of its two directions' last ones.
			if (last.id > entry.lastMessageId)
				Object.assign(entry, { lastMessageId: last.id, lastMessage: lastMessageOf(toMessageJSON(last)) })
		}
	}
	for (const { _id, count } of unread) {
		if (typeof _id.recipientId === 'number') entryOf(_id.recipientId, _id.senderId).unreadCount = count
	}
	await ConversationModel.deleteMany({})
	const rows = [...entries.values()]
	const updatedAt = new Date()
	for (let start = 0; start < rows.length; start += REBUILD_BATCH) {
		try {
			await ConversationModel.insertMany(
				rows.slice(start, start + REBUILD_BATCH).map((row) => ({ ...row, updatedAt })),
				{ ordered: false, lean: true },
			)
		} catch (error) {
			// Another process rebuilding at the same moment wrote the same entries first (MongoDB's unique index).
			if (!isDuplicateKeyError(error)) throw error
		}
	}
	await UserModel.updateMany({}, { $set: { unreadConversations: null } })
	return rows.length
}

/**
 * At start-up: a database with private messages but no entries (written
 * before entries existed) gets them built once. Two cheap reads otherwise.
 */
export async function ensureConversationEntries(): Promise<number | null> {
	if (await ConversationModel.exists({})) return null
	if (!(await MessageModel.exists({ isPrivate: true }))) return null
	return rebuildConversationEntries()
}

/** The first line or so of a message, for a notification or a contact list. */
export function preview(content: string, length = 140): string {
	const flat = content.replace(/\s+/g, ' ').trim()
	return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat
}
