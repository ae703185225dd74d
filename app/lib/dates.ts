/**
 * Dates and times in the member's own time zone. Pages format on the server
 * (in loaders) with the zone from the time-zone client hint, so the HTML is
 * right without JavaScript and hydration never sees a different string.
 */
export const FALLBACK_TIME_ZONE = 'UTC'

/**
 * Zones come from members (the time-zone hint's cookie on every member page,
 * a pod's form) in any letter case, and UTC offsets ("+05:30") are zones too:
 * what is kept per zone is bounded. Past this many entries a map starts again
 * empty, so made-up spellings cannot grow it (docs/decisions/233).
 */
const KEPT_AT_MOST = 2_000

function keep<V>(map: Map<string, V>, key: string, value: V): V {
	if (map.size >= KEPT_AT_MOST) map.clear()
	map.set(key, value)
	return value
}

const zoneNames = new Map<string, string | null>()

/** The runtime's zone names by their lower case, for writing a zone in its own letter case. */
let zonesByLowerCase: Map<string, string> | undefined

/**
 * The zone as it is written ('europe/paris' is 'Europe/Paris'), or null when
 * the text names no zone. Only the letter case changes: a browser's own
 * spelling stays as it is ('Asia/Kolkata', which the runtime itself would
 * call by its old name 'Asia/Calcutta'). Checked on every member page: a
 * spelling seen before is a lookup, not a new Intl formatter (about 40 µs).
 */
export function canonicalTimeZone(timeZone: string): string | null {
	if (!timeZone || timeZone.length > 64) return null
	const known = zoneNames.get(timeZone)
	if (known !== undefined) return known
	let name: string | null
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		zonesByLowerCase ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]))
		name = zonesByLowerCase.get(timeZone.toLowerCase()) ?? timeZone
	} catch {
		name = null
	}
	return keep(zoneNames, timeZone, name)
}

export function isValidTimeZone(timeZone: string): boolean {
	return canonicalTimeZone(timeZone) !== null
}

/** How many zone spellings, formatters and written texts are kept (for the tests of their bound). */
export function keptDateFormatting(): { zones: number; formatters: number; texts: number; atMost: number } {
	return { zones: zoneNames.size, formatters: formatters.size, texts: texts.size, atMost: KEPT_AT_MOST }
}

function toDate(value: string | Date): Date {
	return value instanceof Date ? value : new Date(value)
}

/**
 * Every way a date is written, by name. Building an Intl.DateTimeFormat costs
 * far more than using one, and a page formats dates by the hundred in a
 * handful of styles: one formatter is kept per style and zone, found by a
 * short key rather than by serializing the options on every call (which was
 * a measurable share of the room page's CPU, docs/decisions/233).
 */
const STYLES = {
	/** 'Mar 5, 2025' */
	date: { dateStyle: 'medium' },
	/** 'Wed, Mar 5, 2025' */
	longDate: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
	/** 'Jun 1, 2025, 5:00 PM' */
	dateTime: { dateStyle: 'medium', timeStyle: 'short' },
	/** '3:00 PM' */
	time: { hour: 'numeric', minute: '2-digit' },
	/** 'Mar 5, 3:00 PM' */
	dayAndTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
	/** 'Mon' */
	weekday: { weekday: 'short' },
	/** 'Nov 2' */
	monthDay: { month: 'short', day: 'numeric' },
	/** 'Nov 2, 2024' */
	monthDayYear: { month: 'short', day: 'numeric', year: 'numeric' },
	/** '2025-03-05' (in the en-CA locale) */
	calendarDay: { year: 'numeric', month: '2-digit', day: '2-digit' },
	/** Every field as a number on a 24-hour clock, for formatToParts. */
	wallClock: {
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	},
} as const satisfies Record<string, Intl.DateTimeFormatOptions>
type Style = keyof typeof STYLES

