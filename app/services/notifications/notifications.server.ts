import mongoose from 'mongoose'
import {
	BlockModel,
	NotificationModel,
	reserveIds,
	toNotificationJSON,
	type Notification,
	type NotificationJSON,
	type NotificationKind,
} from '#models/index'
import { BELL_NOTIFICATION_COUNT } from '~/lib/notifications'
import { ServerToClient, type NotificationEvent } from '~/lib/live-events'
import { forgetInRequest, sharedInRequest } from '~/platform/request-context.server'
import { notFound } from '~/lib/service-error'
import { live } from '~/platform/live.server'
import { emailNotifications } from '~/services/notifications/emails.server'
import { pushNotifications } from '~/services/notifications/push.server'

/**
 * In-app notifications: the one place that writes, lists and marks them.
 * Services call `notify` when something happens to a member (a private
 * message, a mention, an event reminder...); the bell, /notifications and the
 * JSON calls read them through the functions below. Only the recipient ever
 * sees or changes a notification.
 */

/** Notifications per page of /notifications and GET /api/notifications. */
export const NOTIFICATION_PAGE_SIZE = 20
/** Recipients written (and told) per batch when one thing notifies many members. */
const FAN_OUT_BATCH = 500

export interface NotificationInput {
	kind: NotificationKind
	title: string
	text: string
	link: string | null
	/** While the recipient has an unread notification with this key, update it instead of adding one. */
	groupKey?: string
	/**
	 * With `groupKey`: email and push a recipient only when their unread group starts, not each time it is
	 * brought up to date, so a burst becomes one email and one push (a mention burst in a room: decision 201;
	 * comments on a followed post: one per post until it is read, decision 162).
	 */
	tellWhenGroupStarts?: boolean
	/** Never notify a recipient twice with this key, read or not. */
	onceKey?: string
	/** The chat message whose words `text` quotes: edits and deletions of it reach the notification. */
	sourceMessageId?: number
	/** The discussion post or comment whose words `text` quotes ("comment:40"): its deletion reaches the notification. */
	sourceDiscussionKey?: string
	/** The member whose doing it is (a mention's author, a message's sender): recipients who blocked them get nothing (decision 201). */
	fromUserId?: number
}

/**
 * Notifies each recipient (duplicates ignored). Stores the notifications, then
 * tells every open page of each recipient (`notification` event). Returns the
 * notifications written, one per recipient that got one: a recipient already
 * notified under `onceKey` gets none.
 */
export async function notify(recipients: number | number[], input: NotificationInput): Promise<Notification[]> {
	const recipientIds = [...new Set(Array.isArray(recipients) ? recipients : [recipients])]
	const written: Notification[] = []
	for (let start = 0; start < recipientIds.length; start += FAN_OUT_BATCH) {
		const batch = await withoutBlockersOf(input.fromUserId, recipientIds.slice(start, start + FAN_OUT_BATCH))
		const { stored, started } =
			input.groupKey || input.onceKey
				? await storeKeyed(batch, input)
				: { stored: await storeMany(batch, input), started: null }
		written.push(...stored)
		await tellRecipients(stored)
		const worthTelling = input.tellWhenGroupStarts && started ? started : stored
		await emailAbout(worthTelling)
		await pushAbout(worthTelling)
	}
	return written
}

/**
 * A block stops everything from the blocked member (product §6 "Blocking",
 * decision 201): a recipient who blocked the one whose doing it is gets no
 * notification, so no badge, email or push either. The rule lives here,
 * where every notification is made, so every kind keeps it.
 */
async function withoutBlockersOf(fromUserId: number | undefined, recipientIds: number[]): Promise<number[]> {
	if (fromUserId === undefined || recipientIds.length === 0) return recipientIds
	const blocks = await BlockModel.find({ blockerId: mongoose.trusted({ $in: recipientIds }), blockedId: fromUserId })
		.select('blockerId')
		.lean<Array<{ blockerId: number }>>()
	if (blocks.length === 0) return recipientIds
	const blockers = new Set(blocks.map((block) => block.blockerId))
	return recipientIds.filter((id) => !blockers.has(id))
}

/** The emails the members' choices allow (notification-emails.server.ts); a failure there never undoes the notifications. */
async function emailAbout(notifications: Notification[]) {
	try {
		await emailNotifications(notifications)
	} catch (error) {
		console.error(`Notification emails (${notifications[0]?.kind}) could not be queued:`, error)
	}
}

