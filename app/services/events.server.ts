import mongoose from 'mongoose'
import { EventModel, toEventJSON, type Event, type EventJSON } from '#models/index'
import { type EventInput } from '~/lib/admin-schemas'
import { catalogueWriter } from './catalogue-writer.server'
import { ServiceError } from './errors.server'
import { type Actor } from './permissions.server'
import { escapeRegExp } from './videos.server'

/** Every event, soonest first; `search` matches title, description or location, ignoring case. */
export async function listEvents({ search }: { search?: string } = {}): Promise<EventJSON[]> {
	const filter: Record<string, unknown> = {}
	if (search?.trim()) {
		const pattern = mongoose.trusted({ $regex: new RegExp(escapeRegExp(search.trim()), 'i') })
		filter.$or = [{ title: pattern }, { description: pattern }, { location: pattern }]
	}
	const events = await EventModel.find(filter).sort({ startTime: 1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

export async function getEvent(id: number): Promise<EventJSON | null> {
	const event = await EventModel.findOne({ id }).lean<Event>()
	return event ? toEventJSON(event) : null
}

// Administration (SPEC §2 "Events").
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
})
export const createEvent = (actor: Actor, input: EventInput) => eventWriter.create(actor, input)
export const updateEvent = (actor: Actor, id: number, changes: Partial<EventInput>) => eventWriter.update(actor, id, changes)
export const deleteEvent = (actor: Actor, id: number) => eventWriter.remove(actor, id)
