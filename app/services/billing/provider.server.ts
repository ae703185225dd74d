import { type SimulatedInvoiceJSON, type UserJSON } from '#models/index'

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

/** product §7 GET /api/billing and the answers of cancel and resume. */
export interface BillingStatus {
	status: string
	/** Cancelled: Premium stays until `currentPeriodEnd`, then ends. */
	cancelAtPeriodEnd: boolean
	/** The next charge, or the end of a cancelled plan (null without a running plan). */
	currentPeriodEnd: string | null
	/** The end of the running trial, else null. */
	trialEnd: string | null
}

/** What the Billing tab shows: the status, and what the member can do about it (product §2 "Profile"). */
export interface BillingDetails extends BillingStatus {
	provider: 'stripe' | 'demo'
	/** The price of the next charge, in cents. */
	amountCents: number
	/** The card Stripe charges, when known. */
	card: { brand: string; last4: string } | null
	/** Premium without any billing behind it (granted by an administrator): nothing to cancel. */
	granted: boolean
	canCancel: boolean
	canResume: boolean
	/** Stripe: the member has a Stripe customer, so the Billing Portal can open (card and invoices). */
	canOpenPortal: boolean
	/** Simulated billing's invoices, newest first (with Stripe, the Billing Portal lists them). */
	invoices: SimulatedInvoiceJSON[]
	/** Stripe could not be reached: the stored state is shown, without the card. */
	providerUnavailable: boolean
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
	/** The Billing tab: status, dates, card, and what may be done. */
	getBillingDetails(user: BillingUser): Promise<BillingDetails>
	/** Cancels at the end of the current period (idempotent); 409 when there is nothing to cancel. */
	cancelAtPeriodEnd(user: BillingUser): Promise<void>
	/** Takes a cancellation back before the period ends (idempotent); 409 when the plan has ended. */
	resumeSubscription(user: BillingUser): Promise<void>
	/** Stripe's Billing Portal for this member (card and invoices), returning to `returnUrl`; 409 with simulated billing. */
	createPortalSession(user: BillingUser, returnUrl: string): Promise<{ url: string }>
	/** Ends the subscription at once, with no further charge (the account is being deleted). */
	endSubscriptionNow(user: BillingUser): Promise<void>
}
