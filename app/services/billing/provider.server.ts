import { type UserJSON } from '#models/index'

/**
 * product §3 "Subscription response" and §7 POST /api/get-or-create-subscription:
 * the status, and the client secret only when the card form is needed.
 */
export interface SubscriptionAnswer {
	status: string
	clientSecret?: string
}

/** The subscription fields of a user, as the provider last reported them. */
export interface SubscriptionState {
	status: string
	trialEndsAt: string | null
}

/** The acting user: always the session's own user, never an id from a request. */
export type BillingUser = Pick<UserJSON, 'id'>

/**
 * One interface, two providers (docs/architecture.md "Payments"): Stripe when
 * STRIPE_SECRET_KEY is set, the demo provider otherwise.
 */
export interface BillingProvider {
	readonly name: 'stripe' | 'demo'
	/** Idempotent: never a second customer or subscription; a premium user gets their status back. */
	getOrCreateSubscription(user: BillingUser): Promise<SubscriptionAnswer>
	/** Whether /subscribe still has something to do for this user; if not, it sends them to /dashboard. */
	needsCheckout(user: BillingUser): Promise<boolean>
	/** The user's subscription as the provider knows it now (stored, then returned). */
	refreshSubscription(user: BillingUser): Promise<SubscriptionState>
}

