import mongoose from 'mongoose'
import {
	CommunityModel,
	MessageModel,
	UserModel,
	conversationKeyOf,
	nextId,
	toMessageJSON,
	type Message,
	type MessageJSON,
	type Role,
	type UserJSON,
} from '#models/index'
import { HISTORY_PAGE_SIZE } from '~/lib/chat'
import { MessageContentSchema } from '~/lib/chat-schemas'
import {
	DELETED_BY_AUTHOR_TEXT,
	REMOVED_BY_MODERATOR_TEXT,
	CANNOT_MODERATE_STAFF,
	EDIT_WINDOW_PASSED,
	MESSAGE_ALREADY_DELETED,
	MESSAGE_NOT_FOUND,
	NOT_YOUR_MESSAGE,
	isWithinEditWindow,
} from '~/lib/moderation'
import { singleton } from '~/platform/singleton.server'
import { ServiceError } from '~/lib/service-error'
import { noteActivity } from '~/services/account/activity.server'
import { recordAudit } from '~/services/admin/audit.server'
import { assertMayMessage } from '~/services/moderation/blocks.server'
import { live } from '~/platform/live.server'
import { notifyMentions } from '~/services/chat/mentions.server'
import {
	CONVERSATION_PERSON_FIELDS,
	afterPrivateMessage,
	holdLastMessage,
	markConversationRead,
	openConversationEntries,
	preview,
	recordPrivateMessage,
	type ConversationPerson,
} from '~/services/chat/private-inbox.server'
import { reviseQuotedMessage } from '~/services/notifications/notifications.server'
import { assertNotMuted } from '~/services/moderation/mutes.server'
import { assertMayTakePart } from '~/services/moderation/participation.server'
import { isModerator, type Actor } from '~/services/permissions.server'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { heldRead } from '~/platform/held-reads.server'
import { runInRoomOrder } from '~/platform/room-order.server'
import { podAccessOf, podAudience } from '~/services/pods/access.server'
import { communityDocument } from '~/services/community/memberships.server'

/**
 * Chat messages: the one place that stores, delivers and reads them. The
 * socket handlers, the no-JavaScript forms and the JSON history routes all
 * call these functions, which enforce product §6 (free accounts read community
 * rooms but cannot post; private history only for its two participants).
 */

export const PREMIUM_REQUIRED =
	'Community chat is read-only for free accounts. Upgrade to Premium to join the conversation.'
export const SENDING_TOO_FAST = 'You are sending messages too quickly. Please wait a few seconds and try again.'
export const COMMUNITY_NOT_FOUND = 'Community not found'
export const RECIPIENT_NOT_FOUND = 'Recipient not found'
export const NO_SELF_MESSAGES = 'You cannot send a private message to yourself'
/** The name shown for a message whose sender's account was deleted (docs/decisions/125). */
export const DELETED_MEMBER = 'Deleted member'

/** docs/decisions/022-chat-rate-limit.md and 135: 10 messages in 10 seconds per user, socket and form together. */
export const RATE_LIMIT = { name: 'chat-send', limit: 10, windowMs: 10_000 } as const
/** Edits have a limit of their own, as large: correcting a typo never costs a message (decision 110). */
export const EDIT_RATE_LIMIT = { name: 'chat-edit', limit: 10, windowMs: 10_000 } as const

/** The acting user, as every caller has it (a page's `requireUser`, the socket's fresh read). */
export type ChatActor = Pick<UserJSON, 'id' | 'name' | 'subscriptionStatus'>
export type ChatViewer = Pick<UserJSON, 'id' | 'subscriptionStatus'>

/** A room as the chat's access rule found it; `audience` is set for a pod's room: who alone may receive its messages. */
export interface RoomAccess {
	room: { id: number; name: string; historyVersion?: string | null; podId: number | null }
	audience: number[] | null
}

