import { z } from 'zod'
import { MessageContentSchema } from '~/lib/chat'

/**
 * Chat corrections, moderation, reports and blocks (product §5, §6): the
 * rules, the texts and the zod schemas, shared by the services, the page
 * actions, the JSON calls, the socket handlers and the browser.
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

const IdSchema = (what: string) =>
	z
		.number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` })
		.int(`${what} must be a whole number`)
		.positive(`${what} must be a positive number`)
		.max(Number.MAX_SAFE_INTEGER, `${what} is too large`)

const ReasonSchema = z.enum(REPORT_REASONS, {
	errorMap: () => ({ message: `reason must be one of: ${REPORT_REASONS.join(', ')}` }),
})

const DetailsSchema = z
	.string({ invalid_type_error: 'details must be text' })
	.trim()
	.max(REPORT_DETAILS_MAX, `details must be at most ${REPORT_DETAILS_MAX} characters long`)
	.nullish()
	.transform((value) => value || null)

/** 'Other' needs a few words: the one rule of every report form and call. */
function withDetailsRule<Output extends { reason: ReportReasonValue; details: string | null }, Input>(
	schema: z.ZodType<Output, z.ZodTypeDef, Input>,
) {
	return schema.refine((report) => report.reason !== 'other' || report.details !== null, {
		message: DETAILS_REQUIRED,
		path: ['details'],
	})
}

export const REPORT_TARGET_REQUIRED = 'Say what you report: messageId, postId, commentId or checkInId (one of them)'

/**
 * POST /api/reports: a chat message (`messageId`), a discussion post
 * (`postId`) or a comment (`commentId`), exactly one; 'other' needs a few
 * words.
 */
export const ReportSchema = withDetailsRule(
	z
		.object({
			messageId: IdSchema('messageId').optional(),
			postId: IdSchema('postId').optional(),
			commentId: IdSchema('commentId').optional(),
			checkInId: IdSchema('checkInId').optional(),
			reason: ReasonSchema,
			details: DetailsSchema,
		})
		.refine(
			(report) => [report.messageId, report.postId, report.commentId, report.checkInId].filter(Boolean).length === 1,
			{
				message: REPORT_TARGET_REQUIRED,
				path: ['messageId'],
			},
		),
)
export type ReportInput = z.output<typeof ReportSchema>

/** The discussions' report forms: the post is the page's; a comment is named by the form. */
export const PostReportFormSchema = withDetailsRule(z.object({ reason: ReasonSchema, details: DetailsSchema }))
export const CommentReportFormSchema = withDetailsRule(
	z.object({ commentId: IdSchema('commentId'), reason: ReasonSchema, details: DetailsSchema }),
)

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

const HoursSchema = z.union([z.literal(1), z.literal(24), z.literal(168), z.null()], {
	errorMap: () => ({ message: 'hours must be 1, 24, 168 or null (until lifted)' }),
})

const MuteReasonSchema = z
	.string({ required_error: 'reason is required', invalid_type_error: 'reason must be text' })
	.trim()
	.min(1, 'reason is required')
	.max(MUTE_REASON_MAX, `reason must be at most ${MUTE_REASON_MAX} characters long`)

/** POST /api/moderation/mutes. */
export const MuteSchema = z.object({ userId: IdSchema('userId'), hours: HoursSchema, reason: MuteReasonSchema })
export type MuteInput = z.output<typeof MuteSchema>

/** The mute form (a room's message menu, /moderation): the duration as a select. */
export const MuteFormSchema = z.object({
	userId: IdSchema('userId'),
	duration: z.enum(['1', '24', '168', 'lifted'], { errorMap: () => ({ message: 'Choose how long the mute lasts' }) }),
	reason: MuteReasonSchema,
})

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

/** POST /api/reports/{id}/resolve. */
export const ResolveReportSchema = z
	.object({
		action: z.enum(RESOLVE_ACTIONS, {
			errorMap: () => ({ message: `action must be one of: ${RESOLVE_ACTIONS.join(', ')}` }),
		}),
		hours: HoursSchema.optional(),
	})
	.refine((input) => input.action !== 'mute' || input.hours !== undefined, {
		message: MUTE_HOURS_REQUIRED,
		path: ['hours'],
	})
export type ResolveReportInput = z.output<typeof ResolveReportSchema>

/**
 * The resolve forms of /moderation: one form per outcome, the mute one with
 * its duration. (The field is not called `action`: a form control of that
 * name would hide the form's own `action` in the DOM.)
 */
export const ResolveReportFormSchema = z.object({
	reportId: IdSchema('reportId'),
	outcome: z.enum(RESOLVE_ACTIONS, { errorMap: () => ({ message: 'Choose what to do with the report' }) }),
	duration: z.enum(['1', '24', '168', 'lifted']).optional(),
})

// ---------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------

/** PATCH /api/messages/{id}. */
export const EditMessageSchema = z.object({ content: MessageContentSchema })

/** /moderation's form that lifts a mute. */
export const LiftMuteFormSchema = z.object({ userId: IdSchema('userId') })

/** The chat pages' correction forms (without JavaScript): edit, delete. */
export const EditMessageFormSchema = z.object({ messageId: IdSchema('messageId'), content: MessageContentSchema })
export const MessageIdFormSchema = z.object({ messageId: IdSchema('messageId') })
export const ReportFormSchema = withDetailsRule(
	z.object({ messageId: IdSchema('messageId'), reason: ReasonSchema, details: DetailsSchema }),
)
