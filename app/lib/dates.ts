/**
 * Dates and times in the member's own time zone. Pages format on the server
 * (in loaders) with the zone from the time-zone client hint, so the HTML is
 * right without JavaScript and hydration never sees a different string.
 */
export const FALLBACK_TIME_ZONE = 'UTC'

export function isValidTimeZone(timeZone: string): boolean {
	if (!timeZone || timeZone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		return true
	} catch {
		return false
	}
}

function toDate(value: string | Date): Date {
	return value instanceof Date ? value : new Date(value)
}

/**
 * Some ICU versions put a narrow no-break space before "PM"; plain spaces keep
 * the server's and the browser's text identical, so hydration matches.
 */
function format(options: Intl.DateTimeFormatOptions, value: string | Date, locale = 'en-US'): string {
	return formatter(locale, options).format(toDate(value)).replace(/\s/g, ' ')
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one, and a page
 * of events formats hundreds of dates in a handful of styles: keep one per
 * locale, style and zone (the bench's /events went from 4 to … requests/s).
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const key = `${locale}|${JSON.stringify(options)}`
	let cached = formatters.get(key)
	if (!cached) {
		// Zones come from a cookie: the cache stays bounded by the ~600 IANA zones times a few styles.
		cached = new Intl.DateTimeFormat(locale, options)
		formatters.set(key, cached)
	}
	return cached
}

/** The zone a browser runs in (only meaningful in the browser). */
export function browserTimeZone(): string {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
	return zone && isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE
}

/** 'Mar 5, 2025' */
export function formatDate(value: string | Date, timeZone: string): string {
	return format({ dateStyle: 'medium', timeZone }, value)
}

/** 'Wed, Mar 5, 2025' */
export function formatLongDate(value: string | Date, timeZone: string): string {
	return format({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone }, value)
}

/** 'Jun 1, 2025, 5:00 PM' */
export function formatDateTime(value: string | Date, timeZone: string): string {
	return format({ dateStyle: 'medium', timeStyle: 'short', timeZone }, value)
}

/** '3:00 PM' */
export function formatTime(value: string | Date, timeZone: string): string {
	return format({ hour: 'numeric', minute: '2-digit', timeZone }, value)
}

/**
 * A chat message's time: in UTC, marked so, on the server and before
 * hydration (the HTML has no reader's zone for chat), and in the reader's own
 * zone once hydrated, without the date when it is today. Through the shared
 * formatters: a room renders fifty of these per page.
 */
export function formatMessageTime(value: string | Date, { local }: { local: boolean }): string {
	const date = toDate(value)
	const sameDay = local && date.toDateString() === new Date().toDateString()
	const text = format(
		{
			...(sameDay ? {} : { month: 'short', day: 'numeric' }),
			hour: 'numeric',
			minute: '2-digit',
			...(local ? {} : { timeZone: 'UTC' }),
		},
		date,
	)
	return local ? text : `${text} UTC`
}

/** The calendar day of an instant in a time zone, as 'YYYY-MM-DD' (for "is it today?"). */
export function calendarDay(value: string | Date, timeZone: string): string {
	return format({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone }, value, 'en-CA')
}

/**
 * The heading of a day in a chat (product §2 "Chat panel"): 'Today',
 * 'Yesterday', else the date ('Wed, Mar 5, 2025'), by calendar days in `timeZone`.
 */
export function relativeDayLabel(value: string | Date, timeZone: string, now: string | Date | number): string {
	const daysAgo = calendarDaysAgo(value, timeZone, now)
	if (daysAgo === 0) return 'Today'
	if (daysAgo === 1) return 'Yesterday'
	return formatLongDate(value, timeZone)
}

/** How many calendar days in `timeZone` lie between `value` and `now` (0 today, 1 yesterday, negative ahead). */
function calendarDaysAgo(value: string | Date, timeZone: string, now: string | Date | number): number {
	const day = calendarDay(value, timeZone)
	const today = calendarDay(new Date(now), timeZone)
	return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000)
}

/**
 * The short time of a line in a list (the conversations, whose names need
 * the room on a phone): '7:27 AM' today, 'Yesterday', the weekday ('Mon')
 * within the week, else the date ('Nov 2', and the year when it is not this
 * year's), by calendar days in `timeZone`.
 */
export function formatListTime(value: string | Date, timeZone: string, now: string | Date | number): string {
	const daysAgo = calendarDaysAgo(value, timeZone, now)
	if (daysAgo <= 0) return formatTime(value, timeZone)
	if (daysAgo === 1) return 'Yesterday'
	if (daysAgo < 7) return format({ weekday: 'short', timeZone }, value)
	const thisYear = calendarDay(value, timeZone).slice(0, 4) === calendarDay(new Date(now), timeZone).slice(0, 4)
	return format({ month: 'short', day: 'numeric', ...(thisYear ? {} : { year: 'numeric' }), timeZone }, value)
}

/*
 * Wall-clock times in a named zone (docs/decisions/030-admin-event-times.md):
 * a `datetime-local` input gives "2025-06-01T17:00" with no zone; these turn
 * it into an instant and back, for any IANA zone, DST included.
 */
const DAY_MS = 86_400_000
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/

/** The offset of `zone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffset(instant: number, zone: string): number {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
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
