import mongoose from 'mongoose'
import {
	BlockModel,
	MessageModel,
	NotificationModel,
	PushDeliveryModel,
	PushDeviceModel,
	UserModel,
	nextId,
	toPushDeviceJSON,
	type Notification,
	type NotificationKind,
	type PushDelivery,
	type PushDevice,
	type PushDeviceJSON,
} from '#models/index'
import { getConfig } from '~/config.server'
import { type PushSubscriptionInput } from '~/lib/push'
import { ServiceError, notFound } from '~/lib/service-error'
import { runJobSoon, type Job, type JobContext } from '~/platform/jobs.server'
import { live } from '~/platform/live.server'
// The same waits between attempts as mail (30 s, 1 min, 2 min, … up to an hour): one back-off for every outbox.
import { retryDelayMs } from '~/platform/mail/outbox.server'
import { sendPush, type PushOutcome } from '~/platform/web-push.server'
import { isSessionLive } from '~/services/account/sessions.server'
import { EMAIL_SWITCH_OF, type EmailSwitch } from '~/services/notifications/emails.server'
import { getEmailPreferencesOf } from '~/services/notifications/preferences.server'

/**
 * Push notifications (product §2 "Profile", Notifications tab;
 * docs/decisions/181). A member turns push on per browser ("device"); each
 * notification `notify` stores is queued for each of the recipient's devices
 * when the kind's switch allows it (the same switch as its email), and the
 * push job hands it to the browser's push service through web-push, at most
 * once per notification and device, as the mail outbox does (decision 120).
 *
 * When it sends, the job reads the notification again and sends nothing when
 * the notification, the device or the account is gone, the device's session
 * has ended, the member turned that kind off, the notification quotes a
 * member with a block between the two, or the member is looking at the page
 * it is about. A push carries the notification's title, a short text and its
 * link, and nothing else.
 */

export const PUSH_JOB_NAME = 'push-notifications'

/** Where push differs from email for a kind: the weekly lesson digest has no push per lesson; event changes push under the reminders' switch. */
const PUSH_SWITCH_DIFFERS: Partial<Record<NotificationKind, EmailSwitch>> = {
	new_video: null,
	event_changed: 'eventReminders',
	event_cancelled: 'eventReminders',
}

/** The switch that lets a kind be pushed: its email switch, but for the kinds above. */
export function pushSwitchOf(kind: NotificationKind): EmailSwitch {
	return kind in PUSH_SWITCH_DIFFERS ? PUSH_SWITCH_DIFFERS[kind]! : EMAIL_SWITCH_OF[kind]
}

/** A member turns push on in at most this many browsers; the oldest goes when a new one comes. */
export const MAX_PUSH_DEVICES = 10
const MAX_ATTEMPTS = 8
/** A push service's Retry-After is followed up to this long; the waits between attempts are the mail outbox's. */
const LONGEST_RETRY_MS = 3_600_000
/** A push the device has not fetched by then is dropped by the push service: a day-old reminder is no use. */
const PUSH_TTL_SECONDS = 12 * 3600
const RUN_BUDGET_MS = 60_000
/** A send claimed this long ago and never settled belonged to a process that died (every send ends far sooner). */
const INTERRUPTED_AFTER_MS = 10 * 60_000
const KEEP_SETTLED_MS = 7 * 86_400_000
const KEEP_UNSENT_MS = 30 * 86_400_000
/** What a push may carry: a notification's title and the start of its text. */
const TITLE_LIMIT = 120
const TEXT_LIMIT = 180

/** The push services browsers subscribe with; an endpoint elsewhere is refused (the server would post to any address it is given). */
const PUSH_SERVICE_HOSTS = [
	'fcm.googleapis.com',
	'android.googleapis.com',
	'push.services.mozilla.com',
	'notify.windows.com',
	'push.apple.com',
]
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

export const PUSH_NOT_SET_UP = 'Push notifications are not set up on this server.'
export const PUSH_SERVICE_REFUSED = "This browser's push service is not one we can send to."

/** The VAPID public key browsers subscribe with, or null when push is off on this server. */
export function pushPublicKey(): string | null {
	const push = getConfig().push
	return push.enabled ? push.publicKey : null
}

