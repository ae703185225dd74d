import mongoose from 'mongoose'
import {
	DEFAULT_EMAILS,
	MessageEmailStateModel,
	MessageModel,
	NotificationModel,
	NotificationPreferencesModel,
	UserModel,
	conversationKeyOf,
	privateMessageGroupKey,
	type Message,
	type MessageEmailState,
	type Notification,
	type NotificationKind,
	type User,
} from '#models/index'
import { getConfig } from '~/config.server'
import { EMAIL_PREFERENCE_ROWS, type EmailPreferenceKey } from '~/lib/email-preferences'
import { PRODUCT_NAME } from '~/lib/product'
import { signUnsubscribeToken } from '~/services/account/tokens.server'
import { type Job } from '~/platform/jobs.server'
import { live } from '~/platform/live.server'
import { sendMail } from '~/platform/mail/index.server'
import { getEmailPreferences, getEmailPreferencesOf } from '~/services/notifications/preferences.server'

/**
 * The email side of notifications (product §2 "Profile", Notifications tab;
 * docs/decisions/123-notification-emails.md). `notify` hands every
 * notification it wrote to `emailNotifications`, which follows the member's
 * choices:
 *
 * - mentions, event reminders, trial ending: an email at once, when that
 *   kind is on;
 * - payment failed, subscription ended: always (a payment notice);
 * - private messages: only while the member is away, at most one email per
 *   conversation an hour, quoting the latest lines (the rest waits for
 *   `privateMessageEmailsJob`);
 * - new lessons: never one by one; `lessonDigestJob` sends a weekly digest;
 * - event changes and cancellations: in the app only;
 * - a module of a started program opening, a certificate issued: at once,
 *   when program emails are on.
 *
 * Every email a member can turn off carries a one-click unsubscribe link for
 * its kind (signed, no login) and the List-Unsubscribe headers (RFC 8058).
 */

export type EmailSwitch = EmailPreferenceKey | 'always' | null

/**
 * Which switch lets each kind of notification be emailed: 'always' cannot be turned off, null is never emailed.
 * Push notifications follow the same switch (push.server.ts), so a new kind added here pushes too.
 */
export const EMAIL_SWITCH_OF: Record<NotificationKind, EmailSwitch> = {
	private_message: 'privateMessages',
	mention: 'mentions',
	event_reminder: 'eventReminders',
	event_changed: null,
	event_cancelled: null,
	new_video: 'newLessons',
	trial_ending: 'billing',
	payment_failed: 'always',
	subscription_ended: 'always',
	program_module_unlocked: 'programs',
	certificate_issued: 'programs',
	discussion_comment: 'discussions',
	discussion_mention: 'mentions',
	pod_formed: 'podCheckIns',
	pod_changed: 'podCheckIns',
	pod_check_in_reminder: 'podCheckIns',
}

/** One email per conversation at most this often. */
export const PRIVATE_MESSAGE_EMAIL_INTERVAL_MS = 60 * 60_000
/** How many of the latest lines a private-message email quotes. */
const QUOTED_LINES = 5
/** How many lessons one digest lists (the rest are on the library page it links to). */
const DIGEST_LESSONS = 20
/** Digests look back this far for lessons not sent yet (a server down for a while still catches up). */
const DIGEST_LOOK_BACK_MS = 14 * 86_400_000
/** A job run stops starting new work after this long, well inside its lock. */
export const RUN_BUDGET_MS = 45_000

export type Recipient = Pick<User, 'id' | 'name' | 'email'>

function senderOfPrivateMessage(notification: Pick<Notification, 'groupKey'>): number | null {
	// The key is privateMessageGroupKey(senderId) (models/notification.ts): the sender is its number.
	const match = /^pm:(\d+)$/.exec(notification.groupKey ?? '')
	return match ? Number(match[1]) : null
}

export const origin = () => getConfig().mail.linkOrigin

function unsubscribeUrl(userId: number, key: EmailPreferenceKey): string {
	return `${origin()}/unsubscribe?token=${signUnsubscribeToken(userId, key)}`
}

