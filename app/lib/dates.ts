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

/** 'Mar 5, 2025' */
export function formatDate(value: string | Date, timeZone: string): string {
	return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(toDate(value))
}

/** 'Wed, Mar 5, 2025' */
export function formatLongDate(value: string | Date, timeZone: string): string {
	return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(toDate(value))
}

/** '3:00 PM' */
export function formatTime(value: string | Date, timeZone: string): string {
	return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(toDate(value))
}

/** The calendar day of an instant in a time zone, as 'YYYY-MM-DD' (for "is it today?"). */
export function calendarDay(value: string | Date, timeZone: string): string {
	return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(toDate(value))
}
