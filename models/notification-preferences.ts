import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Which notifications a member also wants by email (product §2 "Profile",
 * Notifications tab). A member without a document has every email on.
 * Payment problems and the end of a subscription are always emailed, so
 * they have no switch here.
 */
export interface EmailPreferences {
	privateMessages: boolean
	mentions: boolean
	eventReminders: boolean
	newLessons: boolean
	billing: boolean
	/** A module of a started program opened; a certificate was issued (docs/decisions/151). */
	programs: boolean
}

/** Every switch on: what a member who never chose gets. */
export const ALL_EMAILS_ON: EmailPreferences = {
	privateMessages: true,
	mentions: true,
	eventReminders: true,
	newLessons: true,
	billing: true,
	programs: true,
}

export interface NotificationPreferences {
	userId: number
	email: EmailPreferences
	/**
	 * The weekly lesson digest already sent: the week it was for (its slot,
	 * Monday 08:00 UTC) and the last new-lesson notification it listed. The
	 * next digest lists only newer ones, and a week gets one digest at most.
	 * Top-level fields, not a sub-document: the embedded emulator does not
	 * expand dotted paths when an upsert inserts.
	 */
	digestSlot: Date | null
	digestThroughNotificationId: number
	updatedAt: Date
}

const notificationPreferencesSchema = new Schema<NotificationPreferences>(
	{
		userId: { type: Number, required: true, unique: true },
		email: {
			privateMessages: { type: Boolean, required: true, default: true },
			mentions: { type: Boolean, required: true, default: true },
			eventReminders: { type: Boolean, required: true, default: true },
			newLessons: { type: Boolean, required: true, default: true },
			billing: { type: Boolean, required: true, default: true },
			programs: { type: Boolean, required: true, default: true },
		},
		digestSlot: { type: Date, default: null },
		digestThroughNotificationId: { type: Number, required: true, default: 0 },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false, minimize: false },
)

export const NotificationPreferencesModel = defineModel<NotificationPreferences>(
	'NotificationPreferences',
	notificationPreferencesSchema,
)
