import { type UserJSON } from '#models/index'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'
import { isLapsedSimulatedTrial } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import { type Job } from '~/platform/jobs.server'
import { getUserById } from '~/services/account/users.server'
import { createDemoProvider } from '~/services/billing/demo.server'
import { type BillingProvider, type BillingUser, type BillingStatus } from '~/services/billing/provider.server'
import { createStripeProvider, type StripeProvider } from '~/services/billing/stripe.server'
import {
	settleSimulatedSubscription,
	settleSimulatedSubscriptions,
	getBillingAccount,
} from '~/services/billing/subscription-store.server'
import { handleStripeWebhook, type WebhookOutcome } from '~/services/billing/stripe-webhook.server'
import { billingStatusOf } from '~/services/billing/details.server'

export {
	type BillingDetails,
	type BillingStatus,
	type SubscriptionAnswer,
	type SubscriptionState,
} from '~/services/billing/provider.server'
export { trialEndingJob } from '~/services/billing/notices.server'

/**
 * The billing service (docs/architecture.md "Payments"): Stripe when
 * STRIPE_SECRET_KEY is set, simulated billing otherwise (the config refuses
 * the latter in production unless ALLOW_DEMO_BILLING=true). Routes call these
 * functions; they never talk to a provider themselves.
 */
function getProvider(): BillingProvider | StripeProvider {
	return singleton('billing-provider', () => {
		const { billing } = getConfig()
		return billing.provider === 'stripe' ? createStripeProvider(billing) : createDemoProvider()
	})
}

export type BillingMode = { provider: 'demo' } | { provider: 'stripe'; publicKey: string }

/** What the browser may know about billing: the provider, and Stripe's publishable key. Never a secret. */
export function getBillingMode(): BillingMode {
	const { billing } = getConfig()
	return billing.provider === 'stripe'
		? { provider: 'stripe', publicKey: billing.stripePublicKey! }
		: { provider: 'demo' }
}

/** product §7 POST /api/get-or-create-subscription, for the acting (session) user. */
export function getOrCreateSubscription(user: BillingUser) {
	return getProvider().getOrCreateSubscription(user)
}

/** False when /subscribe has nothing left to do for the user (product §2: premium users go to /dashboard). */
export function needsCheckout(user: BillingUser) {
	return getProvider().needsCheckout(user)
}

/** The user's subscription as the server knows it now (re-read from Stripe when there is one). */
export function refreshSubscription(user: BillingUser) {
	return getProvider().refreshSubscription(user)
}

/**
 * The acting user as of now: a simulated trial whose end has passed is
 * settled first (docs/decisions/043, 124). One date comparison per request,
 * and one write the first time after the trial ends.
 */
export async function withLapsedTrialSettled(user: UserJSON): Promise<UserJSON> {
	const now = new Date()
	if (!isLapsedSimulatedTrial(user, now)) return user
	await settleSimulatedSubscription(user.id, now, { production: getConfig().isProduction })
	// Whichever settlement (this request, another one, the job) got there first: what is stored now is the truth.
	return (await getUserById(user.id)) ?? user
}

/**
 * The same settlement without waiting for the member's next request, so
 * what is stored is true for everyone (admin lists, mail, digests), and a
 * cancelled or renewed simulated month ends or renews on time. Both paths
 * write with the same conditional update, so they never disagree.
 */
export const lapsedTrialsJob: Job = {
	name: 'lapsed-simulated-trials',
	everyMs: 5 * 60_000,
	async run({ now }) {
		const settled = await settleSimulatedSubscriptions(now, { production: getConfig().isProduction })
		if (settled > 0) console.log(`Simulated subscriptions settled: ${settled} member${settled === 1 ? '' : 's'}`)
	},
}

// ---------------------------------------------------------------------------
// Managing the subscription (product §2 "Profile", Billing tab; §7 /api/billing)
// ---------------------------------------------------------------------------

/** GET /api/billing: the status and its dates, as the server knows them now. */
export async function getBillingStatus(user: BillingUser): Promise<BillingStatus> {
	await getProvider().refreshSubscription(user)
	return billingStatusOf(await getBillingAccount(user.id))
}

/** The Billing tab. */
export function getBillingDetails(user: BillingUser) {
	return getProvider().getBillingDetails(user)
}

/** Cancels at the end of the period: Premium stays until then. Answers the new status. */
export async function cancelSubscription(user: BillingUser): Promise<BillingStatus> {
	await getProvider().cancelAtPeriodEnd(user)
	return billingStatusOf(await getBillingAccount(user.id))
}

/** Takes the cancellation back before the period ends. Answers the new status. */
export async function resumeSubscription(user: BillingUser): Promise<BillingStatus> {
	await getProvider().resumeSubscription(user)
	return billingStatusOf(await getBillingAccount(user.id))
}

/** Stripe's Billing Portal (card and invoices), coming back to `returnUrl`. 409 with simulated billing. */
export function openBillingPortal(user: BillingUser, returnUrl: string) {
	return getProvider().createPortalSession(user, returnUrl)
}

/** Deleting the account: the subscription ends now, with no further charge (Stripe: cancelled immediately). */
export function endSubscriptionNow(user: BillingUser) {
	return getProvider().endSubscriptionNow(user)
}

/** POST /api/stripe/webhook: a ServiceError (400) for a bad signature or when Stripe is not in use. */
export async function receiveStripeWebhook(input: {
	payload: Buffer
	signature: string | null
}): Promise<WebhookOutcome> {
	const provider = getProvider()
	if (!('stripe' in provider)) {
		throw new ServiceError('Stripe webhooks are not enabled: this server uses simulated billing', 400)
	}
	return handleStripeWebhook(provider.stripe, getConfig().billing.stripeWebhookSecret, input)
}
