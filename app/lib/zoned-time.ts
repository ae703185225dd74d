import { formatter } from '~/lib/dates'

/*
 * Wall-clock times in a named zone (docs/decisions/030-admin-event-times.md):
 * a `datetime-local` input gives "2025-06-01T17:00" with no zone; these turn
 * it into an instant and back, for any IANA zone, DST included.
 *
 * Apart from ~/lib/dates: only the forms that take a time (the admin's event
 * and program dialogs, their schemas, pods) use these, while every member
 * page's top bar loads the dates' chunk (decision 239).
 */
const DAY_MS = 86_400_000
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/

/** The offset of `zone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffset(instant: number, zone: string): number {
	const parts = Object.fromEntries(
		formatter('wallClock', zone)
			.formatToParts(new Date(instant))
			.map((part) => [part.type, Number(part.value)]),
	) as Record<string, number>
	const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
	return asUtc - Math.floor(instant / 1000) * 1000
}

/**
 * "2025-06-01T17:00" in `zone` as a Date; null when the text is not a real
 * date and time. A time skipped by a DST change moves forward by the gap,
 * as clocks do; a repeated one takes its first occurrence.
 */
export function zonedDateTimeToDate(local: string, zone: string): Date | null {
	const match = LOCAL_DATE_TIME.exec(local)
	if (!match) return null
	const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0))
	const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second)
	const check = new Date(wall)
	if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59 || second > 59)
		return null
	// The zone's offsets a day before and a day after: equal except near a DST change.
	const before = wall - zoneOffset(wall - DAY_MS, zone)
	const after = wall - zoneOffset(wall + DAY_MS, zone)
	const isWall = (instant: number) => instant + zoneOffset(instant, zone) === wall
	if (isWall(before) && isWall(after)) return new Date(Math.min(before, after))
	if (isWall(after)) return new Date(after)
	// `before` is right, or the time fell in a gap: the earlier offset moves it forward by the gap.
	return new Date(before)
}

/** A Date as the value of a `datetime-local` input in `zone`: "2025-06-01T17:00". */
export function toDateTimeLocalValue(value: Date | string, zone: string): string {
	const instant = new Date(value).getTime()
	const wall = new Date(instant + zoneOffset(instant, zone))
	return wall.toISOString().slice(0, 16)
}
