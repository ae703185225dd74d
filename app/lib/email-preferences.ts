/**
 * The kinds of email a member chooses on the Notifications tab: what the tab
 * draws and the server reads. The tab's schema is in `account-schemas.ts`,
 * loaded by the page only when the form is used (docs/decisions/220).
 */

/** The kinds of email a member can turn on or off (models/notification-preferences.ts stores one switch each). */
export const EMAIL_PREFERENCE_KEYS = [
	'privateMessages',
	'mentions',
	'discussions',
	'eventReminders',
	'newLessons',
	'billing',
	'programs',
	'podCheckIns',
	'weeklyDigest',
] as const
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[number]

/** A member who never chose gets every email but the weekly community digest, which is asked for. */
export const DEFAULT_EMAIL_PREFERENCES: Record<EmailPreferenceKey, boolean> = {
	privateMessages: true,
	mentions: true,
	discussions: true,
	eventReminders: true,
	newLessons: true,
	billing: true,
	programs: true,
	podCheckIns: true,
	weeklyDigest: false,
}

/** The rows of the Notifications tab, in order, with what each one sends. */
export const EMAIL_PREFERENCE_ROWS: Array<{ key: EmailPreferenceKey; label: string; description: string }> = [
	{
		key: 'privateMessages',
		label: 'Private messages',
		description: 'When someone writes to you while you are away: one email per conversation an hour at most.',
	},
	{
		key: 'mentions',
		label: 'Mentions',
		description: 'When someone mentions you in a community room or a discussion.',
	},
	{
		key: 'discussions',
		label: 'Discussions you follow',
		description: 'New comments on the discussions you follow: one email per discussion until you read it.',
	},
	{
		key: 'eventReminders',
		label: 'Event reminders',
		description: 'One hour before an event you are going to; as a push also when it changes or is cancelled.',
	},
	{
		key: 'newLessons',
		label: 'New lessons',
		description: 'A weekly digest of the lessons added to the library, by email.',
	},
	{ key: 'billing', label: 'Billing', description: 'A reminder three days before your free trial ends.' },
	{
		key: 'programs',
		label: 'Programs',
		description: 'When a module of a program you started opens, and when you earn a certificate.',
	},
	{
		key: 'podCheckIns',
		label: 'Pod check-ins',
		description:
			'When your peer pod forms or changes, and a reminder the day before and on your check-in day if you have not checked in.',
	},
	{
		key: 'weeklyDigest',
		label: 'Weekly digest',
		description:
			"Every Monday: the week's most active discussions in your communities, new lessons, and events you can still join.",
	},
]
