import { Schema } from 'mongoose'
import { renewLayoutsOfOwner } from '#models/layout-version'
import { defineModel, toIso } from '#models/model'

/** What happened to the member; each kind has its own wording, link and email choice. */
export const NOTIFICATION_KINDS = [
	'private_message',
	'mention',
	'event_reminder',
	'event_changed',
	'event_cancelled',
	'new_video',
	'trial_ending',
	'payment_failed',
	'subscription_ended',
	'program_module_unlocked',
	'certificate_issued',
	'discussion_comment',
	'discussion_mention',
	'pod_formed',
	'pod_changed',
	'pod_check_in_reminder',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export interface Notification {
	id: number
	recipientId: number
	kind: NotificationKind
	title: string
	text: string
	/** A path in the app ("/messages?userId=7"), or null when there is nowhere to go. */
	link: string | null
	createdAt: Date
	readAt: Date | null
	/**
	 * Groups notifications that stand for one thing while it is unread: a second
	 * private message from the same person updates the unread notification
	 * instead of adding one ("pm:7"). Null for notifications that never merge.
	 */
	groupKey: string | null
	/**
	 * Makes a notification happen at most once per recipient, read or not (the
	 * reminder of one event: "reminder:12"). Null when it may repeat.
	 */
	onceKey: string | null
	/**
	 * The chat message a notification quotes (a private message, a mention):
	 * when its author edits or deletes it, the notification's text follows.
	 */
	sourceMessageId?: number | null
	/** The discussion post or comment a notification quotes ("post:12", "comment:40"): its deletion reaches it. */
	sourceDiscussionKey?: string | null
}

/** The groupKey of the new-comments notification of a followed post: one per post while unread. */
export const discussionGroupKey = (postId: number) => `post:${postId}`

/**
 * The groupKey of private-message notifications: one per sender while unread.
 * Written by the private inbox, read by the notification emails.
 */
export const privateMessageGroupKey = (senderId: number) => `pm:${senderId}`

export interface NotificationJSON {
	id: number
	kind: NotificationKind
	title: string
	text: string
	link: string | null
	createdAt: string
	readAt: string | null
}

export function toNotificationJSON(notification: Notification): NotificationJSON {
	return {
		id: notification.id,
		kind: notification.kind,
		title: notification.title,
		text: notification.text,
		link: notification.link ?? null,
		createdAt: toIso(notification.createdAt)!,
		readAt: toIso(notification.readAt),
	}
}

const notificationSchema = new Schema<Notification>(
	{
		id: { type: Number, required: true, unique: true },
		recipientId: { type: Number, required: true },
		kind: { type: String, enum: NOTIFICATION_KINDS, required: true },
		title: { type: String, required: true },
		text: { type: String, required: true },
		link: { type: String, default: null },
		createdAt: { type: Date, required: true, default: () => new Date() },
		readAt: { type: Date, default: null },
		groupKey: { type: String, default: null },
		onceKey: { type: String, default: null },
		sourceMessageId: { type: Number, default: null },
		sourceDiscussionKey: { type: String, default: null },
	},
	{
		id: false,
		versionKey: false,
		toJSON: { transform: (_doc, ret) => toNotificationJSON(ret as unknown as Notification) },
	},
)
// A member's notifications, newest first, a page at a time; and their unread count.
notificationSchema.index({ recipientId: 1, id: -1 })
notificationSchema.index({ recipientId: 1, readAt: 1 })
// On MongoDB the index backs "at most once" when two processes race; the service checks first.
notificationSchema.index(
	{ recipientId: 1, onceKey: 1 },
	{ unique: true, partialFilterExpression: { onceKey: { $type: 'string' } } },
)
notificationSchema.index({ recipientId: 1, groupKey: 1, readAt: 1 })
notificationSchema.index({ sourceMessageId: 1 }, { partialFilterExpression: { sourceMessageId: { $type: 'number' } } })
notificationSchema.index(
	{ sourceDiscussionKey: 1 },
	{ partialFilterExpression: { sourceDiscussionKey: { $type: 'string' } } },
)

// The bell is drawn on every member page from reads held under the recipient's layout version (decision 193).
renewLayoutsOfOwner(notificationSchema, 'recipientId')

export const NotificationModel = defineModel<Notification>('Notification', notificationSchema)
