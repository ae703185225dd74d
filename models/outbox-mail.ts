import { Schema, type Types } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Mail waiting to go out, and what became of it (docs/decisions/120-mail-outbox.md).
 *
 * - `pending`: due at `nextAttemptAt` (a new mail, or one whose last attempt
 *   failed without the server taking it).
 * - `sending`: claimed by one process, being handed to the SMTP server now.
 * - `sent`: the SMTP server accepted it.
 * - `failed`: refused for good (a 5xx answer) or out of attempts; never sent.
 * - `unknown`: the connection broke while the mail was being handed over, or
 *   the process died during the send: it may have been delivered, so it is
 *   not sent again (at most once).
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'unknown'

export interface OutboxMail {
	_id: Types.ObjectId
	/** What the mail is for ('password-reset', 'event-reminder', …): for logs and for finding a member's mail. */
	kind: string
	to: string
	from: string
	subject: string
	/** The finished parts, footer included, as they are sent. */
	text: string
	html: string
	headers: Record<string, string>
	messageId: string
	status: OutboxStatus
	/** Attempts started so far. */
	attempts: number
	nextAttemptAt: Date
	claimedAt: Date | null
	sentAt: Date | null
	lastError: string | null
	createdAt: Date
	/** When MongoDB removes the record: set once the mail is settled (sent, failed or unknown). */
	purgeAt: Date | null
}

const outboxMailSchema = new Schema<OutboxMail>(
	{
		kind: { type: String, required: true },
		to: { type: String, required: true },
		from: { type: String, required: true },
		subject: { type: String, required: true },
		text: { type: String, required: true },
		html: { type: String, required: true },
		headers: { type: Schema.Types.Mixed, default: {} },
		messageId: { type: String, required: true },
		status: {
			type: String,
			required: true,
			enum: ['pending', 'sending', 'sent', 'failed', 'unknown'],
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
// The outbox job's two questions: which mail is due, and which sends were interrupted.
outboxMailSchema.index({ status: 1, nextAttemptAt: 1 })
outboxMailSchema.index({ status: 1, claimedAt: 1 })

export const OutboxMailModel = defineModel<OutboxMail>('OutboxMail', outboxMailSchema)