/** The pushes to the members' devices (push.server.ts); like emails, a failure there never undoes the notifications. */
async function pushAbout(notifications: Notification[]) {
	try {
		await pushNotifications(notifications)
	} catch (error) {
		console.error(`Push notifications (${notifications[0]?.kind}) could not be queued:`, error)
	}
}

function newNotification(id: number, recipientId: number, input: NotificationInput, now: Date): Notification {
	return {
		id,
		recipientId,
		kind: input.kind,
		title: input.title,
		text: input.text,
		link: input.link,
		createdAt: now,
		readAt: null,
		groupKey: input.groupKey ?? null,
		onceKey: input.onceKey ?? null,
		sourceMessageId: input.sourceMessageId ?? null,
		sourceDiscussionKey: input.sourceDiscussionKey ?? null,
	}
}

/** Plain notifications: one insert for the whole batch. */
async function storeMany(recipientIds: number[], input: NotificationInput): Promise<Notification[]> {
	const ids = await reserveIds('notifications', recipientIds.length)
	const now = new Date()
	const documents = recipientIds.map((recipientId, index) => newNotification(ids[index]!, recipientId, input, now))
	await NotificationModel.insertMany(documents, { ordered: false })
	return documents
}

/**
 * Keyed notifications, one recipient at a time, each one atomic command:
 * - `groupKey`: the unread notification with the key is brought up to date and
 *   given a new id, so it sorts as the newest; or a new one is written.
 * - `onceKey`: written only if the recipient has none with the key. On
 *   MongoDB a unique index backs this when two processes race.
 */
async function storeKeyed(
	recipientIds: number[],
	input: NotificationInput,
): Promise<{ stored: Notification[]; started: Notification[] }> {
	const ids = await reserveIds('notifications', recipientIds.length)
	const now = new Date()
	const stored: Notification[] = []
	const started: Notification[] = []
	for (const [index, recipientId] of recipientIds.entries()) {
		const fresh = newNotification(ids[index]!, recipientId, input, now)
		if (input.groupKey) {
			const { groupKey: _groupKey, recipientId: _recipientId, readAt: _readAt, ...update } = fresh
			const result = await NotificationModel.findOneAndUpdate(
				{ recipientId, groupKey: input.groupKey, readAt: null },
				{ $set: update, $setOnInsert: { groupKey: input.groupKey, recipientId, readAt: null } },
				{ upsert: true, new: true, lean: true, includeResultMetadata: true },
			)
			const notification = result.value as Notification | null
			if (!notification) continue
			stored.push(notification)
			if (!result.lastErrorObject?.updatedExisting) started.push(notification)
			continue
		}
		try {
			const result = await NotificationModel.updateOne(
				{ recipientId, onceKey: input.onceKey },
				{ $setOnInsert: fresh },
				{ upsert: true },
			)
			if (result.upsertedCount === 1) {
				stored.push(fresh)
				started.push(fresh)
			}
		} catch (error) {
			// Another process wrote it first: once is once.
			if ((error as { code?: unknown }).code !== 11000) throw error
		}
	}
	return { stored, started }
}

/** Each recipient's open pages get the notification and their new unread count, counted in one query per batch. */
async function tellRecipients(notifications: Notification[]) {
	if (notifications.length === 0) return
	const counts = await unreadCounts(notifications.map((notification) => notification.recipientId))
	for (const notification of notifications) {
		const event: NotificationEvent = {
			notification: toNotificationJSON(notification),
			unreadCount: counts.get(notification.recipientId) ?? 0,
		}
		live.emitToUser(notification.recipientId, ServerToClient.notification, event)
	}
}

async function unreadCounts(recipientIds: number[]): Promise<Map<number, number>> {
	const rows = await NotificationModel.aggregate<{ _id: number; count: number }>([
		{ $match: { recipientId: mongoose.trusted({ $in: recipientIds }), readAt: null } },
		{ $group: { _id: '$recipientId', count: { $sum: 1 } } },
	])
	return new Map(rows.map((row) => [row._id, row.count]))
}

const unreadNotificationsKey = (userId: number) => `unread-notifications:${userId}`

export function countUnreadNotifications(userId: number): Promise<number> {
	// The layout's bell and a page (/notifications) both ask: one count per page view.
	return sharedInRequest(unreadNotificationsKey(userId), () =>
		NotificationModel.countDocuments({ recipientId: userId, readAt: null }).exec(),
	)
}

