import { Schema } from 'mongoose'
import { defineModel } from '#models/model'
import { renewStampOnEveryWrite } from '#models/version-stamp'

/**
 * A member's answer to one event: going or not. One record per member and
 * event, written by one atomic upsert keyed on both, so saying "going" twice,
 * or from two tabs at once, leaves one record (docs/decisions/102).
 */
export interface Rsvp {
	eventId: number
	userId: number
	going: boolean
	/** When the answer last changed: attendees are shown in the order they said they were going. */
	updatedAt: Date
}

const rsvpSchema = new Schema<Rsvp>(
	{
		eventId: { type: Number, required: true },
		userId: { type: Number, required: true },
		going: { type: Boolean, required: true },
		updatedAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)
// One per member and event (enforced on MongoDB; the upsert keeps it so on the emulator too).
rsvpSchema.index({ eventId: 1, userId: 1 }, { unique: true })
// A member's events (the personal calendar feed).
rsvpSchema.index({ userId: 1, going: 1 })
// Who is going to an event, in the order they said so (the event cards' faces, the event's page).
rsvpSchema.index({ eventId: 1, going: 1, updatedAt: 1 })

// The upcoming events, with who is going, are held between visits under the `events` stamp (decision 199).
renewStampOnEveryWrite(rsvpSchema, 'events')

export const RsvpModel = defineModel<Rsvp>('Rsvp', rsvpSchema)
