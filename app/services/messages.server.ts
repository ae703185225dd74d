import mongoose from 'mongoose'
import {
	CommunityModel,
	MessageModel,
	UserModel,
	conversationKeyOf,
	reserveIds,
	toMessageJSON,
	type Message,
	type MessageJSON,
	type UserJSON,
} from '#models/index'
import { HISTORY_PAGE_SIZE, MessageContentSchema } from '~/lib/chat'
import { createOrderedTasks } from '~/lib/ordered-tasks.server'
import { singleton } from '~/lib/singleton.server'
import { isPremium } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import { live } from './live.server'
import { notifyMentions } from './mentions.server'
import { afterPrivateMessage, markConversationRead } from './private-inbox.server'
import { createRateLimiter } from './rate-limit.server'

/**
 * Chat messages: the one place that stores, delivers and reads them. The
 * socket handlers, the no-JavaScript forms and the JSON history routes all
 * call these functions, which enforce product §6 (free accounts read community
 * rooms but cannot post; private history only for its two participants).
 */

export const PREMIUM_REQUIRED = 'Community chat is read-only for free accounts. Upgrade to Premium to join the conversation.'
export const SENDING_TOO_FAST = 'You are sending messages too quickly. Please wait a few seconds and try again.'
export const COMMUNITY_NOT_FOUND = 'Community not found'
export const RECIPIENT_NOT_FOUND = 'Recipient not found'
export const NO_SELF_MESSAGES = 'You cannot send a private message to yourself'
/** The name shown for a message whose sender's account was deleted (docs/decisions/125). */
export const DELETED_MEMBER = 'Deleted member'

/** docs/decisions/022-chat-rate-limit.md and 135: 10 messages in 10 seconds per user, socket and form together. */
export const RATE_LIMIT = { name: 'chat-send', limit: 10, windowMs: 10_000 } as const
/** docs/decisions/020-message-ids-in-blocks.md */
const ID_BLOCK_SIZE = 100

/** The acting user, as every caller has it (a page's `requireUser`, the socket's fresh read). */
export type ChatActor = Pick<UserJSON, 'id' | 'name' | 'subscriptionStatus'>
export type ChatViewer = Pick<UserJSON, 'id'>

export interface HistoryCursor {
	/** Messages older than this id (scrolling back). */
	before?: number
	/** Messages newer than this id (catching up after a reconnect). */
	after?: number
}

export interface History {
	/** Oldest first. */
	messages: MessageJSON[]
	/** Whether more messages lie beyond this page in the cursor's direction. */
	hasMore: boolean
}

/**
 * Message ids come from the `messages` counter in blocks, so storing a
 * message is one insert and nothing else; the next block is reserved in the
 * background before this one runs out. Shared by both server bundles.
 */
const nextMessageId = singleton('message-id-blocks', () => {
	const ranges: Array<{ next: number; last: number }> = []
	let refilling: Promise<void> | null = null
	const remaining = () => ranges.reduce((sum, range) => sum + range.last - range.next + 1, 0)
	const refill = () =>
		(refilling ??= reserveIds('messages', ID_BLOCK_SIZE)
			.then((ids) => void ranges.push({ next: ids[0]!, last: ids[ids.length - 1]! }))
			.finally(() => {
				refilling = null
			}))

	return async function nextMessageId(): Promise<number> {
		while (remaining() === 0) await refill()
		const range = ranges[0]!
		const id = range.next++
		if (range.next > range.last) ranges.shift()
		if (remaining() < ID_BLOCK_SIZE / 4) refill().catch(() => {}) // a failure here is retried by the next message
		return id
	}
})

const sendLimiter = singleton('chat-send-limiter', () => createRateLimiter(RATE_LIMIT))
/** One room's (or conversation's) messages are numbered, stored and delivered strictly one after another. */
const runInRoomOrder = singleton('chat-room-order', () => createOrderedTasks())

function parseContent(content: unknown): string {
	const result = MessageContentSchema.safeParse(content)
	if (!result.success) throw new ServiceError(result.error.issues[0]!.message, 400, 'content')
	return result.data
}

async function assertNotFlooding(actor: ChatActor) {
	if (!(await sendLimiter.consume(actor.id)).allowed) throw new ServiceError(SENDING_TOO_FAST, 429, 'content')
}

/** Numbers, stores (the one database write) and delivers a message, in its room's order. */
function storeAndDeliver(roomKey: string, message: Omit<Message, 'id' | 'createdAt'>, senderName: string): Promise<MessageJSON> {
	return runInRoomOrder(roomKey, async () => {
		const stored = await MessageModel.create({ ...message, id: await nextMessageId(), createdAt: new Date() })
		const json = toMessageJSON(stored.toObject(), senderName)
		live.deliverMessage(json)
		return json
	})
}

