import { type EventJSON } from '#models/index'
import { calendarDay, formatDateTime, formatTime } from '~/lib/dates'
import { joinWindow } from '~/lib/events'
import { attendanceOf, getAttendance, type Attendance } from '~/services/events/rsvps.server'

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
	const sameDay = calendarDay(join.opensAt, timeZone) === calendarDay(now, timeZone)
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
