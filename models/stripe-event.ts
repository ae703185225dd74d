import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * Stripe events already applied, by their event id, so a redelivered event
 * is acknowledged and ignored (docs/decisions/042-stripe-webhook-processing.md).
 * The unique index guarantees it on MongoDB; the claim itself is an atomic
 * upsert, so it also holds where unique indexes are not enforced (CongoDB).
 */
export interface StripeEvent {
	eventId: string
	type: string
	receivedAt: Date
}

const stripeEventSchema = new Schema<StripeEvent>(
	{
		eventId: { type: String, required: true, unique: true },
		type: { type: String, required: true },
		// Stripe stops redelivering after three days; keep the ids well beyond that.
		receivedAt: { type: Date, required: true, default: () => new Date(), index: { expireAfterSeconds: 90 * 86_400 } },
	},
	{ versionKey: false },
)

export const StripeEventModel = defineModel<StripeEvent>('StripeEvent', stripeEventSchema)