/**
 * The chat's one access rule for a room (product §6, §2 "Peer pods",
 * docs/decisions/211). Every logged-in member reads every community room;
 * a peer pod's room is its members' alone: anyone else, staff included, is
 * told the room does not exist, in pages, JSON history, sends, edits,
 * deletions, reports and the socket alike. Writing in a pod's room needs
 * the pod to be running and the member to hold Premium.
 */
export async function roomAccess(
	viewer: ChatViewer,
	communityId: number,
	mode: 'read' | 'write',
	now = new Date(),
): Promise<RoomAccess> {
	const community = await communityDocument(communityId)
	if (!community) throw new ServiceError(COMMUNITY_NOT_FOUND, 404)
	const { id, name, historyVersion } = community
	const room = { id, name, historyVersion, podId: community.podId ?? null }
	if (room.podId == null) return { room, audience: null }
	const access = await podAccessOf(viewer, room.podId, now)
	if (!access) throw new ServiceError(COMMUNITY_NOT_FOUND, 404)
	if (mode === 'write' && !access.canWrite) throw new ServiceError(access.readOnlyReason!, 403)
	return { room, audience: await podAudience(room.podId) }
}

/**
 * Where a typing notice in a room may go: null for a community room (everyone
 * reading it), a pod room's members for a pod's; nowhere for anyone outside
 * that pod (404).
 */
export async function typingAudience(userId: number, communityId: number): Promise<number[] | null> {
	const audience = await audienceOfRoom(communityId)
	if (audience && !audience.includes(userId)) throw new ServiceError(COMMUNITY_NOT_FOUND, 404)
	return audience
}

/** Who alone receives a room's messages live: a pod room's members; null for a community room (everyone reading it). */
export async function audienceOfRoom(communityId: number | null): Promise<number[] | null> {
	if (communityId === null) return null
	const room = await CommunityModel.findOne({ id: communityId }).select('podId').lean<{ podId?: number | null }>()
	return room?.podId == null ? null : podAudience(room.podId)
}

export interface HistoryCursor {
	/** Messages older than this id (scrolling back). */
	before?: number
	/** Messages newer than this id (catching up after a reconnect). */
	after?: number
	/** Messages edited or deleted after this revision, by revision (catching up on changes: decision 110). */
	changedAfter?: number
}

export interface History {
	/** Oldest first (by revision for `changedAfter`). */
	messages: MessageJSON[]
	/** Whether more messages lie beyond this page in the cursor's direction. */
	hasMore: boolean
	/** The highest revision of the room or conversation when it was read: where a client starts catching up on changes. */
	changeCursor: number
}

const sendLimiter = singleton('chat-send-limiter', () => createRateLimiter(RATE_LIMIT))
const editLimiter = singleton('chat-edit-limiter', () => createRateLimiter(EDIT_RATE_LIMIT))

function parseContent(content: unknown): string {
	const result = MessageContentSchema.safeParse(content)
	if (!result.success) throw new ServiceError(result.error.issues[0]!.message, 400, 'content')
	return result.data
}

async function assertNotFlooding(actor: ChatActor, limiter = sendLimiter) {
	if (!(await limiter.consume(actor.id)).allowed) throw new ServiceError(SENDING_TOO_FAST, 429, 'content')
}

/**
 * Numbers, stores (the one write of the message) and delivers a message, in
 * its room's order; a private message then moves its two conversation
 * entries, still in that order (docs/decisions/087).
 */
function storeAndDeliver(
	roomKey: string,
	message: Omit<Message, 'id' | 'createdAt'>,
	senderName: string,
	audience: number[] | null = null,
): Promise<MessageJSON> {
	return runInRoomOrder(roomKey, async (turn) => {
		if (message.isPrivate) await openConversationEntries(message.senderId, message.recipientId!)
		const stored = await MessageModel.create({ ...message, id: await turn.nextMessageId(), createdAt: new Date() })
		const json = toMessageJSON(stored.toObject(), senderName)
		live.deliverMessage(json, audience)
		if (json.isPrivate) await afterDelivery('conversation entries', () => recordPrivateMessage(json))
		return json
	})
}

