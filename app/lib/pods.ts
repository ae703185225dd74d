import { z } from 'zod'
import { type CheckInOutcome } from '#models/pod'
import { isOneLineText, oneLineTextMessage } from '~/lib/schemas'
import { isValidTimeZone, toDateTimeLocalValue, zoneOffset, zonedDateTimeToDate } from '~/lib/dates'

/**
 * Peer pods' rules that the browser shares (product §2 "Peer pods",
 * docs/decisions/210-213): sizes, the time-zone band, pod weeks in the
 * pod's own time zone, and the forms' schemas.
 */

export const POD_MIN_SIZE = 4
export const POD_MAX_SIZE = 6
/** The seven-day fallback may form a pod this small; a pod below it is merged. */
export const POD_FALLBACK_SIZE = 3
/** Members whose UTC offsets now are at most this far apart share a band. */
export const POD_BAND_MINUTES = 180
export const POD_FALLBACK_DAYS = 7
export const POD_WEEKS = 12
/** A member who lost Premium reads their pods this long (docs/decisions/214). */
export const POD_LAPSE_DAYS = 30

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export const weekdayName = (isoDay: number) => WEEKDAYS[(isoDay - 1 + 7) % 7]!

/** The model's outcomes, spelled here too so the browser never loads the model. */
export const OUTCOMES = ['done', 'partly', 'not-yet'] as const satisfies readonly CheckInOutcome[]

export const OUTCOME_LABELS: Record<CheckInOutcome, string> = { done: 'Done', partly: 'Partly', 'not-yet': 'Not yet' }

export const POD_LIMITS = { name: 60, note: 1000, commitment: 280, reply: 1000 } as const

const DAY_MS = 86_400_000

/** The UTC offset of `zone` at `now`, in minutes (east positive). */
export function offsetMinutes(zone: string, now: Date): number {
	return Math.round(zoneOffset(now.getTime(), zone) / 60_000)
}

/** The calendar date (YYYY-MM-DD) `now` falls on in `zone`. */
export function localDate(now: Date, zone: string): string {
	return toDateTimeLocalValue(now, zone).slice(0, 10)
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
	const day = new Date(`${date}T00:00:00Z`).getUTCDay()
	return day === 0 ? 7 : day
}

export function addDays(date: string, days: number): string {
	return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10)
}

function daysBetween(from: string, to: string): number {
	return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** The latest `isoDay` on or before `date`. */
export function lastWeekdayOnOrBefore(date: string, isoDay: number): string {
	return addDays(date, -((isoWeekday(date) - isoDay + 7) % 7))
}

export interface PodWeekRule {
	timeZone: string
	checkInDay: number
	firstWeekDate: string
}

/**
 * When week `week` of a pod begins: midnight of its check-in day in the
 * pod's zone. Counted in calendar days, then placed in the zone, so a week
 * with a daylight-saving change is 167 or 169 hours long and every week
 * still begins at local midnight.
 */
export function podWeekStart(rule: PodWeekRule, week: number): Date {
	return zonedDateTimeToDate(`${addDays(rule.firstWeekDate, (week - 1) * 7)}T00:00`, rule.timeZone)!
}

/** The pod week `now` falls in (1 for the first week; 0 before it began). */
export function podWeekAt(rule: PodWeekRule, now: Date): number {
	const today = localDate(now, rule.timeZone)
	const days = daysBetween(rule.firstWeekDate, today)
	return days < 0 ? 0 : Math.floor(days / 7) + 1
}

/** The local date of the last day of a pod week (the day before the next check-in day). */
export function podWeekLastDate(rule: PodWeekRule, week: number): string {
	return addDays(rule.firstWeekDate, week * 7 - 1)
}

export const TimeZoneField = z
	.string({ required_error: 'Choose a time zone', invalid_type_error: 'Choose a time zone' })
	.trim()
	.refine(isValidTimeZone, 'Choose a time zone from the list')

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
