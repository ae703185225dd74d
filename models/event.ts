import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'
import { renewStampOnEveryWrite } from '#models/version-stamp'

export interface Event {
	id: number
	title: string
	description?: string | null
	startTime: Date
	endTime?: Date | null
	location?: string | null
	/** Where members join online: an https: address, shown to members who are going while the event is open (product §2 "Events"). */
	meetingUrl?: string | null
	/** The video of a past event's recording. */
	replayVideoId?: number | null
	createdBy: number
	createdAt: Date
}

export interface EventJSON {
	id: number
	title: string
	description: string | null
	startTime: string
	endTime: string | null
	location: string | null
	meetingUrl: string | null
	replayVideoId: number | null
	createdBy: number
	createdAt: string
}

export function toEventJSON(event: Event): EventJSON {
	return {
		id: event.id,
		title: event.title,
		description: event.description ?? null,
		startTime: toIso(event.startTime)!,
		endTime: toIso(event.endTime),
		location: event.location ?? null,
		meetingUrl: event.meetingUrl ?? null,
		replayVideoId: event.replayVideoId ?? null,
		createdBy: event.createdBy,
		createdAt: toIso(event.createdAt)!,
	}
}

const eventSchema = new Schema<Event>(
	{
		id: { type: Number, required: true, unique: true },
		title: { type: String, required: true, trim: true },
		description: { type: String, default: null },
		startTime: { type: Date, required: true },
		endTime: { type: Date, default: null },
		location: { type: String, default: null },
		meetingUrl: { type: String, default: null },
		replayVideoId: { type: Number, default: null },
		createdBy: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toEventJSON(ret as unknown as Event) } },
)

// Lists page through events by start time, the id breaking ties (docs/decisions/081).
eventSchema.index({ startTime: 1, id: 1 })

// The upcoming events, with who is going, are held between visits under the `events` stamp (decision 199).
renewStampOnEveryWrite(eventSchema, 'events')

export const EventModel = defineModel<Event>('Event', eventSchema)
