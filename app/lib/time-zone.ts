/**
 * Wall-clock times in a named time zone (docs/decisions/030-admin-event-times.md).
 * A `datetime-local` input gives "2025-06-01T17:00" with no zone; these
 * helpers turn it into an instant and back, for any IANA zone, DST included.
 */

/** The cookie a client hint may set with the browser's IANA time zone. */
export const TIME_ZONE_COOKIE = 'tz'
export const DEFAULT_TIME_ZONE = 'UTC'

export function isValidTimeZone(zone: string): boolean {
	if (!zone || zone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone })
		return true
	} catch {
		return false
	}
}

/** The zone a browser runs in (only meaningful in the browser). */
export function browserTimeZone(): string {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
	return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE
}

/** The time zone named by the `tz` cookie of a request, or UTC. */
export function timeZoneFromCookie(cookieHeader: string | null): string {
	const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')
	if (!match) return DEFAULT_TIME_ZONE
	let zone = match[1]!
	try {
		zone = decodeURIComponent(zone)
	} catch {
		return DEFAULT_TIME_ZONE
	}
	return isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE
}

const DAY_MS = 86_400_000
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/

/** The offset of `zone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function zoneOffset(instant: number, zone: string): number {
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
	if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59 || second > 59) return null
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

/**
 * "Jun 1, 2025, 5:00 PM" in `zone`. Some ICU versions put a narrow no-break
 * space before "PM"; plain spaces keep the server's and the browser's text
 * identical, so hydration matches.
 */
export function formatDateTime(value: Date | string, zone: string): string {
	return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(value)).replace(/\s/g, ' ')
}

/** "Jun 1, 2025" in `zone`. */
export function formatDate(value: Date | string, zone: string): string {
	return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: zone }).format(new Date(value)).replace(/\s/g, ' ')
}
