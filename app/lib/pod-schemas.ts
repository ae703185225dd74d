import { z } from 'zod'
import { isOneLineText, oneLineTextMessage } from '~/lib/schemas'
import { canonicalTimeZone } from '~/lib/dates'
import { OUTCOMES, POD_LIMITS } from '~/lib/pods'

/**
 * The zod schemas of peer pods' JSON calls and forms (docs/decisions/210–216),
 * for the services, the routes and the browser. The rules, limits and texts
 * are in `pods.ts` (docs/decisions/220).
 */

/**
 * A zone as it is written ('europe/paris' is kept as 'Europe/Paris'): pods
 * are matched and named by their members' zones, so one zone spelled two
 * ways would count as two (docs/decisions/233).
 */
export const TimeZoneField = z
	.string({ required_error: 'Choose a time zone', invalid_type_error: 'Choose a time zone' })
	.trim()
	.transform((zone, ctx) => {
		const canonical = canonicalTimeZone(zone)
		if (canonical) return canonical
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Choose a time zone from the list' })
		return z.NEVER
	})

/** Numbers are numbers in JSON; forms' text is turned into numbers by Conform's parseWithZod before this. */
export const CheckInDayField = z
	.number({ required_error: 'Choose a check-in day', invalid_type_error: 'Choose a check-in day' })
	.int('Choose a check-in day')
	.min(1, 'Choose a check-in day')
	.max(7, 'Choose a check-in day')

/** POST /api/programs/{id}/pod-queue and the "Join a pod" form. */
export const JoinPodQueueSchema = z.object({ timeZone: TimeZoneField, checkInDay: CheckInDayField })

const noteField = z
	.string({ invalid_type_error: 'The note must be text' })
	.trim()
	.max(POD_LIMITS.note, `The note must be at most ${POD_LIMITS.note} characters long`)
	.optional()
	.transform((value) => value ?? '')

const commitmentField = z
	.string({ required_error: "Write this week's commitment", invalid_type_error: 'The commitment must be text' })
	.trim()
	.min(1, "Write this week's commitment")
	.max(POD_LIMITS.commitment, `The commitment must be at most ${POD_LIMITS.commitment} characters long`)
	.refine(isOneLineText, oneLineTextMessage('The commitment'))

const itemField = z
	.number({ invalid_type_error: 'Choose an item of the program' })
	.int('Choose an item of the program')
	.positive('Choose an item of the program')
	.nullish()
	.transform((value) => value ?? null)

/** POST /api/pods/{id}/check-ins and the check-in form; PATCH takes the same fields, each optional. */
export const CheckInSchema = z.object({
	outcome: z.enum(OUTCOMES, {
		errorMap: () => ({ message: "Say how last week's commitment went" }),
	}),
	note: noteField,
	commitment: commitmentField,
	itemId: itemField,
})
export type CheckInInput = z.output<typeof CheckInSchema>

export const CheckInPatchSchema = CheckInSchema.partial().refine(
	(changes) => Object.values(changes).some((value) => value !== undefined),
	'Send at least one of outcome, note, commitment, itemId',
)

export const PodNameSchema = z.object({
	name: z
		.string({ required_error: 'Name the pod', invalid_type_error: 'The name must be text' })
		.trim()
		.min(1, 'Name the pod')
		.max(POD_LIMITS.name, `The name must be at most ${POD_LIMITS.name} characters long`)
		.refine(isOneLineText, oneLineTextMessage('The name')),
})

export const PodReplySchema = z.object({
	text: z
		.string({ required_error: 'Write a reply', invalid_type_error: 'The reply must be text' })
		.trim()
		.min(1, 'Write a reply')
		.max(POD_LIMITS.reply, `The reply must be at most ${POD_LIMITS.reply} characters long`),
})

export const PodMoveSchema = z.object({
	userId: z
		.number({ required_error: 'Choose a member', invalid_type_error: 'Choose a member' })
		.int()
		.positive('Choose a member'),
	toPodId: z
		.number({ required_error: 'Choose a pod', invalid_type_error: 'Choose a pod' })
		.int()
		.positive('Choose a pod'),
})

/** The pod page's forms that name a check-in: cheer and uncheer, edit, reply. */
const checkInIdField = z.number().int().positive()
export const CheckInIdFormSchema = z.object({ checkInId: checkInIdField })
export const EditCheckInFormSchema = CheckInSchema.extend({ checkInId: checkInIdField })
export const PodReplyFormSchema = PodReplySchema.extend({ checkInId: checkInIdField })
