import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A login session. The browser holds only `sid` (in a signed cookie);
 * everything else stays here, so deleting the record ends the session.
 */
export interface Session {
	sid: string
	userId: number | null
	data: Record<string, unknown>
	expiresAt: Date
	createdAt: Date
}

const sessionSchema = new Schema<Session>(
	{
		sid: { type: String, required: true, unique: true },
		userId: { type: Number, default: null, index: true },
		data: { type: Schema.Types.Mixed, default: {} },
		// MongoDB removes expired sessions by itself; reads also check the date.
		expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false, minimize: false },
)

export const SessionModel = defineModel<Session>('Session', sessionSchema)
