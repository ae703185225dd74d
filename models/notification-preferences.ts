import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Which notifications a member also wants by email (product §2 "Profile",
 * Notifications tab). A member without a document has every email on but
 * the weekly community digest.
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
	/** New comments on the discussions the member follows. */
	discussions: boolean
	/** Peer pods: a pod formed or changed, and the check-in reminders (docs/decisions/213). */
	podCheckIns: boolean
	/** The weekly community digest: off until the member turns it on. */
	weeklyDigest: boolean
}

/** What a member who never chose gets: every email but the weekly digest, which they ask for. */
export const DEFAULT_EMAILS: EmailPreferences = {
	privateMessages: true,
	mentions: true,
	eventReminders: true,
	newLessons: true,
	billing: true,
	programs: true,
	discussions: true,
	podCheckIns: true,
	weeklyDigest: false,
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
	/** The weekly community digest already sent: the week it was for (docs/decisions/164). */
	weeklyDigestSlot: Date | null
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
			discussions: { type: Boolean, required: true, default: true },
			podCheckIns: { type: Boolean, required: true, default: true },
			weeklyDigest: { type: Boolean, required: true, default: false },
		},
		digestSlot: { type: Date, default: null },
		digestThroughNotificationId: { type: Number, required: true, default: 0 },
		weeklyDigestSlot: { type: Date, default: null },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false, minimize: false },
)

export const NotificationPreferencesModel = defineModel<NotificationPreferences>(
	'NotificationPreferences',
	notificationPreferencesSchema,
)
