import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * One change of a member's subscription status (a trial started, a trial
 * turned paid, a subscription ended), written by the billing service at
 * every change it makes. The insights read trials, conversions and churn per
 * month from here (docs/decisions/116), since a user record only holds the
 * status of today.
 */
export interface SubscriptionEvent {
	userId: number
	from: string
	to: string
	/**
	 * What made the change: the member starting a subscription or trial
	 * (checkout), Stripe (its webhook, or a re-read of the subscription while
	 * the member looks at their status), a simulated trial that ended.
	 */
	source: 'checkout' | 'webhook' | 'stripe_sync' | 'trial_lapsed' | 'period_ended'
	at: Date
}

const subscriptionEventSchema = new Schema<SubscriptionEvent>(
	{
		userId: { type: Number, required: true, index: true },
		from: { type: String, required: true },
		to: { type: String, required: true },
		source: { type: String, required: true },
		at: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)
subscriptionEventSchema.index({ at: 1 })

export const SubscriptionEventModel = defineModel<SubscriptionEvent>('SubscriptionEvent', subscriptionEventSchema)
