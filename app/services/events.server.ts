import mongoose from 'mongoose'
import { EventModel, toEventJSON, type Event, type EventJSON } from '#models/index'
import { type EventInput } from '~/lib/admin-schemas'
import { anyFieldContains } from '~/lib/search.server'
import { catalogueWriter } from './catalogue-writer.server'
import { ServiceError } from '~/lib/service-error'
import { type Actor } from './permissions.server'

/** Every event, soonest first; `search` matches title, description or location, ignoring case. */
export async function listEvents({ search }: { search?: string } = {}): Promise<EventJSON[]> {
	const events = await EventModel.find(anyFieldContains(search, ['title', 'description', 'location'])).sort({ startTime: 1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

/** Events starting later than `now`, soonest first (product §2: upcoming). */
export async function listUpcomingEvents(now = new Date()): Promise<EventJSON[]> {
	const events = await EventModel.find({ startTime: mongoose.trusted({ $gt: now }) }).sort({ startTime: 1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

/** Events that have started, newest first (product §2: past events). */
export async function listPastEvents(now = new Date()): Promise<EventJSON[]> {
	const events = await EventModel.find({ startTime: mongoose.trusted({ $lte: now }) }).sort({ startTime: -1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

export async function getEvent(id: number): Promise<EventJSON | null> {
	const event = await EventModel.findOne({ id }).lean<Event>()
	return event ? toEventJSON(event) : null
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
	audit: { type: 'event', label: (event) => event.title },
})
export const createEvent = (actor: Actor, input: EventInput) => eventWriter.create(actor, input)
export const updateEvent = (actor: Actor, id: number, changes: Partial<EventInput>) => eventWriter.update(actor, id, changes)
export const deleteEvent = (actor: Actor, id: number) => eventWriter.remove(actor, id)
