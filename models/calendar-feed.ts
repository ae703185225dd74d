import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A member's personal calendar feed (/calendar/{token}.ics). Only the SHA-256
 * of the token is stored, as for a password-reset token: the address is shown
 * once, when it is made, and a reset replaces the hash, which ends the old
 * address (docs/decisions/103).
 */
export interface CalendarFeed {
	userId: number
	tokenHash: string
	createdAt: Date
}

const calendarFeedSchema = new Schema<CalendarFeed>(
	{
		userId: { type: Number, required: true, unique: true },
		tokenHash: { type: String, required: true, index: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)

export const CalendarFeedModel = defineModel<CalendarFeed>('CalendarFeed', calendarFeedSchema)
