import mongoose from 'mongoose'
import { EventModel, RsvpModel, VideoModel, toEventJSON, type Event, type EventJSON } from '#models/index'
import { type EventInput } from '~/lib/admin-schemas'
import { formatDateTime } from '~/lib/dates'
import { HOUR_MS, eventEnd } from '~/lib/events'
import { type PageWindow } from '~/lib/paging'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { placeInList, type ListOrder } from '~/platform/list-place.server'
import { catalogueSearch, catalogueWriter } from '~/services/catalogue/writer.server'
import { ServiceError } from '~/lib/service-error'
import { type Job } from '~/platform/jobs.server'
import { notify } from '~/services/notifications/notifications.server'
import { type Actor } from '~/services/permissions.server'
import { goingMemberIds, readWhoIsGoing, type WhoIsGoing } from '~/services/events/rsvps.server'
import { currentStamps, heldRead } from '~/platform/held-reads.server'

const SOONEST_FIRST: ListOrder = { startTime: 1, id: 1 }

function eventFilter(search: string | undefined) {
	return anyFieldContains(search, ['title', 'description', 'location'])
}

/** Events, soonest first; `search` matches title, description or location, ignoring case; a page with `window`. */
export async function listEvents({ search }: { search?: string } = {}, window?: PageWindow): Promise<EventJSON[]> {
	const events = await EventModel.find(eventFilter(search))
		.sort(SOONEST_FIRST)
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Event[]>()
	return events.map(toEventJSON)
}

/** How many events a search finds (the admin Events tab's "N events total"). */
export function countEvents({ search }: { search?: string } = {}): Promise<number> {
	return EventModel.countDocuments(eventFilter(search))
}

/** Where an event is in the admin table's list (docs/decisions/249): how many come before it, or null when the search leaves it out. */
export function placeOfEvent({ id, startTime }: EventJSON, { search }: { search?: string }): Promise<number | null> {
	return placeInList(EventModel, eventFilter(search), SOONEST_FIRST, { startTime: new Date(startTime), id })
}

const upcomingFilter = (now: Date) => ({ startTime: mongoose.trusted({ $gt: now }) })

/** Events starting later than `now`, soonest first (product §2: upcoming); a page with `window`. */
export async function listUpcomingEvents(now = new Date(), window?: PageWindow): Promise<EventJSON[]> {
	const events = await EventModel.find(upcomingFilter(now))
		.sort({ startTime: 1, id: 1 })
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Event[]>()
	return events.map(toEventJSON)
}

/** How many events are still to come (the dashboard's number). */
export function countUpcomingEvents(now = new Date()): Promise<number> {
	return EventModel.countDocuments(upcomingFilter(now))
}

export interface HeldUpcomingEvents {
	/** How many events are still to come. */
	count: number
	/** The window's events, soonest first. */
	events: EventJSON[]
	whoIsGoing: WhoIsGoing
	/** When the soonest of all upcoming events starts: from then on, the count and every window have changed. */
	soonestStart: string | null
}

/**
 * A window of the upcoming events (the dashboard's first two, a page of
 * /events), how many there are in all, and who is going to them. The same
 * for every member, so this process holds them between visits
 * (docs/decisions/089) under the `events` stamp, which any write to an event
 * or an RSVP renews, and the `people` stamp (the attendees' names and
 * pictures): one query on a visit where nothing changed instead of four
 * (decision 199). Once the soonest has started, the count and the windows
 * have changed without a write: they are read again then.
 */
export async function heldUpcomingEvents(now: Date, window: PageWindow): Promise<HeldUpcomingEvents> {
	const version = await currentStamps(['events', 'people'])
	const key = `upcoming-events:${window.skip}:${window.limit}`
	const read = async (): Promise<HeldUpcomingEvents> => {
		const [count, events, soonest] = await Promise.all([
			countUpcomingEvents(now),
			listUpcomingEvents(now, window),
			window.skip === 0 ? null : listUpcomingEvents(now, { skip: 0, limit: 1 }),
		])
		const soonestStart = (soonest ?? events)[0]?.startTime ?? null
		return { count, events, whoIsGoing: await readWhoIsGoing(events.map((event) => event.id)), soonestStart }
	}
	const held = await heldRead(key, version, read)
	if (held.soonestStart === null || Date.parse(held.soonestStart) > now.getTime()) return held
	// Named after the start that passed, so the visits arriving together share one read.
	return heldRead(key, `${version}:after:${held.soonestStart}`, read)
}

/** Events that have started, newest first (product §2: past events); a page with `window`. */
export async function listPastEvents(now = new Date(), window?: PageWindow): Promise<EventJSON[]> {
	const events = await EventModel.find({ startTime: mongoose.trusted({ $lte: now }) })
		.sort({ startTime: -1, id: -1 })
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Event[]>()
	return events.map(toEventJSON)
}

