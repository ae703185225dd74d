import { Schema } from 'mongoose'
import { defineModel } from './model'

/**
 * Failed logins per username (lower-cased), whether or not the account
 * exists, so the lock-out does not reveal which usernames are taken.
 */
export interface LoginThrottle {
	key: string
	failures: number
	lockedUntil: Date | null
	updatedAt: Date
}

const loginThrottleSchema = new Schema<LoginThrottle>(
	{
		key: { type: String, required: true, unique: true },
		failures: { type: Number, required: true, default: 0 },
		lockedUntil: { type: Date, default: null },
		// Stale counters disappear after a day.
		updatedAt: { type: Date, required: true, default: () => new Date(), index: { expireAfterSeconds: 86_400 } },
	},
	{ versionKey: false },
)

export const LoginThrottleModel = defineModel<LoginThrottle>('LoginThrottle', loginThrottleSchema)
