import { formatLongDate, formatTime, isSameCalendarDay } from '~/lib/dates'

/**
 * The event rules of product §2 (Events, Dashboard) and §9, in one place:
 * upcoming means starting later than now; Today / This Week / Later
 * groups; the join window and the relative start texts.
 */
export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS
/** product §9: the This Week window. */
export const THIS_WEEK_WINDOW_MS = 7 * DAY_MS

interface Timed {
	startTime: string
}

const startOf = (event: Timed) => Date.parse(event.startTime)

export function isUpcoming(event: Timed, now: Date): boolean {
	return startOf(event) > now.getTime()
}

/** Upcoming soonest first; past newest first (product §2). */
export function splitEvents<E extends Timed>(events: E[], now: Date): { upcoming: E[]; past: E[] } {
	const upcoming = events.filter((event) => isUpcoming(event, now)).sort((a, b) => startOf(a) - startOf(b))
	const past = events.filter((event) => !isUpcoming(event, now)).sort((a, b) => startOf(b) - startOf(a))
	return { upcoming, past }
}

export type UpcomingGroup = 'today' | 'thisWeek' | 'later'

export const UPCOMING_GROUP_TITLES: Record<UpcomingGroup, string> = {
	today: 'Today',
	thisWeek: 'This Week',
	later: 'Later',
}

/**
 * Today: on the member's calendar day. This Week: later than now, within
 * 7 days, not today. Later: beyond 7 days.
 */
export function upcomingGroupOf(event: Timed, now: Date, timeZone: string): UpcomingGroup {
	if (isSameCalendarDay(event.startTime, now, timeZone)) return 'today'
	return startOf(event) - now.getTime() <= THIS_WEEK_WINDOW_MS ? 'thisWeek' : 'later'
}

export function groupUpcomingEvents<E extends Timed>(
	upcoming: E[],
	now: Date,
	timeZone: string,
): Record<UpcomingGroup, E[]> {
	const groups: Record<UpcomingGroup, E[]> = { today: [], thisWeek: [], later: [] }
	for (const event of upcoming) groups[upcomingGroupOf(event, now, timeZone)].push(event)
	return groups
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** 'In N days', 'In N hours' or 'Starting soon' (product §2). */
export function relativeStartText(event: Timed, now: Date): string {
	const ahead = startOf(event) - now.getTime()
	const days = Math.floor(ahead / DAY_MS)
	if (days >= 1) return `In ${plural(days, 'day')}`
	const hours = Math.floor(ahead / HOUR_MS)
	if (hours >= 1) return `In ${plural(hours, 'hour')}`
	return 'Starting soon'
}

/** product §9: 'Join Now' opens this long before the start, for members who are going. */
export const JOIN_OPENS_BEFORE_MS = 15 * 60 * 1000
/** An event without an end time is taken to last an hour (the join window, calendar files). */
export const DEFAULT_EVENT_LENGTH_MS = HOUR_MS

/** When an event ends: its end time, or an hour after its start when it has none. */
export function eventEnd(event: Timed & { endTime: string | null }): Date {
	return event.endTime ? new Date(event.endTime) : new Date(startOf(event) + DEFAULT_EVENT_LENGTH_MS)
}

/**
 * Where a member who is going stands with joining (product §2 "Events"):
 * 'open' from 15 minutes before the start until the end, 'not-yet' before,
 * 'over' after.
 */
export function joinWindow(
	event: Timed & { endTime: string | null },
	now: Date,
): { state: 'not-yet' | 'open' | 'over'; opensAt: Date } {
	const opensAt = new Date(startOf(event) - JOIN_OPENS_BEFORE_MS)
	if (now.getTime() < opensAt.getTime()) return { state: 'not-yet', opensAt }
	return { state: now.getTime() < eventEnd(event).getTime() ? 'open' : 'over', opensAt }
}

/** The date line and the time line of an event card: 'Wed, Mar 5, 2025' and '3:00 PM - 4:00 PM' (end 'TBD' when absent). */
export function describeEventTime(
	event: Timed & { endTime: string | null },
	timeZone: string,
): { date: string; time: string } {
	return {
		date: formatLongDate(event.startTime, timeZone),
		time: `${formatTime(event.startTime, timeZone)} - ${event.endTime ? formatTime(event.endTime, timeZone) : 'TBD'}`,
	}
}