/** The closing lines and headers of a notification email: how to stop it, or why it cannot be stopped. */
function unsubscribeParts(
	userId: number,
	key: EmailPreferenceKey | 'always',
): { lines: string[]; headers: Record<string, string> } {
	const preferences = `${origin()}/profile?tab=notifications`
	if (key === 'always') {
		return {
			lines: [`This email is about a payment, so it is always sent. Choose which other emails you get: ${preferences}`],
			headers: {},
		}
	}
	const url = unsubscribeUrl(userId, key)
	const label = EMAIL_PREFERENCE_ROWS.find((row) => row.key === key)!.label.toLowerCase()
	return {
		lines: [
			`You get this email because ${label} emails are on. Stop them with one click: ${url}`,
			`Choose which emails you get: ${preferences}`,
		],
		headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
	}
}

/** A notification email with its unsubscribe link and headers (the weekly digest sends through here too). */
export async function sendNotificationEmail(
	recipient: Recipient,
	key: EmailPreferenceKey | 'always',
	{ subject, body, kind }: { subject: string; body: string[]; kind: string },
) {
	const closing = unsubscribeParts(recipient.id, key)
	await sendMail({
		to: recipient.email,
		kind,
		subject,
		text: [`Hello ${recipient.name},`, ...body, ...closing.lines].join('\n\n'),
		headers: closing.headers,
	})
}

export async function recipientsById(ids: number[]): Promise<Map<number, Recipient>> {
	const users = await UserModel.find({ id: mongoose.trusted({ $in: ids }) })
		.select('id name email')
		.lean<Recipient[]>()
	return new Map(users.map((user) => [user.id, user]))
}

/**
 * Called by `notify` with the notifications it just wrote (one kind per
 * call). Queues the emails the members' choices allow; never throws for a
 * mail it could not queue (sendMail logs that).
 */
export async function emailNotifications(notifications: Notification[], now = new Date()): Promise<void> {
	if (notifications.length === 0) return
	const kind = notifications[0]!.kind
	const key = EMAIL_SWITCH_OF[kind]
	// Not emailed at all, or only in the weekly digest.
	if (key === null || kind === 'new_video') return
	if (kind === 'private_message') {
		for (const notification of notifications) await emailPrivateMessage(notification, now)
		return
	}
	const recipientIds = notifications.map((notification) => notification.recipientId)
	const [recipients, preferences] = await Promise.all([
		recipientsById(recipientIds),
		key === 'always' ? Promise.resolve(null) : getEmailPreferencesOf(recipientIds),
	])
	for (const notification of notifications) {
		const recipient = recipients.get(notification.recipientId)
		if (!recipient) continue
		if (key !== 'always' && !preferences?.get(recipient.id)?.[key]) continue
		const link = notification.link ?? (key === 'always' || key === 'billing' ? '/profile?tab=billing' : null)
		await sendNotificationEmail(recipient, key, {
			kind: `notification-${kind.replace(/_/g, '-')}`,
			subject: notification.title,
			body: [notification.text, ...(link ? [`Open it on ${PRODUCT_NAME}: ${origin()}${link}`] : [])],
		})
	}
}

// ---------------------------------------------------------------------------
// Private messages: while away, one email per conversation an hour
// ---------------------------------------------------------------------------

async function emailPrivateMessage(notification: Notification, now: Date) {
	const senderId = senderOfPrivateMessage(notification)
	if (senderId === null) return
	const recipientId = notification.recipientId
	if (!(await getEmailPreferences(recipientId)).privateMessages) return
	// On the site now: the notification and the chat tell them.
	if (await live.isOnline(recipientId)) return
	await markConversationPending(recipientId, senderId, now)
	await sendConversationEmail(recipientId, senderId, now)
}

/** Something waits to be emailed in this conversation since `now`, unless something was already waiting. */
async function markConversationPending(recipientId: number, senderId: number, now: Date) {
	// Created apart from the update below, so the filter of an upsert never has to match an existing document (decision 121).
	await MessageEmailStateModel.updateOne(
		{ recipientId, senderId },
		{ $setOnInsert: { recipientId, senderId, pendingSince: null, lastSentAt: null, throughMessageId: 0 } },
		{ upsert: true, setDefaultsOnInsert: false },
	)
	await MessageEmailStateModel.updateOne({ recipientId, senderId, pendingSince: null }, { $set: { pendingSince: now } })
}