/** Posts to a community room: premium accounts only (product §6). */
export async function sendCommunityMessage(actor: ChatActor, input: { communityId: number; content: string }): Promise<MessageJSON> {
	const content = parseContent(input.content)
	if (!isPremium(actor)) throw new ServiceError(PREMIUM_REQUIRED, 403)
	await assertNotFlooding(actor)
	const community = await CommunityModel.findOne({ id: input.communityId }).select('id name').lean<{ id: number; name: string }>()
	if (!community) throw new ServiceError(COMMUNITY_NOT_FOUND, 404)
	const message = await storeAndDeliver(
		`community:${input.communityId}`,
		{ content, senderId: actor.id, communityId: input.communityId, recipientId: null, conversationKey: null, isPrivate: false },
		actor.name,
	)
	await afterDelivery('mentions', () => notifyMentions(message, actor, community))
	return message
}

/**
 * What follows a stored message (notifications, unread counts) never makes
 * the send fail: the message is stored and delivered, and a retry would
 * send it twice. A failure is logged.
 */
async function afterDelivery(what: string, work: () => Promise<void>) {
	try {
		await work()
	} catch (error) {
		console.error(`After a chat message (${what}):`, error)
	}
}

/** Sends a private message: open to every logged-in user (product §6). */
export async function sendPrivateMessage(actor: ChatActor, input: { recipientId: number; content: string }): Promise<MessageJSON> {
	const content = parseContent(input.content)
	if (input.recipientId === actor.id) throw new ServiceError(NO_SELF_MESSAGES, 400)
	await assertNotFlooding(actor)
	if (!(await UserModel.exists({ id: input.recipientId }))) throw new ServiceError(RECIPIENT_NOT_FOUND, 404)
	const conversationKey = conversationKeyOf(actor.id, input.recipientId)
	const message = await storeAndDeliver(
		`conversation:${conversationKey}`,
		{ content, senderId: actor.id, recipientId: input.recipientId, communityId: null, conversationKey, isPrivate: true },
		actor.name,
	)
	await afterDelivery('read state', () => afterPrivateMessage(message, actor))
	return message
}

/** A room's history: every logged-in user may read every room (free accounts read-only). */
export async function getCommunityHistory(_viewer: ChatViewer, communityId: number, cursor: HistoryCursor = {}): Promise<History> {
	if (!(await CommunityModel.exists({ id: communityId }))) throw new ServiceError(COMMUNITY_NOT_FOUND, 404)
	return readHistory({ communityId }, cursor)
}

/** The viewer's conversation with another user: by construction nobody else's. */
export async function getPrivateHistory(viewer: ChatViewer, otherUserId: number, cursor: HistoryCursor = {}): Promise<History> {
	if (otherUserId === viewer.id) throw new ServiceError(NO_SELF_MESSAGES, 400)
	if (!(await UserModel.exists({ id: otherUserId }))) throw new ServiceError('User not found', 404)
	const history = await readHistory({ conversationKey: conversationKeyOf(viewer.id, otherUserId) }, cursor)
	// Opening a conversation reads it (product §2 "Messages").
	await markConversationRead(viewer.id, otherUserId)
	return history
}

/** Reads `?before=` / `?after=` (a message id each; one at a time). */
export function parseHistoryCursor(params: URLSearchParams): HistoryCursor {
	const cursor: HistoryCursor = {}
	for (const name of ['before', 'after'] as const) {
		const value = params.get(name)
		if (value === null || value === '') continue
		if (!/^\d{1,15}$/.test(value)) throw new ServiceError(`${name} must be a message id`, 400, name)
		cursor[name] = Number(value)
	}
	if (cursor.before !== undefined && cursor.after !== undefined) {
		throw new ServiceError('Use either before or after, not both', 400)
	}
	return cursor
}

/**
 * One page of a room or conversation, oldest first. Without a cursor it is
 * the latest page; `before` pages back, `after` pages forward. One query for
 * the page (on the `{communityId|conversationKey, id}` indexes), one for the
 * names of all its senders.
 */
async function readHistory(scope: { communityId: number } | { conversationKey: string }, cursor: HistoryCursor): Promise<History> {
	const forward = cursor.after !== undefined
	const filter: Record<string, unknown> = { ...scope }
	if (forward) filter.id = mongoose.trusted({ $gt: cursor.after })
	else if (cursor.before !== undefined) filter.id = mongoose.trusted({ $lt: cursor.before })
	const rows = await MessageModel.find(filter)
		.sort({ id: forward ? 1 : -1 })
		.limit(HISTORY_PAGE_SIZE + 1)
		.lean<Message[]>()
	const hasMore = rows.length > HISTORY_PAGE_SIZE
	const page = rows.slice(0, HISTORY_PAGE_SIZE)
	if (!forward) page.reverse()
	return { messages: await withSenderNames(page), hasMore }
}

async function withSenderNames(messages: Message[]): Promise<MessageJSON[]> {
	const senderIds = [...new Set(messages.map((message) => message.senderId))]
	const senders = senderIds.length
		? await UserModel.find({ id: mongoose.trusted({ $in: senderIds }) }).select('id name').lean<Array<{ id: number; name: string }>>()
		: []
	const names = new Map(senders.map((sender) => [sender.id, sender.name]))
	return messages.map((message) => toMessageJSON(message, names.get(message.senderId) ?? DELETED_MEMBER))
}
