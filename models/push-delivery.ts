import { Schema, type Types } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * One notification to push to one device, and what became of it
 * (docs/decisions/181); the push job works through them as the mail outbox
 * does (decision 120). The words are not copied here: the job reads the
 * notification when it sends, so an edited or deleted message, a deleted
 * notification or a deleted account is never pushed stale.
 *
 * - `pending`: due at `nextAttemptAt` (new, or after a temporary failure).
 * - `sending`: claimed by one process, being handed to the push service.
 * - `sent`: the push service accepted it.
 * - `skipped`: not sent, on purpose (`lastError` says why: the member was
 *   looking at the page, turned that kind off, blocked the writer, the device
 *   or the notification is gone).
 * - `failed`: refused for good, or out of attempts.
 * - `unknown`: the connection broke while it was being handed over, or the
 *   process died during the send: it may have arrived, so it is not sent again.
 */
export type PushDeliveryStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed' | 'unknown'

export interface PushDelivery {
	_id: Types.ObjectId
	notificationId: number
	userId: number
	deviceId: number
	status: PushDeliveryStatus
	attempts: number
	nextAttemptAt: Date
	claimedAt: Date | null
	sentAt: Date | null
	lastError: string | null
	createdAt: Date
	/** When MongoDB removes the record: set once it is settled. */
	purgeAt: Date | null
}

const pushDeliverySchema = new Schema<PushDelivery>(
	{
		notificationId: { type: Number, required: true },
		userId: { type: Number, required: true },
		deviceId: { type: Number, required: true },
		status: {
			type: String,
			required: true,
			enum: ['pending', 'sending', 'sent', 'skipped', 'failed', 'unknown'],
			default: 'pending',
		},
		attempts: { type: Number, required: true, default: 0 },
		nextAttemptAt: { type: Date, required: true },
		claimedAt: { type: Date, default: null },
		sentAt: { type: Date, default: null },
		lastError: { type: String, default: null },
		createdAt: { type: Date, required: true, default: () => new Date() },
		purgeAt: { type: Date, default: null, index: { expireAfterSeconds: 0 } },
	},
	{ versionKey: false, minimize: false },
)
// The job's two questions (which pushes are due, which sends were interrupted), and a member's or a device's pushes.
pushDeliverySchema.index({ status: 1, nextAttemptAt: 1 })
pushDeliverySchema.index({ status: 1, claimedAt: 1 })
pushDeliverySchema.index({ userId: 1 })
pushDeliverySchema.index({ deviceId: 1, status: 1 })

export const PushDeliveryModel = defineModel<PushDelivery>('PushDelivery', pushDeliverySchema)
