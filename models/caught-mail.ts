import { Schema, type Types } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Mail caught by the embedded SMTP server outside production (development,
 * demo, tests), parsed, for /dev/mail and GET /api/dev/mail. In the database
 * so that every app process on it sees all of it; only the newest few
 * hundred are kept (docs/decisions/120-mail-outbox.md).
 */
export interface CaughtMail {
	_id: Types.ObjectId
	/** The envelope recipients, as the SMTP server received them. */
	to: string[]
	from: string
	subject: string
	text: string
	html: string | null
	/** Every header, by lower-case name (repeated headers joined with a line break). */
	headers: Record<string, string>
	messageId: string | null
	createdAt: Date
}

const caughtMailSchema = new Schema<CaughtMail>(
	{
		to: { type: [String], required: true, index: true },
		from: { type: String, default: '' },
		subject: { type: String, default: '' },
		text: { type: String, default: '' },
		html: { type: String, default: null },
		headers: { type: Schema.Types.Mixed, default: {} },
		messageId: { type: String, default: null },
		createdAt: { type: Date, required: true, default: () => new Date(), index: true },
	},
	{ versionKey: false, minimize: false },
)

export const CaughtMailModel = defineModel<CaughtMail>('CaughtMail', caughtMailSchema)
