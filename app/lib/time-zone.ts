import { FALLBACK_TIME_ZONE, isValidTimeZone } from './dates'

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

export function readTimeZone(cookieHeader: string | null | undefined): TimeZoneInfo {
	const raw = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1]
	let value = ''
	try {
		value = raw ? decodeURIComponent(raw) : ''
	} catch {
		value = ''
	}
	return isValidTimeZone(value) ? { timeZone: value, fromHint: true } : { timeZone: FALLBACK_TIME_ZONE, fromHint: false }
}

/**
 * Runs at the end of the body: stores the browser's zone in the cookie and,
 * when the page was just drawn in another zone (the first visit), reloads
 * once so the times are right. It reloads only when it changed the cookie,
 * so it can never loop.
 */
export const TIME_ZONE_HINT_SCRIPT = `(function(){try{var tz=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!tz)return;var m=document.cookie.match(/(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)/);if(m&&decodeURIComponent(m[1])===tz)return;document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(tz)+';path=/;max-age=31536000;samesite=lax';var shown=document.querySelector('[data-time-zone]');if(shown&&shown.getAttribute('data-time-zone')!==tz&&navigator.cookieEnabled&&document.cookie.indexOf('${TIME_ZONE_COOKIE}=')!==-1)location.reload()}catch(e){}})()`
