import { type CheckInOutcome } from '#models/pod'
import { toDateTimeLocalValue, zoneOffset, zonedDateTimeToDate } from '~/lib/zoned-time'

/**
 * Peer pods' rules that the browser shares (product §2 "Peer pods",
 * docs/decisions/210-213): sizes, the time-zone band, pod weeks in the
 * pod's own time zone. The forms' schemas are in `pod-schemas.ts`.
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
