/**
 * Chat corrections, moderation, reports and blocks (product §5, §6): the
 * rules and the texts, shared by the services, the page actions, the JSON
 * calls, the socket handlers and the browser. The zod schemas are in
 * `moderation-schemas.ts`, which a page loads when a form is first used
 * (docs/decisions/220).
 */

/** product §9: authors may edit or delete a message for this long after sending it. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000

/** Whether the author may still edit or delete a message sent at `createdAt`. */
export function isWithinEditWindow(createdAt: string | Date, now: number = Date.now()): boolean {
	return now - new Date(createdAt).getTime() <= MESSAGE_EDIT_WINDOW_MS
}

export const MESSAGE_NOT_FOUND = 'Message not found'
export const NOT_YOUR_MESSAGE = 'You can only edit or delete your own messages'
export const EDIT_WINDOW_PASSED = 'Messages can only be edited or deleted within 15 minutes of sending'
export const MESSAGE_ALREADY_DELETED = 'This message has been deleted'
export const CANNOT_MODERATE_STAFF = 'Moderators cannot moderate an admin or another moderator'
export const NO_SELF_MUTE = 'You cannot mute yourself'
export const NO_SELF_REPORT = 'You cannot report your own message'
export const ALREADY_REPORTED = 'You have already reported this message'
export const NOT_YOUR_CONVERSATION = 'You can only report private messages you received'
export const REPORT_NOT_FOUND = 'Report not found'
export const REPORT_ALREADY_RESOLVED = 'This report has already been resolved'
export const NO_SELF_BLOCK = 'You cannot block yourself'
export const CANNOT_MESSAGE_MEMBER = 'You cannot message this member'
export const YOU_BLOCKED_MEMBER = 'You have blocked this member. Unblock them to send a message.'
export const USER_NOT_FOUND = 'User not found'

/** The shown texts of deleted messages (product §2 "Chat panel"). */
export const DELETED_BY_AUTHOR_TEXT = 'Message deleted'
export const REMOVED_BY_MODERATOR_TEXT = 'Removed by a moderator'
export const EDITED_MARK = '(edited)'

/** product §6: a muted member's posts are refused with this (a 403), everywhere. */
export function mutedMessage(
	until: string | Date | null,
	formatTime: (value: string | Date) => string = formatUtc,
): string {
	return until === null ? 'You are muted until a moderator lifts the mute' : `You are muted until ${formatTime(until)}`
}

function formatUtc(value: string | Date): string {
	const text = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
		new Date(value),
	)
	return `${text.replace(/\s/g, ' ')} UTC`
}

// ---------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------

export const REPORT_REASONS = ['spam', 'harassment', 'off-topic', 'other'] as const
export type ReportReasonValue = (typeof REPORT_REASONS)[number]
export const REPORT_REASON_LABELS: Record<ReportReasonValue, string> = {
	spam: 'Spam',
	harassment: 'Harassment',
	'off-topic': 'Off-topic',
	other: 'Other',
}
export const REPORT_DETAILS_MAX = 500
export const DETAILS_REQUIRED = 'Please say what is wrong with this message'

export const REPORT_TARGET_REQUIRED = 'Say what you report: messageId, postId, commentId or checkInId (one of them)'

// ---------------------------------------------------------------------------
// Mutes
// ---------------------------------------------------------------------------

/** product §6: 1 hour, 24 hours, 7 days, or until lifted (null). */
export const MUTE_HOURS = [1, 24, 168] as const
export type MuteHours = (typeof MUTE_HOURS)[number] | null
export const MUTE_DURATION_OPTIONS: Array<{ value: string; label: string; hours: MuteHours }> = [
	{ value: '1', label: '1 hour', hours: 1 },
	{ value: '24', label: '24 hours', hours: 24 },
	{ value: '168', label: '7 days', hours: 168 },
	{ value: 'lifted', label: 'Until lifted', hours: null },
]
export const MUTE_REASON_MAX = 500

export function hoursOfDuration(duration: string): MuteHours {
	return MUTE_DURATION_OPTIONS.find((option) => option.value === duration)?.hours ?? null
}

// ---------------------------------------------------------------------------
// Resolving reports
// ---------------------------------------------------------------------------

export const RESOLVE_ACTIONS = ['dismiss', 'delete', 'mute'] as const
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number]
/** The forms of /moderation. */
export const MODERATION_INTENTS = { resolve: 'resolve-report', lift: 'lift-mute' } as const

export const MUTE_HOURS_REQUIRED = 'hours is required to mute: 1, 24, 168 or null (until lifted)'

// ---------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------