export async function getEvent(id: number): Promise<EventJSON | null> {
	const event = await EventModel.findOne({ id }).lean<Event>()
	return event ? toEventJSON(event) : null
}

/**
 * Events as the global search holds them (docs/decisions/166): what every
 * member sees of one on its page, its title, description and place.
 */
export const eventSearch = catalogueSearch(EventModel, (event) => [
	{ text: event.title, weight: SEARCH_TITLE_WEIGHT },
	{ text: event.description ?? '', weight: 1 },
	{ text: event.location ?? '', weight: 1 },
])

/** These events (those that exist), by id. */
export async function getEvents(ids: number[]): Promise<EventJSON[]> {
	const events = await EventModel.find({ id: mongoose.trusted({ $in: ids }) }).lean<Event[]>()
	return events.map(toEventJSON)
}

// Administration (product §2 "Events").
const eventWriter = catalogueWriter({
	model: EventModel,
	counter: 'events',
	toJSON: toEventJSON,
	notFoundMessage: 'Event not found',
	check: ({ startTime, endTime }: EventInput) => {
		if (endTime && new Date(endTime).getTime() <= new Date(startTime).getTime()) {
			throw new ServiceError('End time must be after the start time', 400, 'endTime')
		}
	},
	deleteDependents: (eventId) => RsvpModel.deleteMany({ eventId }),
	audit: { type: 'event', label: (event) => event.title },
	search: { kind: 'event', read: eventSearch.read },
})

/** A replay must be a video that exists. */
async function assertReplayVideo(replayVideoId: number | null | undefined) {
	if (replayVideoId == null) return
	if (!(await VideoModel.exists({ id: replayVideoId })))
		throw new ServiceError('Replay video not found', 400, 'replayVideoId')
}

export async function createEvent(actor: Actor, input: EventInput): Promise<EventJSON> {
	await assertReplayVideo(input.replayVideoId)
	return eventWriter.create(actor, input)
}

/** What members going to an event are told about when it changes (a new replay or description is not news to them). */
const NEWS_FIELDS = ['title', 'startTime', 'endTime', 'location', 'meetingUrl'] as const

export async function updateEvent(actor: Actor, id: number, changes: Partial<EventInput>): Promise<EventJSON> {
	await assertReplayVideo(changes.replayVideoId)
	const before = await getEvent(id)
	const updated = await eventWriter.update(actor, id, changes)
	if (
		before &&
		NEWS_FIELDS.some((field) => before[field] !== updated[field]) &&
		eventEnd(updated).getTime() > Date.now()
	) {
		await notify(await goingMemberIds(id), {
			kind: 'event_changed',
			title: `Changed: ${updated.title}`,
			text: `Now ${formatDateTime(updated.startTime, 'UTC')} UTC, ${updated.meetingUrl ? 'online' : (updated.location ?? 'online')}. Check the details before you go.`,
			link: `/events/${id}`,
		})
	}
	return updated
}

/** Deletes an event and its RSVPs; the members who were going to it, while it had not ended, are told it is cancelled. */
export async function deleteEvent(actor: Actor, id: number): Promise<EventJSON> {
	const going = await goingMemberIds(id)
	const deleted = await eventWriter.remove(actor, id)
	if (eventEnd(deleted).getTime() > Date.now()) {
		await notify(going, {
			kind: 'event_cancelled',
			title: `Cancelled: ${deleted.title}`,
			text: `${deleted.title} (${formatDateTime(deleted.startTime, 'UTC')} UTC) will not take place.`,
			link: '/events',
		})
	}
	return deleted
}

/**
 * Reminds members who are going that an event starts within the hour
 * (product §2 "Notifications"). Every minute it looks at what is stored;
 * the once-key (event and start time) makes each reminder happen once per
 * member, across restarts and processes, and again only if the event is
 * moved (docs/decisions/104).
 */
export const eventRemindersJob: Job = {
	name: 'event-reminders',
	everyMs: 60_000,
	async run({ now, signal }) {
		const soon = await EventModel.find({
			startTime: mongoose.trusted({ $gt: now, $lte: new Date(now.getTime() + HOUR_MS) }),
		}).lean<Event[]>()
		for (const event of soon.map(toEventJSON)) {
			if (signal.aborted) return
			const minutes = Math.max(1, Math.round((Date.parse(event.startTime) - now.getTime()) / 60_000))
			await notify(await goingMemberIds(event.id), {
				kind: 'event_reminder',
				title: `Starting soon: ${event.title}`,
				text: `Starts in ${minutes} minute${minutes === 1 ? '' : 's'}${event.meetingUrl ? ". Join from the event's page." : `, ${event.location ?? 'online'}.`}`,
				link: `/events/${event.id}`,
				onceKey: `event_reminder:${event.id}:${event.startTime}`,
			})
		}
	},
}
