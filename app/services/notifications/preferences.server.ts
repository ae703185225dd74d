import mongoose from 'mongoose'
import { NotificationPreferencesModel, UserModel, type NotificationPreferences } from '#models/index'
import {
	DEFAULT_EMAIL_PREFERENCES,
	EMAIL_PREFERENCE_KEYS,
	EMAIL_PREFERENCE_ROWS,
	type EmailPreferenceKey,
} from '~/lib/email-preferences'
import { ServiceError } from '~/lib/service-error'
import { verifyUnsubscribeToken } from '~/services/account/tokens.server'

/**
 * Which notifications a member also gets by email (product §2 "Profile",
 * Notifications tab). Every switch is on until the member turns it off, in
 * the tab or with a mail's unsubscribe link.
 */
export type EmailPreferences = Record<EmailPreferenceKey, boolean>

function withDefaults(stored: Partial<EmailPreferences> | undefined): EmailPreferences {
	return Object.fromEntries(
		EMAIL_PREFERENCE_KEYS.map((key) => [key, stored?.[key] ?? DEFAULT_EMAIL_PREFERENCES[key]]),
	) as EmailPreferences
}

export async function getEmailPreferences(userId: number): Promise<EmailPreferences> {
	const stored = await NotificationPreferencesModel.findOne({ userId })
		.select('email')
		.lean<Pick<NotificationPreferences, 'email'>>()
	return withDefaults(stored?.email)
}

/** Many members' switches in one query (a reminder to everyone going to an event). */
export async function getEmailPreferencesOf(userIds: number[]): Promise<Map<number, EmailPreferences>> {
	const rows = await NotificationPreferencesModel.find({ userId: mongoose.trusted({ $in: userIds }) })
		.select('userId email')
		.lean<Array<Pick<NotificationPreferences, 'userId' | 'email'>>>()
	const stored = new Map(rows.map((row) => [row.userId, row.email]))
	return new Map(userIds.map((userId) => [userId, withDefaults(stored.get(userId))]))
}

/** The member's own choice, from the Notifications tab. */
export async function saveEmailPreferences(
	userId: number,
	preferences: Partial<EmailPreferences>,
): Promise<EmailPreferences> {
	const email = withDefaults(preferences)
	// Whole fields, never dotted paths, and no defaults added by Mongoose: the emulator stores a dotted path of an upsert's insert as a field name.
	await NotificationPreferencesModel.updateOne(
		{ userId },
		{
			$set: { email, updatedAt: new Date() },
			$setOnInsert: { userId, digestSlot: null, digestThroughNotificationId: 0, weeklyDigestSlot: null },
		},
		{ upsert: true, setDefaultsOnInsert: false },
	)
	return email
}

export const UNSUBSCRIBE_LINK_INVALID =
	'This unsubscribe link is not valid. You can choose your emails in your profile, under Notifications.'

/** What an unsubscribe link names, for its page: the kind of email, or why it cannot be used. */
export async function readUnsubscribeLink(
	token: string,
): Promise<{ key: EmailPreferenceKey; label: string; userId: number }> {
	const signed = verifyUnsubscribeToken(token)
	const key = EMAIL_PREFERENCE_KEYS.find((candidate) => candidate === signed?.what)
	if (!signed || !key) throw new ServiceError(UNSUBSCRIBE_LINK_INVALID, 400)
	if (!(await UserModel.exists({ id: signed.userId }))) throw new ServiceError(UNSUBSCRIBE_LINK_INVALID, 400)
	return { key, label: EMAIL_PREFERENCE_ROWS.find((row) => row.key === key)!.label, userId: signed.userId }
}

/** One click from a mail, no login: turns that kind of email off for the member the link was made for. */
export async function unsubscribe(token: string): Promise<{ key: EmailPreferenceKey; label: string }> {
	const { key, label, userId } = await readUnsubscribeLink(token)
	const current = await getEmailPreferences(userId)
	await saveEmailPreferences(userId, { ...current, [key]: false })
	return { key, label }
}

/** The account is being deleted. */
export async function deleteEmailPreferencesOf(userId: number): Promise<void> {
	await NotificationPreferencesModel.deleteMany({ userId })
}