function isKnownPushService(endpoint: string): boolean {
	let url: URL
	try {
		url = new URL(endpoint)
	} catch {
		return false
	}
	if (url.username || url.password) return false
	if (
		url.protocol === 'https:' &&
		PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
	)
		return true
	// Development and tests: a push service on this machine (the integration tests' stand-in).
	return !getConfig().isProduction && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/** Browsers and systems by what their User-Agent says, the first that matches (Edge and Opera also say Chrome). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
	[/Edg(e|A|iOS)?\//, 'Edge'],
	[/OPR\/|Opera/, 'Opera'],
	[/SamsungBrowser\//, 'Samsung Internet'],
	[/Firefox\/|FxiOS\//, 'Firefox'],
	[/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
	[/Safari\//, 'Safari'],
]
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
	[/iPhone/, 'iPhone'],
	[/iPad/, 'iPad'],
	[/Android/, 'Android'],
	[/Windows/, 'Windows'],
	[/CrOS/, 'ChromeOS'],
	[/Mac OS X|Macintosh/, 'macOS'],
	[/Linux/, 'Linux'],
]

/** "Chrome on Android", from the browser's User-Agent: enough for a member to tell their devices apart (the rest is not kept). */
export function deviceLabelOf(userAgent: string | null): string {
	const agent = userAgent ?? ''
	const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'A browser'
	const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
	return system ? `${browser} on ${system}` : browser
}

// ---------------------------------------------------------------------------
// Devices: turned on per browser, listed, turned off
// ---------------------------------------------------------------------------

/** The member's devices with push on, newest first. Devices whose session has ended are not listed (and get nothing). */
export async function listPushDevices(actor: { id: number }): Promise<PushDeviceJSON[]> {
	const devices = await PushDeviceModel.find({ userId: actor.id }).sort({ id: -1 }).lean<PushDevice[]>()
	const live = await Promise.all(devices.map((device) => isSessionLive(device.sessionId, actor.id)))
	return devices.filter((_device, index) => live[index]).map(toPushDeviceJSON)
}

/**
 * Turns push on in the browser the member is using (the session `sessionId`),
 * with the subscription its push service gave it. A browser that another
 * account had turned on becomes this member's (one record per endpoint,
 * claimed with one atomic upsert).
 */
export async function turnOnPush(
	actor: { id: number },
	sessionId: string,
	subscription: PushSubscriptionInput,
	userAgent: string | null,
): Promise<PushDeviceJSON> {
	if (!pushPublicKey()) throw new ServiceError(PUSH_NOT_SET_UP, 409)
	if (!isKnownPushService(subscription.endpoint)) throw new ServiceError(PUSH_SERVICE_REFUSED, 400, 'endpoint')
	const now = new Date()
	const id = await nextId('pushDevices')
	const device = await PushDeviceModel.findOneAndUpdate(
		{ endpoint: subscription.endpoint },
		{
			$set: {
				userId: actor.id,
				sessionId,
				p256dh: subscription.keys.p256dh,
				auth: subscription.keys.auth,
				label: deviceLabelOf(userAgent),
				updatedAt: now,
			},
			$setOnInsert: { id, endpoint: subscription.endpoint, createdAt: now, lastPushedAt: null },
		},
		{ upsert: true, new: true, lean: true, setDefaultsOnInsert: false },
	)
	await forgetOldestDevices(actor.id)
	return toPushDeviceJSON(device as PushDevice)
}

async function forgetOldestDevices(userId: number) {
	const beyond = await PushDeviceModel.find({ userId })
		.sort({ updatedAt: -1 })
		.skip(MAX_PUSH_DEVICES)
		.select('id')
		.lean<Array<{ id: number }>>()
	if (beyond.length > 0) await forgetDevices(beyond.map((device) => device.id))
}

/** Turns push off for one of the member's devices; someone else's (or none) is a 404. Answers its label. */
export async function turnOffPushDevice(actor: { id: number }, deviceId: number): Promise<{ label: string }> {
	const device = await PushDeviceModel.findOneAndDelete({ id: deviceId, userId: actor.id }).lean<PushDevice>()
	if (!device) throw notFound('Device not found')
	await settlePendingOf([deviceId], 'push was turned off for the device')
	return { label: device.label }
}

async function forgetDevices(deviceIds: number[], why = 'the device is gone') {
	await PushDeviceModel.deleteMany({ id: mongoose.trusted({ $in: deviceIds }) })
	await settlePendingOf(deviceIds, why)
}

/** Pushes still waiting for devices that are gone: skipped now rather than found gone one by one. */
async function settlePendingOf(deviceIds: number[], why: string) {
	const now = new Date()
	await PushDeliveryModel.updateMany(
		{ deviceId: mongoose.trusted({ $in: deviceIds }), status: 'pending' },
		{ $set: { status: 'skipped', lastError: why, purgeAt: new Date(now.getTime() + KEEP_SETTLED_MS) } },
	)
}

/** "Download my data": the devices with push on, without their push addresses and keys (secrets of the browser). */
export async function exportPushDevices(userId: number) {
	const devices = await PushDeviceModel.find({ userId }).sort({ id: 1 }).lean<PushDevice[]>()
	return devices.map(({ id, label, createdAt, lastPushedAt }) => ({ id, label, createdAt, lastPushedAt }))
}

/** The account is being deleted: its devices get nothing more. */
export async function deletePushDevicesOf(userId: number): Promise<void> {
	await PushDeviceModel.deleteMany({ userId })
}

/** The account is being deleted: its pushes, waiting or sent. */
export async function deletePushDeliveriesOf(userId: number): Promise<void> {
	await PushDeliveryModel.deleteMany({ userId })
}

// ---------------------------------------------------------------------------
// Queueing: called by notify with what it stored
// ---------------------------------------------------------------------------

/**
 * Queues a push of each notification (one kind per call) to each of its
 * recipient's devices, when the kind's switch is on; the job sends them at
 * once. Members without a device cost one indexed read for the whole batch.
 */
export async function pushNotifications(notifications: Notification[]): Promise<void> {
	if (notifications.length === 0 || !pushPublicKey()) return
	const key = pushSwitchOf(notifications[0]!.kind)
	if (key === null) return
	const recipientIds = [...new Set(notifications.map((notification) => notification.recipientId))]
	const devices = await PushDeviceModel.find({ userId: mongoose.trusted({ $in: recipientIds }) })
		.select('id userId')
		.lean<Array<Pick<PushDevice, 'id' | 'userId'>>>()
	if (devices.length === 0) return
	const withDevices = [...new Set(devices.map((device) => device.userId))]
	const preferences = key === 'always' ? null : await getEmailPreferencesOf(withDevices)
	const now = new Date()
	const deliveries = notifications.flatMap((notification) =>
		key !== 'always' && !preferences?.get(notification.recipientId)?.[key]
			? []
			: devices
					.filter((device) => device.userId === notification.recipientId)
					.map((device) => ({
						notificationId: notification.id,
						userId: notification.recipientId,
						deviceId: device.id,
						status: 'pending' as const,
						attempts: 0,
						nextAttemptAt: now,
						claimedAt: null,
						sentAt: null,
						lastError: null,
						createdAt: now,
						purgeAt: null,
					})),
	)
	if (deliveries.length === 0) return
	await PushDeliveryModel.insertMany(deliveries, { ordered: false })
	runJobSoon(PUSH_JOB_NAME)
}

// ---------------------------------------------------------------------------
// The job: due pushes, one at a time
// ---------------------------------------------------------------------------

function clip(text: string, limit: number): string {
	const plain = text.replace(/\s+/g, ' ').trim()
	return plain.length <= limit ? plain : `${plain.slice(0, limit - 1).trimEnd()}…`
}

/** What a push carries, and all it carries: the title, the start of the text, and where it leads. */
export interface PushPayload {
	title: string
	body: string
	link: string
}

export function pushPayloadOf(notification: Pick<Notification, 'title' | 'text' | 'link'>): PushPayload {
	return {
		title: clip(notification.title, TITLE_LIMIT),
		body: clip(notification.text, TEXT_LIMIT),
		link: notification.link ?? '/notifications',
	}
}

/** Takes the next due push: one atomic update, so two processes never both send it. */
function claimNext(now: Date): Promise<PushDelivery | null> {
	return PushDeliveryModel.findOneAndUpdate(
		{ status: 'pending', nextAttemptAt: mongoose.trusted({ $lte: now }) },
		{ $set: { status: 'sending', claimedAt: now }, $inc: { attempts: 1 } },
		{ sort: { nextAttemptAt: 1 }, new: true },
	).lean<PushDelivery>()
}

function settle(delivery: PushDelivery, update: Partial<PushDelivery>) {
	return PushDeliveryModel.updateOne(
		{ _id: delivery._id, status: 'sending', claimedAt: delivery.claimedAt },
		{ $set: update },
	)
}

/** Why this push must not go out now, or null when it may. Forgets a device whose session has ended. */
async function reasonNotToSend(
	delivery: PushDelivery,
	notification: Notification | null,
	device: PushDevice | null,
	now: Date,
): Promise<string | null> {
	if (!notification || notification.recipientId !== delivery.userId) return 'the notification is gone'
	if (!device || device.userId !== delivery.userId) return 'the device is gone'
	if (!(await UserModel.exists({ id: delivery.userId }))) return 'the account is gone'
	if (!(await isSessionLive(device.sessionId, device.userId, now))) {
		await forgetDevices([device.id], 'the device logged out')
		return 'the device logged out'
	}
	const key = pushSwitchOf(notification.kind)
	if (key === null) return 'this kind is not pushed'
	if (key !== 'always' && !(await getEmailPreferencesOf([delivery.userId])).get(delivery.userId)?.[key])
		return 'the member turned this kind off'
	if (notification.sourceMessageId) {
		const source = await MessageModel.findOne({ id: notification.sourceMessageId })
			.select('senderId')
			.lean<{ senderId: number | null }>()
		// Either way round (the blocks service would import this module back through the private inbox).
		const [member, writer] = [delivery.userId, source?.senderId]
		if (
			writer &&
			(await BlockModel.exists({
				$or: [
					{ blockerId: member, blockedId: writer },
					{ blockerId: writer, blockedId: member },
				],
			}))
		)
			return 'a block stands between the member and the writer'
	}
	if (await live.isLookingAt(delivery.userId, pushPayloadOf(notification).link))
		return 'the member is looking at the page'
	return null
}

/** Sends a claimed push and records the outcome. A push service pushing back holds up only its own pushes. */
async function deliver(delivery: PushDelivery, at: () => Date): Promise<void> {
	const [notification, device] = await Promise.all([
		NotificationModel.findOne({ id: delivery.notificationId }).lean<Notification>(),
		PushDeviceModel.findOne({ id: delivery.deviceId }).lean<PushDevice>(),
	])
	const skip = await reasonNotToSend(delivery, notification, device, at())
	if (skip) {
		await settle(delivery, {
			status: 'skipped',
			lastError: skip,
			purgeAt: new Date(at().getTime() + KEEP_SETTLED_MS),
		})
		return
	}
	const outcome: PushOutcome = await sendPush(device!, JSON.stringify(pushPayloadOf(notification!)), {
		ttlSeconds: PUSH_TTL_SECONDS,
	})
	const now = at()
	if (outcome.result === 'sent') {
		await settle(delivery, {
			status: 'sent',
			sentAt: now,
			lastError: null,
			purgeAt: new Date(now.getTime() + KEEP_SETTLED_MS),
		})
		await PushDeviceModel.updateOne({ id: device!.id }, { $set: { lastPushedAt: now } })
		return
	}
	const label = `Push ${delivery._id} (notification ${delivery.notificationId}, device ${delivery.deviceId})`
	if (outcome.result === 'gone') {
		// The browser unsubscribed or its subscription expired: the device is forgotten, its other pushes with it.
		await settle(delivery, {
			status: 'skipped',
			lastError: outcome.reason,
			purgeAt: new Date(now.getTime() + KEEP_SETTLED_MS),
		})
		await forgetDevices([device!.id], 'the push service says the subscription is gone')
		return
	}
	if (outcome.result === 'retry' && delivery.attempts < MAX_ATTEMPTS) {
		const wait = Math.max(retryDelayMs(delivery.attempts), outcome.retryAfterMs ?? 0)
		const nextAttemptAt = new Date(now.getTime() + Math.min(wait, LONGEST_RETRY_MS))
		console.error(
			`${label}: attempt ${delivery.attempts} failed, next at ${nextAttemptAt.toISOString()}: ${outcome.reason}`,
		)
		await settle(delivery, { status: 'pending', nextAttemptAt, lastError: outcome.reason })
		return
	}
	console.error(
		outcome.result === 'unknown'
			? `${label}: the connection broke during the send; it may have arrived, so it is not sent again: ${outcome.reason}`
			: `${label} not delivered after ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}, given up: ${outcome.reason}`,
	)
	await settle(delivery, {
		status: outcome.result === 'unknown' ? 'unknown' : 'failed',
		lastError: outcome.reason,
		purgeAt: new Date(now.getTime() + KEEP_UNSENT_MS),
	})
}

/** Sends begun by a process that stopped mid-way may have arrived: marked unknown, never sent again. */
async function settleInterruptedSends(now: Date): Promise<void> {
	await PushDeliveryModel.updateMany(
		{ status: 'sending', claimedAt: mongoose.trusted({ $lte: new Date(now.getTime() - INTERRUPTED_AFTER_MS) }) },
		{
			$set: {
				status: 'unknown',
				lastError: 'The send was interrupted (the process stopped); it may have arrived, so it is not sent again',
				purgeAt: new Date(now.getTime() + KEEP_UNSENT_MS),
			},
		},
	)
}

export async function deliverDuePushes({ now, signal }: JobContext): Promise<void> {
	if (!pushPublicKey()) return
	const startedAt = Date.now()
	const at = () => new Date(now.getTime() + Date.now() - startedAt)
	await settleInterruptedSends(now)
	while (!signal.aborted && Date.now() - startedAt < RUN_BUDGET_MS) {
		const delivery = await claimNext(at())
		if (!delivery) return
		await deliver(delivery, at)
	}
}

export const pushNotificationsJob: Job = {
	name: PUSH_JOB_NAME,
	// New pushes go at once (pushNotifications asks for a run); the ticks pick up retries and other processes' pushes.
	everyMs: 10_000,
	lockMs: 120_000,
	run: deliverDuePushes,
}