/** Posts to a community room: premium accounts only (product §6). */
export async function sendCommunityMessage(
	actor: ChatActor,
	input: { communityId: number; content: string },
): Promise<MessageJSON> {
	const content = parseContent(input.content)
	const { room: community, audience } = await roomAccess(actor, input.communityId, 'write')
	await assertMayTakePart(actor, PREMIUM_REQUIRED)
	await assertNotFlooding(actor)
	noteActivity(actor.id)
	const message = await storeAndDeliver(
		`community:${input.communityId}`,
		{
			content,
			senderId: actor.id,
			communityId: input.communityId,
			recipientId: null,
			conversationKey: null,
			isPrivate: false,
		},
		actor.name,
		audience,
	)
	// A pod's words reach its members alone: a mention there would quote them to anyone named (decision 211).
	if (!audience) await afterDelivery('mentions', () => notifyMentions(message, actor, community))
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
export async function sendPrivateMessage(
	actor: ChatActor,
	input: { recipientId: number; content: string },
): Promise<MessageJSON> {
	const content = parseContent(input.content)
	if (input.recipientId === actor.id) throw new ServiceError(NO_SELF_MESSAGES, 400)
	await assertNotFlooding(actor)
	const recipient = await UserModel.findOne({ id: input.recipientId })
		.select(CONVERSATION_PERSON_FIELDS)
		.lean<ConversationPerson>()
	if (!recipient) throw new ServiceError(RECIPIENT_NOT_FOUND, 404)
	await assertMayMessage(actor.id, input.recipientId)
	noteActivity(actor.id)
	const conversationKey = conversationKeyOf(actor.id, input.recipientId)
	const message = await storeAndDeliver(
		`conversation:${conversationKey}`,
		{
			content,
			senderId: actor.id,
			recipientId: input.recipientId,
			communityId: null,
			conversationKey,
			isPrivate: true,
		},
		actor.name,
	)
	await afterDelivery('read state', () => afterPrivateMessage(message, actor, recipient))
	return message
}

/**
 * A room's history: every logged-in user may read every community room (free
 * accounts read-only); a pod's room only its members (roomAccess). The rule
 * is asked before the held read, so a cached page never reaches anyone else.
 */
export async function getCommunityHistory(
	viewer: ChatViewer,
	communityId: number,
	cursor: HistoryCursor = {},
): Promise<History> {
	const { room } = await roomAccess(viewer, communityId, 'read')
	const scope = { communityId }
	// The newest page, which every visit opens, is read once per change of the room or of a name (docs/decisions/089).
	if (isNewestPage(cursor) && room.historyVersion)
		return heldRead(`room:${communityId}`, room.historyVersion, () => readHistory(scope, cursor))
	return readHistory(scope, cursor)
}

function isNewestPage(cursor: HistoryCursor): boolean {
	return cursor.before === undefined && cursor.after === undefined && cursor.changedAfter === undefined
}

/** The viewer's conversation with another user: by construction nobody else's. */
export async function getPrivateHistory(
	viewer: ChatViewer,
	otherUserId: number,
	cursor: HistoryCursor = {},
	{ markRead = true }: { markRead?: boolean } = {},
): Promise<History> {
	if (otherUserId === viewer.id) throw new ServiceError(NO_SELF_MESSAGES, 400)
	if (!(await UserModel.exists({ id: otherUserId }))) throw new ServiceError('User not found', 404)
	const history = await readHistory({ conversationKey: conversationKeyOf(viewer.id, otherUserId) }, cursor)
	// Opening a conversation reads it (product §2 "Messages"); a read the page did not ask for (an image's) does not.
	if (markRead) await markConversationRead(viewer.id, otherUserId)
	return history
}

/** Reads `?before=` / `?after=` (a message id each) or `?changedAfter=` (a revision); one at a time. */
export function parseHistoryCursor(params: URLSearchParams): HistoryCursor {
	const cursor: HistoryCursor = {}
	for (const name of ['before', 'after', 'changedAfter'] as const) {
		const value = params.get(name)
		if (value === null || value === '') continue
		if (!/^\d{1,15}$/.test(value))
			throw new ServiceError(
				`${name} must be ${name === 'changedAfter' ? 'a revision number' : 'a message id'}`,
				400,
				name,
			)
		cursor[name] = Number(value)
	}
	if (Object.keys(cursor).length > 1) {
		throw new ServiceError(
			cursor.changedAfter === undefined ? 'Use either before or after, not both' : 'Use changedAfter on its own',
			400,
		)
	}
	return cursor
}

/**
 * One page of a room or conversation, oldest first. Without a cursor it is
 * the latest page; `before` pages back, `after` pages forward. One query for
 * the page (on the `{communityId|conversationKey, id}` indexes), one for the
 * names of all its senders.
 */
async function readHistory(scope: HistoryScope, cursor: HistoryCursor): Promise<History> {
	if (cursor.changedAfter !== undefined) return readChanges(scope, cursor.changedAfter)
	const forward = cursor.after !== undefined
	const filter: Record<string, unknown> = { ...scope }
	if (forward) filter.id = mongoose.trusted({ $gt: cursor.after })
	else if (cursor.before !== undefined) filter.id = mongoose.trusted({ $lt: cursor.before })
	// The change cursor first: a change made between the two reads is then fetched again by a client catching up,
	// where read after the page it would be counted as seen and missed.
	const changeCursor = forward ? 0 : await latestRevision(scope)
	const rows = await MessageModel.find(filter)
		.sort({ id: forward ? 1 : -1 })
		.limit(HISTORY_PAGE_SIZE + 1)
		.lean<Message[]>()
	const page = rows.slice(0, HISTORY_PAGE_SIZE)
	if (!forward) page.reverse()
	return { messages: await withSenderNames(page), hasMore: rows.length > HISTORY_PAGE_SIZE, changeCursor }
}

type HistoryScope = { communityId: number } | { conversationKey: string }

/** The messages of a room or conversation edited or deleted after a revision, 50 at a time, in the order they changed. */
async function readChanges(scope: HistoryScope, after: number): Promise<History> {
	const rows = await MessageModel.find({ ...scope, revision: mongoose.trusted({ $gt: after }) })
		.sort({ revision: 1 })
		.limit(HISTORY_PAGE_SIZE + 1)
		.lean<Message[]>()
	const page = rows.slice(0, HISTORY_PAGE_SIZE)
	return {
		messages: await withSenderNames(page),
		hasMore: rows.length > HISTORY_PAGE_SIZE,
		changeCursor: page.at(-1)?.revision ?? after,
	}
}

async function latestRevision(scope: HistoryScope): Promise<number> {
	const latest = await MessageModel.findOne(scope)
		.sort({ revision: -1 })
		.select('revision')
		.lean<Pick<Message, 'revision'>>()
	return latest?.revision ?? 0
}

async function withSenderNames(messages: Message[]): Promise<MessageJSON[]> {
	const senderIds = [...new Set(messages.map((message) => message.senderId))]
	const senders = senderIds.length
		? await UserModel.find({ id: mongoose.trusted({ $in: senderIds }) })
				.select('id name')
				.lean<Array<{ id: number; name: string }>>()
		: []
	const names = new Map(senders.map((sender) => [sender.id, sender.name]))
	return messages.map((message) => toMessageJSON(message, names.get(message.senderId) ?? DELETED_MEMBER))
}

// ---------------------------------------------------------------------------
// Corrections and moderation (product §6 "Chat people can correct", "Moderation")
// ---------------------------------------------------------------------------

/** Who is correcting or moderating: a member's id and role. */
export type MessageActor = Pick<Actor, 'id' | 'role'>

async function findMessage(messageId: number): Promise<Message> {
	const message = await MessageModel.findOne({ id: messageId }).lean<Message>()
	if (!message) throw new ServiceError(MESSAGE_NOT_FOUND, 404)
	if (message.deletedAt) throw new ServiceError(MESSAGE_ALREADY_DELETED, 409)
	return message
}

const roomKeyOf = (message: Message) =>
	message.isPrivate ? `conversation:${message.conversationKey}` : `community:${message.communityId}`

/**
 * Stores a change of a message (in its room's order, with a new revision)
 * and delivers the changed message live: `message_updated` or
 * `message_deleted` to everyone who may read it. Refused (409) when the
 * message was deleted meanwhile. `audience` is the room's live audience the
 * caller's access check already read (a pod room's members; null otherwise).
 */
function storeChange(
	message: Message,
	change: Partial<Pick<Message, 'content' | 'editedAt' | 'deletedAt' | 'deletedBy'>>,
	audience: number[] | null,
): Promise<MessageJSON> {
	return runInRoomOrder(roomKeyOf(message), async () => {
		const revision = await nextId('messageRevisions')
		const stored = await MessageModel.findOneAndUpdate(
			{ id: message.id, deletedAt: null },
			{ $set: { ...change, revision } },
			{ new: true },
		).lean<Message>()
		if (!stored) throw new ServiceError(MESSAGE_ALREADY_DELETED, 409)
		const [json] = await withSenderNames([stored])
		// Still in the conversation's order: the lists' line for it shows the change (docs/decisions/087).
		if (json!.isPrivate) await afterDelivery('conversation entries', () => holdLastMessage(json!))
		live.deliverMessageChange(json!, audience)
		await afterDelivery('quoting notifications', () => reviseQuotedMessage(json!.id, quotedText(json!)))
		return json!
	})
}

/** What a notification that quotes the message says now. */
function quotedText(message: MessageJSON): string {
	if (!message.deleted) return preview(message.content)
	return message.removedByModerator ? REMOVED_BY_MODERATOR_TEXT : DELETED_BY_AUTHOR_TEXT
}

/** The author checks of an edit or a deletion: their own message (403), within 15 minutes (409). */
function assertAuthorMayChange(actor: MessageActor, message: Message, now: number) {
	if (message.senderId !== actor.id) throw new ServiceError(NOT_YOUR_MESSAGE, 403)
	if (!isWithinEditWindow(message.createdAt, now)) throw new ServiceError(EDIT_WINDOW_PASSED, 409)
}

/**
 * PATCH /api/messages/{id}, the `edit_message` socket event and the edit
 * form: the author changes the text of their message within 15 minutes; it
 * shows '(edited)' from then on. A muted member cannot edit room messages.
 */
export async function editMessage(
	actor: ChatActor & MessageActor,
	messageId: number,
	content: string,
): Promise<MessageJSON> {
	const text = parseContent(content)
	const message = await findMessage(messageId)
	const audience = message.isPrivate ? null : (await roomAccess(actor, message.communityId!, 'write')).audience
	assertAuthorMayChange(actor, message, Date.now())
	if (!message.isPrivate) await assertNotMuted(actor.id)
	await assertNotFlooding(actor, editLimiter)
	if (text === message.content) return (await withSenderNames([message]))[0]!
	return storeChange(message, { content: text, editedAt: new Date() }, audience)
}

/**
 * DELETE /api/messages/{id}, the `delete_message` socket event and the
 * delete forms. The author deletes their own message within 15 minutes
 * ('Message deleted'); a moderator or admin deletes any room message
 * ('Removed by a moderator'), except that a moderator cannot remove an
 * admin's or another moderator's (403). A private message is removed by a
 * moderator only through a report on it (`viaReport`). The record stays,
 * with its words, for the reports that point at it (decision 110).
 */
export async function deleteMessage(
	actor: MessageActor,
	messageId: number,
	{ viaReport = false } = {},
): Promise<MessageJSON> {
	const message = await findMessage(messageId)
	// A pod's messages are its members' alone: to anyone else they do not exist, but through a report (decision 211).
	const pod = message.isPrivate ? null : await audienceOfRoom(message.communityId ?? null)
	if (pod && !viaReport && !pod.includes(actor.id)) throw new ServiceError(MESSAGE_NOT_FOUND, 404)
	const now = Date.now()
	const authorWithinWindow = message.senderId === actor.id && isWithinEditWindow(message.createdAt, now)
	if (authorWithinWindow || !isModerator(actor)) {
		assertAuthorMayChange(actor, message, now)
		return storeChange(message, { deletedAt: new Date(now), deletedBy: actor.id }, pod)
	}
	// Someone else's private message, or a pod's: only through a report on it.
	if ((message.isPrivate || pod) && !viaReport) assertAuthorMayChange(actor, message, now)
	const sender = await UserModel.findOne({ id: message.senderId })
		.select('name role')
		.lean<{ name: string; role: Role }>()
	if (
		actor.role === 'moderator' &&
		message.senderId !== actor.id &&
		(sender?.role === 'admin' || sender?.role === 'moderator')
	) {
		throw new ServiceError(CANNOT_MODERATE_STAFF, 403)
	}
	const deleted = await storeChange(message, { deletedAt: new Date(now), deletedBy: actor.id }, pod)
	const senderName = sender?.name ?? DELETED_MEMBER
	await recordAudit(actor, {
		kind: 'message.deleted',
		target: { type: 'message', id: message.id, label: `Message by ${senderName}` },
		summary: `Removed a message by ${senderName}${message.isPrivate ? ' (a reported private message)' : ` in room ${message.communityId}`}`,
		before: { content: message.content },
	})
	return deleted
}

/** A message as moderators see it (a report's evidence): its words even when deleted, and where it is. */
export interface ModeratedMessage {
	id: number
	content: string
	senderId: number
	senderName: string
	communityId: number | null
	recipientId: number | null
	isPrivate: boolean
	createdAt: string
	editedAt: string | null
	deleted: boolean
}

function toModeratedMessage(message: Message, senderName: string): ModeratedMessage {
	const json = toMessageJSON({ ...message, deletedAt: null }, senderName)
	return {
		id: json.id,
		content: json.content,
		senderId: json.senderId,
		senderName,
		communityId: json.communityId,
		recipientId: json.recipientId,
		isPrivate: json.isPrivate,
		createdAt: json.createdAt,
		editedAt: json.editedAt,
		deleted: Boolean(message.deletedAt),
	}
}

/** For the report service: one message with its words, deleted or not; null when there is none. */
export async function findMessageForModeration(
	messageId: number,
): Promise<(ModeratedMessage & { conversationKey: string | null }) | null> {
	const message = await MessageModel.findOne({ id: messageId }).lean<Message>()
	if (!message) return null
	const [named] = await withSenderNames([message])
	return {
		...toModeratedMessage(message, named!.senderName ?? DELETED_MEMBER),
		conversationKey: message.conversationKey ?? null,
	}
}

/** The messages just before and after one (the moderation queue's context), oldest first. */
export async function messagesAround(
	messageId: number,
	scope: { communityId: number } | { conversationKey: string },
	count = 2,
): Promise<ModeratedMessage[]> {
	const [before, after] = await Promise.all([
		MessageModel.find({ ...scope, id: mongoose.trusted({ $lt: messageId }) })
			.sort({ id: -1 })
			.limit(count)
			.lean<Message[]>(),
		MessageModel.find({ ...scope, id: mongoose.trusted({ $gt: messageId }) })
			.sort({ id: 1 })
			.limit(count)
			.lean<Message[]>(),
	])
	const rows = [...before.reverse(), ...after]
	const named = await withSenderNames(rows)
	return rows.map((message, index) => toModeratedMessage(message, named[index]!.senderName ?? DELETED_MEMBER))
}
