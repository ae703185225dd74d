import { randomBytes } from 'node:crypto'
import ical, { escape, type ICalCalendar } from 'ical-generator'
import mongoose from 'mongoose'
import { CalendarFeedModel, EventModel, toEventJSON, type Event, type EventJSON } from '#models/index'
import { eventEnd } from '~/lib/events'
import { hashToken } from '~/services/account/tokens.server'
import { eventIdsGoing } from '~/services/events/rsvps.server'

/**
 * Calendar files (product §2 "Events"): one event's .ics, and a member's
 * personal feed of the events they are going to, at a secret address
 * (/calendar/{token}.ics). Written with ical-generator; only a hash of the
 * feed's token is stored (docs/decisions/103).
 */

/** A feed lists at most this many events, the most recent starts first. */
const FEED_EVENT_LIMIT = 500

/**
 * ical-generator escapes every event property but writes the calendar's
 * NAME and X-WR-CALNAME as given: escaped here, so a line break in a title
 * stored before titles were one line cannot add properties to the file.
 */
function newCalendar(name: string): ICalCalendar {
	return ical({ name: escape(name, false), prodId: { company: 'LeaderForge', product: 'Events', language: 'EN' } })
}

/**
 * One VEVENT: its UID is stable per event (a calendar updates the entry
 * instead of adding one), times in UTC, and where it happens: the place as
 * LOCATION, the meeting link (or the event on /events) as URL.
 */
function addEvent(calendar: ICalCalendar, event: EventJSON, origin: string) {
	const host = new URL(origin).hostname
	calendar.createEvent({
		id: `event-${event.id}@${host}`,
		start: new Date(event.startTime),
		end: eventEnd(event),
		stamp: new Date(event.createdAt),
		summary: event.title,
		description: event.description ?? undefined,
		location: event.location ?? undefined,
		url: event.meetingUrl ?? `${origin}/events/${event.id}`,
	})
}

export function eventCalendarFile(event: EventJSON, origin: string): string {
	const calendar = newCalendar(event.title)
	addEvent(calendar, event, origin)
	return calendar.toString()
}

/** Whether the member has a feed address, and since when (the address itself is never stored). */
export async function getCalendarFeedStatus(userId: number): Promise<{ createdAt: string } | null> {
	const feed = await CalendarFeedModel.findOne({ userId }).select('createdAt').lean()
	return feed ? { createdAt: new Date(feed.createdAt).toISOString() } : null
}

/**
 * Makes the member a new feed token, which replaces (and so ends) any
 * earlier one. Returns the token, to be shown once.
 */
export async function resetCalendarFeed(userId: number): Promise<string> {
	const token = randomBytes(24).toString('base64url')
	await CalendarFeedModel.updateOne(
		{ userId },
		{ $set: { tokenHash: hashToken(token), createdAt: new Date() }, $setOnInsert: { userId } },
		{ upsert: true },
	)
	return token
}

/** The feed for a token, or null when no member has it (an old token after a reset, a made-up one). */
export async function calendarFeedFile(token: string, origin: string): Promise<string | null> {
	if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null
	const feed = await CalendarFeedModel.findOne({ tokenHash: hashToken(token) })
		.select('userId')
		.lean()
	if (!feed) return null
	const eventIds = await eventIdsGoing(feed.userId)
	const events = eventIds.length
		? await EventModel.find({ id: mongoose.trusted({ $in: eventIds }) })
				.sort({ startTime: -1 })
				.limit(FEED_EVENT_LIMIT)
				.lean<Event[]>()
		: []
	const calendar = newCalendar('LeaderForge: my events')
	for (const event of events) addEvent(calendar, toEventJSON(event), origin)
	return calendar.toString()
}

/** A deleted account's feed address stops working with the account. */
export async function deleteCalendarFeedOf(userId: number): Promise<void> {
	await CalendarFeedModel.deleteOne({ userId })
}
