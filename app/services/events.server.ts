import { EventModel, toEventJSON, type Event, type EventJSON } from '#models/index'

/** Every event, soonest first. */
export async function listEvents(): Promise<EventJSON[]> {
	const events = await EventModel.find().sort({ startTime: 1 }).lean<Event[]>()
	return events.map(toEventJSON)
}

export async function getEvent(id: number): Promise<EventJSON | null> {
	const event = await EventModel.findOne({ id }).lean<Event>()
	return event ? toEventJSON(event) : null
}