/**
 * Sends the conversation's email if one is waiting and the hour since the
 * last one has passed: claimed with one conditional update, so two
 * processes never send it twice. Answers whether it sent.
 */
async function sendConversationEmail(recipientId: number, senderId: number, now: Date): Promise<boolean> {
	const hourAgo = new Date(now.getTime() - PRIVATE_MESSAGE_EMAIL_INTERVAL_MS)
	const claimed = await MessageEmailStateModel.findOneAndUpdate(
		{
			recipientId,
			senderId,
			pendingSince: mongoose.trusted({ $ne: null }),
			$or: [{ lastSentAt: null }, { lastSentAt: mongoose.trusted({ $lte: hourAgo }) }],
		},
		{ $set: { pendingSince: null, lastSentAt: now } },
		{ new: false, lean: true },
	)
	if (!claimed) return false
	const state = claimed as MessageEmailState
	const filter = {
		conversationKey: conversationKeyOf(recipientId, senderId),
		senderId,
		id: mongoose.trusted({ $gt: state.throughMessageId }),
		// Lines the member may have read while here stay out; a second of slack for the notification's own write.
		createdAt: mongoose.trusted({ $gte: new Date(state.pendingSince!.getTime() - 1_000) }),
	}
	const [latest, count, recipients] = await Promise.all([
		MessageModel.find(filter).sort({ id: -1 }).limit(QUOTED_LINES).lean<Message[]>(),
		MessageModel.countDocuments(filter),
		recipientsById([recipientId, senderId]),
	])
	const recipient = recipients.get(recipientId)
	const sender = recipients.get(senderId)
	if (latest.length === 0 || !recipient || !sender) {
		// Nothing left to tell (deleted meanwhile): the hour does not start.
		await MessageEmailStateModel.updateOne(
			{ recipientId, senderId, lastSentAt: now },
			{ $set: { lastSentAt: state.lastSentAt } },
		)
		return false
	}
	await MessageEmailStateModel.updateOne({ recipientId, senderId }, { $max: { throughMessageId: latest[0]!.id } })
	const lines = latest.reverse().map((message) => `> ${message.content.replace(/\n/g, '\n> ')}`)
	const more = count - latest.length
	await sendNotificationEmail(recipient, 'privateMessages', {
		kind: 'notification-private-message',
		subject: `New message${count === 1 ? '' : 's'} from ${sender.name}`,
		body: [
			`${sender.name} wrote to you on ${PRODUCT_NAME}${count === 1 ? '' : ` (${count} messages)`}:`,
			lines.join('\n'),
			...(more > 0 ? [`…and ${more} earlier message${more === 1 ? '' : 's'}.`] : []),
			`Reply: ${origin()}/messages?userId=${senderId}`,
		],
	})
	return true
}

/**
 * Sends the private-message emails that had to wait for their hour. One
 * waiting is dropped instead when the member came back (online now), read
 * the notification, or turned these emails off meanwhile.
 */
export const privateMessageEmailsJob: Job = {
	name: 'private-message-emails',
	everyMs: 60_000,
	async run({ now, signal }) {
		const startedAt = Date.now()
		const hourAgo = new Date(now.getTime() - PRIVATE_MESSAGE_EMAIL_INTERVAL_MS)
		const due = await MessageEmailStateModel.find({
			pendingSince: mongoose.trusted({ $ne: null }),
			$or: [{ lastSentAt: null }, { lastSentAt: mongoose.trusted({ $lte: hourAgo }) }],
		})
			.limit(500)
			.lean<MessageEmailState[]>()
		for (const { recipientId, senderId } of due) {
			if (signal.aborted || Date.now() - startedAt > RUN_BUDGET_MS) break
			if (await stillWorthAnEmail(recipientId, senderId)) await sendConversationEmail(recipientId, senderId, now)
			else await MessageEmailStateModel.updateOne({ recipientId, senderId }, { $set: { pendingSince: null } })
		}
	},
}

async function stillWorthAnEmail(recipientId: number, senderId: number): Promise<boolean> {
	if (!(await getEmailPreferences(recipientId)).privateMessages) return false
	if (await live.isOnline(recipientId)) return false
	return Boolean(
		await NotificationModel.exists({
			recipientId,
			kind: 'private_message',
			groupKey: privateMessageGroupKey(senderId),
			readAt: null,
		}),
	)
}