// One per style and zone in use; bounded like the zones' names (KEPT_AT_MOST).
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The formatter of `style` in `timeZone`; no zone is the runtime's own (the browser's, for a reader's local time).
 * Exported for ~/lib/zoned-time's wall clock, so it keeps to the same formatters.
 */
export function formatter(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
	const key = timeZone === undefined ? style : `${style}|${timeZone}`
	let cached = formatters.get(key)
	if (!cached) {
		cached = keep(
			formatters,
			key,
			new Intl.DateTimeFormat(style === 'calendarDay' ? 'en-CA' : 'en-US', { ...STYLES[style], timeZone }),
		)
	}
	return cached
}

/**
 * Texts already written, by style, zone and instant (bounded like the
 * formatters). An Intl format costs a few microseconds, and pages write the same
 * ones again and again: a room writes its fifty latest messages' times on
 * every request, and a list asks which day "now" is once per item
 * (docs/decisions/240). Writing is deterministic for a style, a zone and an
 * instant (a Date is keyed by its time, `@…`, apart from any text); an
 * invalid date throws before anything is kept.
 */
const texts = new Map<string, string>()

/**
 * Some ICU versions put a narrow no-break space before "PM"; plain spaces keep
 * the server's and the browser's text identical, so hydration matches.
 */
function format(style: Style, value: string | Date, timeZone: string | undefined): string {
	const key = `${style}|${timeZone ?? ''}|${value instanceof Date ? `@${value.getTime()}` : value}`
	const known = texts.get(key)
	if (known !== undefined) return known
	return keep(texts, key, formatter(style, timeZone).format(toDate(value)).replace(/\s/g, ' '))
}

/** The zone a browser runs in (only meaningful in the browser). */
export function browserTimeZone(): string {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
	return zone && isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE
}

/** 'Mar 5, 2025' */
export function formatDate(value: string | Date, timeZone: string): string {
	return format('date', value, timeZone)
}

/** 'Wed, Mar 5, 2025' */
export function formatLongDate(value: string | Date, timeZone: string): string {
	return format('longDate', value, timeZone)
}

/** 'Jun 1, 2025, 5:00 PM' */
export function formatDateTime(value: string | Date, timeZone: string): string {
	return format('dateTime', value, timeZone)
}

/** '3:00 PM' */
export function formatTime(value: string | Date, timeZone: string): string {
	return format('time', value, timeZone)
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
	const text = format(sameDay ? 'time' : 'dayAndTime', date, local ? undefined : 'UTC')
	return local ? text : `${text} UTC`
}

/** The calendar day of an instant in a time zone, as 'YYYY-MM-DD' (for "is it today?"). */
export function calendarDay(value: string | Date, timeZone: string): string {
	return format('calendarDay', value, timeZone)
}

/**
 * No calendar day in the time-zone database lasts 72 hours. The longest are
 * Alaska's 18 October 1867, lived twice when it moved from Russian to
 * American time (48 hours less a second in America/Sitka), and days on which
 * a zone puts its clock back (26 hours at most): instants 72 hours apart are
 * never on the same day, whatever the zone, with a day's margin.
 */
const NEVER_THE_SAME_DAY_MS = 72 * 60 * 60 * 1000

/**
 * Whether two instants fall on the same calendar day in `timeZone` ("is it
 * today?"). Instants days apart, as most of a list's events are from now,
 * are answered without formatting either (a page asks this for each card).
 */
export function isSameCalendarDay(a: string | Date, b: string | Date, timeZone: string): boolean {
	if (Math.abs(toDate(a).getTime() - toDate(b).getTime()) >= NEVER_THE_SAME_DAY_MS) return false
	return calendarDay(a, timeZone) === calendarDay(b, timeZone)
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
	if (daysAgo < 7) return format('weekday', value, timeZone)
	const thisYear = calendarDay(value, timeZone).slice(0, 4) === calendarDay(new Date(now), timeZone).slice(0, 4)
	return format(thisYear ? 'monthDay' : 'monthDayYear', value, timeZone)
}
