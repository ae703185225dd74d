import { type EventJSON } from '#models/index'
import { formatDateTime, formatTime, isSameCalendarDay } from '~/lib/dates'
import { describeEventTime, isUpcoming, joinWindow, relativeStartText } from '~/lib/events'
import { notFound } from '~/lib/service-error'
import { PAGE_SIZES, type PageWindow } from '~/lib/paging'
import { getEvent, heldUpcomingEvents, listPastEvents, listUpcomingEvents } from '~/services/events/events.server'
import {
	ATTENDEES_LISTED,
	attendanceFor,
	attendanceOf,
	getAttendance,
	listEventAttendees,
	readWhoIsGoing,
	type Attendance,
} from '~/services/events/rsvps.server'

/**
 * What a member sees of an event's RSVP, join and replay (product §2
 * "Events", "Dashboard"), worked out once for both pages.
 *
 * - `join`: only for members who are going. 'open' is the meeting link from
 *   15 minutes before the start until the end; 'later' says when it opens;
 *   'where' says where it happens when there is no meeting link.
 * - `canRsvp`: until the event starts.
 * - `replayVideoId`: past events with a replay.
 */
export type JoinView =
	{ kind: 'open'; url: string } | { kind: 'later'; opensAt: string } | { kind: 'where'; where: string } | null

export interface EventActionsView extends Attendance {
	canRsvp: boolean
	join: JoinView
	replayVideoId: number | null
}

function describeJoin(event: EventJSON, going: boolean, now: Date, timeZone: string): JoinView {
	if (!going) return null
	const join = joinWindow(event, now)
	if (join.state === 'over') return null
	if (!event.meetingUrl) return { kind: 'where', where: event.location ?? 'Online' }
	if (join.state === 'open') return { kind: 'open', url: event.meetingUrl }
	const sameDay = isSameCalendarDay(join.opensAt, now, timeZone)
	return {
		kind: 'later',
		opensAt: sameDay ? formatTime(join.opensAt, timeZone) : formatDateTime(join.opensAt, timeZone),
	}
}

export async function describeEventActions(
	viewer: { id: number },
	events: EventJSON[],
	now: Date,
	timeZone: string,
): Promise<Map<number, EventActionsView>> {
	const attendance = await getAttendance(
		viewer.id,
		events.map((event) => event.id),
	)
	return eventActionsOf(events, attendance, now, timeZone)
}

/** describeEventActions with the viewer's attendance already known (the held upcoming events). */
function eventActionsOf(
	events: EventJSON[],
	attendance: Map<number, Attendance>,
	now: Date,
	timeZone: string,
): Map<number, EventActionsView> {
	return new Map(
		events.map((event) => {
			const seen = attendanceOf(attendance, event.id)
			const started = Date.parse(event.startTime) <= now.getTime()
			return [
				event.id,
				{
					...seen,
					canRsvp: !started,
					join: describeJoin(event, seen.going, now, timeZone),
					replayVideoId: started ? event.replayVideoId : null,
				},
			]
		}),
	)
}

/**
 * A window of the upcoming events as the viewer sees them: the held window
 * (events.server.ts `heldUpcomingEvents`, the same for everyone), how many
 * there are in all, and what the viewer can do about each.
 */
export async function upcomingEventsFor(viewer: { id: number }, window: PageWindow, now: Date, timeZone: string) {
	const upcoming = await heldUpcomingEvents(now, window)
	return {
		count: upcoming.count,
		events: upcoming.events,
		actions: eventActionsOf(upcoming.events, attendanceFor(viewer.id, upcoming.whoIsGoing), now, timeZone),
	}
}

/**
 * How many of /events' upcoming pages are held: the ones most visits see.
 * A page further on is read as it is asked, so that paging deep does not
 * push the other held reads out of the process's bounded store.
 */
const HELD_UPCOMING_PAGES = 3

/**
 * A window of /events' list, upcoming (the first pages held, like the
 * dashboard's events) or past, with what the viewer can do about each event.
 */
export async function eventsListWindow(
	viewer: { id: number },
	tab: 'upcoming' | 'past',
	window: PageWindow,
	now: Date,
	timeZone: string,
): Promise<{ rows: EventJSON[]; actions: Map<number, EventActionsView> }> {
	if (tab === 'upcoming' && window.skip < HELD_UPCOMING_PAGES * PAGE_SIZES.events) {
		const { events, actions } = await upcomingEventsFor(viewer, window, now, timeZone)
		return { rows: events, actions }
	}
	const rows = tab === 'past' ? await listPastEvents(now, window) : await listUpcomingEvents(now, window)
	return { rows, actions: await describeEventActions(viewer, rows, now, timeZone) }
}

/**
 * An event as its card shows it (product §2 "Events"): what, when in
 * `timeZone` and where, how soon it starts ('In 3 days'), and what the
 * member can do about it.
 */
export function presentEvent(event: EventJSON, now: Date, timeZone: string, actions: EventActionsView) {
	return {
		id: event.id,
		title: event.title,
		description: event.description,
		location: event.location,
		...describeEventTime(event, timeZone),
		relative: relativeStartText(event, now),
		actions,
	}
}
export type EventView = ReturnType<typeof presentEvent>

/**
 * One event's own page (product §2 "Event"): the card's view of it (the
 * actions by describeEventActions's rules), whether it is still to come, and
 * who is going. An unknown id is a 404.
 */
export async function describeEventPage(viewer: { id: number }, eventId: number, now: Date, timeZone: string) {
	const event = await getEvent(eventId)
	if (!event) throw notFound('Event not found')
	const whoIsGoing = await readWhoIsGoing([eventId], ATTENDEES_LISTED)
	const actions = eventActionsOf([event], attendanceFor(viewer.id, whoIsGoing), now, timeZone)
	const going = listEventAttendees(whoIsGoing.get(eventId))
	const upcoming = isUpcoming(event, now)
	return {
		...presentEvent(event, now, timeZone, actions.get(event.id)!),
		relative: upcoming ? relativeStartText(event, now) : null,
		upcoming,
		going,
	}
}
