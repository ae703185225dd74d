import { canonicalTimeZone, FALLBACK_TIME_ZONE, isValidTimeZone } from '~/lib/dates'
import { TIME_ZONE_COOKIE } from '~/lib/time-zone-hint'

// The server's side of the time-zone hint (~/lib/time-zone-hint): reading the cookie and setting it.
// A server module, so no page's scripts import it, nor ~/lib/dates through it (decision 239).

export interface TimeZoneInfo {
	timeZone: string
	/** False when the browser sent no (valid) hint and we fell back to UTC. */
	fromHint: boolean
}

const TIME_ZONE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`)

/** The zone the server draws a page in: the hint's cookie (~/lib/time-zone-hint), else UTC. */
export function readTimeZone(cookieHeader: string | null | undefined): TimeZoneInfo {
	const raw = TIME_ZONE_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1]
	let value = ''
	try {
		value = raw ? decodeURIComponent(raw) : ''
	} catch {
		value = ''
	}
	const timeZone = canonicalTimeZone(value)
	return timeZone ? { timeZone, fromHint: true } : { timeZone: FALLBACK_TIME_ZONE, fromHint: false }
}

/**
 * The `tz` cookie as the server sets it after a login or sign-up that sent
 * the zone along, so the first member page is drawn in it at once. Not
 * HttpOnly: the hint script reads it to see whether it is still right.
 * Null when the value is not a zone.
 */
export function timeZoneCookieFor(value: FormDataEntryValue | null, { secure }: { secure: boolean }): string | null {
	if (typeof value !== 'string' || !isValidTimeZone(value)) return null
	return `${TIME_ZONE_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
}
