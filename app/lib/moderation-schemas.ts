import { z } from 'zod'
import { MessageContentSchema } from '~/lib/chat-schemas'
import {
	DETAILS_REQUIRED,
	MUTE_HOURS_REQUIRED,
	MUTE_REASON_MAX,
	REPORT_DETAILS_MAX,
	REPORT_REASONS,
	REPORT_TARGET_REQUIRED,
	RESOLVE_ACTIONS,
	type ReportReasonValue,
} from '~/lib/moderation'

/**
 * The zod schemas of chat corrections, moderation and reports (product §5,
 * §6), shared by the services, the page actions, the JSON calls, the socket
 * handlers and, loaded when a form is first used, the browser
 * (docs/decisions/220). The rules and texts are in `moderation.ts`.
 */

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
