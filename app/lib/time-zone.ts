import { canonicalTimeZone, FALLBACK_TIME_ZONE, isValidTimeZone } from '~/lib/dates'

/**
 * The time-zone client hint (as the Epic Stack does it): a tiny inline
 * script writes the browser's IANA time zone into a cookie, and the server
 * formats times with it. Without JavaScript there is no cookie and times are
 * shown in UTC, and the page says so.
 */
export const TIME_ZONE_COOKIE = 'tz'

export interface TimeZoneInfo {
	timeZone: string
	/** False when the browser sent no (valid) hint and we fell back to UTC. */
	fromHint: boolean
}

const TIME_ZONE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`)

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

/** The hidden field of the login and sign-up forms that carries the browser's zone (filled by the hint script). */
export const TIME_ZONE_FIELD = 'tz'

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

/**
 * Runs at the end of the body: fills the forms' time-zone fields (login and
 * sign-up send the zone, so the page after them is right at once), stores
 * the browser's zone in the cookie and, when the page was just drawn in
 * another zone (a first visit that did not come through those forms),
 * reloads once so the times are right. It reloads only when it changed the
 * cookie, so it can never loop.
 */
export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var tz=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!tz)return;var f=document.querySelectorAll('input[name="${TIME_ZONE_FIELD}"]');for(var i=0;i<f.length;i++)f[i].value=tz;var m=document.cookie.match(/(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)/);if(m&&decodeURIComponent(m[1])===tz)return;document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(tz)+';path=/;max-age=31536000;samesite=lax';var shown=document.querySelector('[data-time-zone]');if(shown&&shown.getAttribute('data-time-zone')!==tz&&navigator.cookieEnabled&&document.cookie.indexOf('${TIME_ZONE_COOKIE}=')!==-1)location.reload()}catch(e){}})()`