// ---------------------------------------------------------------------------
// New lessons: a weekly digest
// ---------------------------------------------------------------------------

/** Digests go out from Monday 08:00 UTC: the latest such moment at or before `now`. */
export function lessonDigestSlot(now: Date): Date {
	const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8))
	slot.setUTCDate(slot.getUTCDate() - ((slot.getUTCDay() + 6) % 7))
	if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 7)
	return slot
}

/**
 * Once a week, each member with new-lesson notifications not sent yet gets
 * one email listing them (those written up to the week's slot). Each member
 * is claimed on their preferences document (the week and the last lesson
 * sent) before the mail is queued, so a week never sends a member two
 * digests, across restarts and processes. Runs every 10 minutes and picks
 * up where the last run stopped.
 */
export const lessonDigestJob: Job = {
	name: 'lesson-digest',
	everyMs: 10 * 60_000,
	lockMs: 120_000,
	async run({ now, signal }) {
		const startedAt = Date.now()
		const slot = lessonDigestSlot(now)
		const candidates = await NotificationModel.aggregate<{ _id: number; newestId: number }>([
			{
				$match: {
					kind: 'new_video',
					createdAt: mongoose.trusted({ $gt: new Date(slot.getTime() - DIGEST_LOOK_BACK_MS), $lte: slot }),
				},
			},
			{ $group: { _id: '$recipientId', newestId: { $max: '$id' } } },
		])
		for (const { _id: userId, newestId } of candidates) {
			if (signal.aborted || Date.now() - startedAt > RUN_BUDGET_MS) break
			await sendLessonDigest(userId, newestId, slot)
		}
	},
}

async function sendLessonDigest(userId: number, newestId: number, slot: Date) {
	// Created apart from the claim (decision 121), whole, without Mongoose's dotted defaults (see saveEmailPreferences).
	await NotificationPreferencesModel.updateOne(
		{ userId },
		{
			$setOnInsert: {
				userId,
				email: DEFAULT_EMAILS,
				digestSlot: null,
				digestThroughNotificationId: 0,
				weeklyDigestSlot: null,
				updatedAt: new Date(),
			},
		},
		{ upsert: true, setDefaultsOnInsert: false },
	)
	const claimed = await NotificationPreferencesModel.findOneAndUpdate(
		{
			userId,
			digestThroughNotificationId: mongoose.trusted({ $lt: newestId }),
			$or: [{ digestSlot: null }, { digestSlot: mongoose.trusted({ $lt: slot }) }],
		},
		{ $set: { digestSlot: slot, digestThroughNotificationId: newestId } },
		{ new: false, lean: true },
	)
	if (!claimed) return
	// Turned off: the lessons count as sent, so turning it on again does not bring back old ones.
	if (claimed.email?.newLessons === false) return
	const [lessons, recipients] = await Promise.all([
		NotificationModel.find({
			recipientId: userId,
			kind: 'new_video',
			id: mongoose.trusted({ $gt: claimed.digestThroughNotificationId ?? 0, $lte: newestId }),
		})
			.sort({ id: 1 })
			.limit(DIGEST_LESSONS + 1)
			.lean<Notification[]>(),
		recipientsById([userId]),
	])
	const recipient = recipients.get(userId)
	if (!recipient || lessons.length === 0) return
	const listed = lessons.slice(0, DIGEST_LESSONS)
	await sendNotificationEmail(recipient, 'newLessons', {
		kind: 'lesson-digest',
		subject: `${listed.length === 1 ? 'A new lesson' : `${lessons.length > DIGEST_LESSONS ? `${DIGEST_LESSONS}+` : listed.length} new lessons`} on ${PRODUCT_NAME} this week`,
		body: [
			'New in the content library since our last digest:',
			listed.map((lesson) => `- ${lesson.text}${lesson.link ? `: ${origin()}${lesson.link}` : ''}`).join('\n'),
			`Browse the library: ${origin()}/content-library`,
		],
	})
}

/** The account is being deleted: its conversations' email state, as recipient and as sender. */
export async function deleteMessageEmailStateOf(userId: number): Promise<void> {
	await MessageEmailStateModel.deleteMany({ $or: [{ recipientId: userId }, { senderId: userId }] })
}