/** The member's notifications, newest first, a page at a time (`before`: the last id of the page before). */
export async function listNotifications(
	userId: number,
	{ before, limit = NOTIFICATION_PAGE_SIZE }: { before?: number; limit?: number } = {},
): Promise<{ unreadCount: number; notifications: NotificationJSON[]; hasMore: boolean }> {
	const filter =
		before === undefined ? { recipientId: userId } : { recipientId: userId, id: mongoose.trusted({ $lt: before }) }
	const [rows, unreadCount] = await Promise.all([
		NotificationModel.find(filter)
			.sort({ id: -1 })
			.limit(limit + 1)
			.lean<Notification[]>(),
		countUnreadNotifications(userId),
	])
	return { unreadCount, notifications: rows.slice(0, limit).map(toNotificationJSON), hasMore: rows.length > limit }
}

/**
 * Marks the member's notifications read: the given ones, or all of them. An
 * id that is not one of theirs (someone else's, or none at all) is a 404 and
 * nothing is marked. Returns the new unread count.
 */
export async function markNotificationsRead(userId: number, ids?: number[]): Promise<number> {
	const now = new Date()
	if (ids === undefined) {
		await NotificationModel.updateMany({ recipientId: userId, readAt: null }, { $set: { readAt: now } })
	} else if (ids.length > 0) {
		const unique = [...new Set(ids)]
		const owned = await NotificationModel.countDocuments({ recipientId: userId, id: mongoose.trusted({ $in: unique }) })
		if (owned !== unique.length) throw notFound('Notification not found')
		await NotificationModel.updateMany(
			{ recipientId: userId, id: mongoose.trusted({ $in: unique }), readAt: null },
			{ $set: { readAt: now } },
		)
	}
	const unreadCount = await countUnreadNotifications(userId)
	tellRead(userId, unreadCount)
	return unreadCount
}

/** The member's other open pages hear the new count (`notifications_read`), so every bell goes down together. */
function tellRead(userId: number, unreadCount: number) {
	live.emitToUser(userId, ServerToClient.notifications_read, { unreadCount })
}

/** One of the member's notifications, for opening it; someone else's is a 404. */
export async function getNotification(userId: number, id: number): Promise<NotificationJSON> {
	const notification = await NotificationModel.findOne({ recipientId: userId, id }).lean<Notification>()
	if (!notification) throw notFound('Notification not found')
	return toNotificationJSON(notification)
}

/** The bell's drop-down: the newest few notifications and the unread count. */
export async function getBell(userId: number): Promise<{ unreadCount: number; notifications: NotificationJSON[] }> {
	const { unreadCount, notifications } = await listNotifications(userId, { limit: BELL_NOTIFICATION_COUNT })
	return { unreadCount, notifications }
}

/**
 * Opens one of the member's notifications: marks it read and answers where
 * it leads (its link, or /notifications when it has none). Someone else's is
 * a 404 and nothing changes.
 */
export async function openNotification(userId: number, id: number): Promise<string> {
	const notification = await getNotification(userId, id)
	await markNotificationsRead(userId, [id])
	return notification.link ?? '/notifications'
}

/**
 * Marks read the member's unread notification with `groupKey` (the private
 * messages of one person, once that conversation has been opened) and
 * answers whether there was one.
 */
export async function markGroupRead(userId: number, groupKey: string): Promise<boolean> {
	const result = await NotificationModel.updateMany(
		{ recipientId: userId, groupKey, readAt: null },
		{ $set: { readAt: new Date() } },
	)
	if (result.modifiedCount > 0) forgetInRequest(unreadNotificationsKey(userId))
	if (result.modifiedCount > 0) tellRead(userId, await countUnreadNotifications(userId))
	return result.modifiedCount > 0
}

/**
 * The author of a quoted chat message edited or deleted it: every
 * notification that quotes it shows the new words, or that it was deleted,
 * so a deleted message's words do not stay in a bell. (Emails already sent
 * cannot be taken back.)
 */
export async function reviseQuotedMessage(messageId: number, text: string): Promise<void> {
	await NotificationModel.updateMany({ sourceMessageId: messageId }, { $set: { text } })
}

/** The same for a discussion post or comment that was deleted or removed: its words leave every bell. */
export async function reviseQuotedDiscussion(key: string, text: string): Promise<void> {
	await NotificationModel.updateMany({ sourceDiscussionKey: key }, { $set: { text } })
}
