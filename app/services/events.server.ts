import mongoose from 'mongoose'
import { EventModel, toEventJSON, type Event, type EventJSON } from '#models/index'

/** Every event, soonest first. */
export async function listEvents(): Promise<EventJSON[]> {
	const events = await EventModel.find().sort({ startTime: 1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

/** Events starting later than `now`, soonest first (SPEC §2: upcoming). */
export async function listUpcomingEvents(now = new Date()): Promise<EventJSON[]> {
	const events = await EventModel.find({ startTime: mongoose.trusted({ $gt: now }) }).sort({ startTime: 1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

/** Events that have started, newest first (SPEC §2: past events). */
export async function listPastEvents(now = new Date()): Promise<EventJSON[]> {
	const events = await EventModel.find({ startTime: mongoose.trusted({ $lte: now }) }).sort({ startTime: -1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

export async function getEvent(id: number): Promise<EventJSON | null> {
	const event = await EventModel.findOne({ id }).lean<Event>()
	return event ? toEventJSON(event) : null
}
