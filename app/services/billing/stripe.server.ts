import Stripe from 'stripe'
import { type AppConfig } from '~/config.server'
import {
	isPremiumStatus,
	PREMIUM_PRICE_CENTS,
	PREMIUM_PRICE_CURRENCY,
	TRIAL_DAYS,
} from '~/lib/subscription'
import { BillingUnavailableError } from '~/lib/service-error'
import {
	type BillingProvider,
	type BillingUser,
	type SubscriptionAnswer,
	type SubscriptionState,
} from './provider.server'
import {
	claimStripeCustomer,
	getBillingAccount,
	storeStripeSubscription,
	toSubscriptionState,
	type BillingAccount,
	type StripeSubscriptionFacts,
} from './subscription-store.server'

type BillingConfig = AppConfig['billing']

/** The Premium price the app creates when STRIPE_PRICE_ID is not set, found again by this key. */
export const PREMIUM_PRICE_LOOKUP_KEY = 'premium_monthly_usd_5000'

/** A subscription in one of these states is over: a new one may be created. */
const ENDED_STATUSES = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired'])
/** The card form is still needed for a setup intent in these states. */
const SETUP_PENDING = new Set<Stripe.SetupIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action'])
/** A subscription in these states waits for its open invoice to be paid. */
const AWAITING_PAYMENT = new Set<Stripe.Subscription.Status>(['incomplete', 'past_due', 'unpaid'])
/** Every read of a subscription expands what the card form needs. */
const EXPAND = ['pending_setup_intent', 'latest_invoice.confirmation_secret']

/**
 * The Stripe client. STRIPE_API_URL (refused in production by the config)
 * points it at a local stand-in of the Stripe API for tests.
 */
export function createStripeClient(billing: BillingConfig): Stripe {
	if (!billing.stripeSecretKey) throw new Error('The Stripe provider needs STRIPE_SECRET_KEY')
	const local = billing.stripeApiUrl ? new URL(billing.stripeApiUrl) : null
	return new Stripe(billing.stripeSecretKey, {
		appInfo: { name: 'LeaderForge' },
		...(local
			? {
					host: local.hostname,
					port: Number(local.port || (local.protocol === 'https:' ? 443 : 80)),
					protocol: local.protocol === 'https:' ? ('https' as const) : ('http' as const),
					telemetry: false,
				}
			: {}),
	})
}

/** What the app keeps of a subscription (the trial end only while a trial runs). */
export function subscriptionFacts(subscription: Stripe.Subscription): StripeSubscriptionFacts {
	return {
		subscriptionId: subscription.id,
		customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
		status: subscription.status,
		trialEndsAt:
			subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
	}
}

/**
 * The secret the card form needs, if it is still needed: the open invoice's
 * payment of a subscription that waits for one, else the pending setup
 * intent of a trial (the card is saved for after the trial).
 */
export function cardFormSecret(subscription: Stripe.Subscription): string | null {
	const invoice = subscription.latest_invoice
	if (AWAITING_PAYMENT.has(subscription.status) && invoice && typeof invoice === 'object' && invoice.status === 'open') {
		return invoice.confirmation_secret?.client_secret ?? null
	}
	const setupIntent = subscription.pending_setup_intent
	if (setupIntent && typeof setupIntent === 'object' && SETUP_PENDING.has(setupIntent.status)) {
		return setupIntent.client_secret
	}
	return null
}

function answerFor(subscription: Stripe.Subscription): SubscriptionAnswer {
	const clientSecret = cardFormSecret(subscription)
	return clientSecret ? { status: subscription.status, clientSecret } : { status: subscription.status }
}

/** Stripe failures become BillingUnavailableError; everything else passes through. */
async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
	try {
		return await call()
	} catch (error) {
		if (error instanceof Stripe.errors.StripeError) {
			console.error(`Stripe ${what} failed: ${error.type} ${error.message}`)
			const message =
				error instanceof Stripe.errors.StripeConnectionError
					? undefined
					: `Our payment provider refused the request: ${error.message}`
			throw new BillingUnavailableError(message, { cause: error })
		}
		throw error
	}
}

export function createStripeProvider(billing: BillingConfig, stripe: Stripe = createStripeClient(billing)) {
	let premiumPriceId: Promise<string> | undefined

	/** STRIPE_PRICE_ID, else the app's own $50.00 USD monthly price, found by its lookup key or created once. */
	function getPremiumPriceId(): Promise<string> {
		if (billing.stripePriceId) return Promise.resolve(billing.stripePriceId)
		premiumPriceId ??= (async () => {
			const existing = await stripe.prices.list({ lookup_keys: [PREMIUM_PRICE_LOOKUP_KEY], active: true, limit: 1 })
			if (existing.data[0]) return existing.data[0].id
			const created = await stripe.prices.create(
				{
					currency: PREMIUM_PRICE_CURRENCY,
					unit_amount: PREMIUM_PRICE_CENTS,
					recurring: { interval: 'month' },
					product_data: { name: 'Premium' },
					lookup_key: PREMIUM_PRICE_LOOKUP_KEY,
				},
				{ idempotencyKey: `price-${PREMIUM_PRICE_LOOKUP_KEY}` },
			)
			return created.id
		})()
		// A failed look-up is tried again next time rather than remembered.
		premiumPriceId.catch(() => (premiumPriceId = undefined))
		return premiumPriceId
	}

	function retrieveSubscription(subscriptionId: string) {
		return callStripe('subscription read', () => stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND }))
	}

	/** Reads the stored subscription from Stripe and stores what it says. */
	async function syncStoredSubscription(account: BillingAccount & { stripeSubscriptionId: string }) {
		const readAt = new Date()
		const subscription = await retrieveSubscription(account.stripeSubscriptionId)
		await storeStripeSubscription(account.id, account.stripeSubscriptionId, subscriptionFacts(subscription), readAt)
		return subscription
	}

	/** One customer per user. The idempotency key (the user's database id) makes concurrent first calls share it. */
	async function ensureCustomer(account: BillingAccount): Promise<string> {
		if (account.stripeCustomerId) return account.stripeCustomerId
		const customer = await callStripe('customer creation', () =>
			stripe.customers.create(
				{ email: account.email, name: account.name, metadata: { userId: String(account.id) } },
				{ idempotencyKey: `customer-${account._id.toString()}` },
			),
		)
		return claimStripeCustomer(account.id, customer.id)
	}

	async function createSubscription(account: BillingAccount): Promise<SubscriptionAnswer> {
		const customerId = await ensureCustomer(account)
		const priceId = await callStripe('price look-up', getPremiumPriceId)
		// One free trial per account: a member whose subscription ended pays from the start.
		const firstSubscription = account.stripeSubscriptionId === null
		const readAt = new Date()
		const subscription = await callStripe('subscription creation', () =>
			stripe.subscriptions.create(
				{
					customer: customerId,
					items: [{ price: priceId }],
					...(firstSubscription
						? {
								trial_period_days: TRIAL_DAYS,
								// No card by the end of the trial: Stripe cancels, and the webhook ends premium.
								trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } },
							}
						: {}),
					payment_behavior: 'default_incomplete',
					payment_settings: { save_default_payment_method: 'on_subscription' },
					metadata: { userId: String(account.id) },
					expand: EXPAND,
				},
				{ idempotencyKey: `subscription-${account._id.toString()}-after-${account.stripeSubscriptionId ?? 'none'}` },
			),
		)
		const facts = subscriptionFacts(subscription)
		if (await storeStripeSubscription(account.id, account.stripeSubscriptionId, facts, readAt, 'checkout')) return answerFor(subscription)

		// Another request stored a subscription first (or a webhook stored this very one).
		const current = await getBillingAccount(account.id)
		if (current.stripeSubscriptionId === subscription.id) return answerFor(subscription)
		await callStripe('duplicate subscription cancellation', () => stripe.subscriptions.cancel(subscription.id))
		if (!current.stripeSubscriptionId) throw new Error('A subscription was created but could not be stored')
		return answerFor(await syncStoredSubscription({ ...current, stripeSubscriptionId: current.stripeSubscriptionId }))
	}

	const provider: BillingProvider & { stripe: Stripe } = {
		name: 'stripe',
		stripe,

		async getOrCreateSubscription(user: BillingUser) {
			const account = await getBillingAccount(user.id)
			if (account.stripeSubscriptionId) {
				const subscription = await syncStoredSubscription({ ...account, stripeSubscriptionId: account.stripeSubscriptionId })
				if (!ENDED_STATUSES.has(subscription.status)) return answerFor(subscription)
			} else if (isPremiumStatus(account.subscriptionStatus)) {
				// Premium without Stripe (granted by an administrator): nothing to sell.
				return { status: account.subscriptionStatus }
			}
			return createSubscription(account)
		},

		async needsCheckout(user: BillingUser) {
			const account = await getBillingAccount(user.id)
			if (!isPremiumStatus(account.subscriptionStatus)) return true
			if (!account.stripeSubscriptionId) return false
			try {
				const subscription = await syncStoredSubscription({ ...account, stripeSubscriptionId: account.stripeSubscriptionId })
				// A trial whose card is still to be given keeps the card form reachable.
				return !isPremiumStatus(subscription.status) || cardFormSecret(subscription) !== null
			} catch (error) {
				if (!(error instanceof BillingUnavailableError)) throw error
				return false
			}
		},

		async refreshSubscription(user: BillingUser): Promise<SubscriptionState> {
			const account = await getBillingAccount(user.id)
			if (account.stripeSubscriptionId) {
				try {
					await syncStoredSubscription({ ...account, stripeSubscriptionId: account.stripeSubscriptionId })
				} catch (error) {
					// The stored status (kept true by the webhook) is still the server's best knowledge.
					if (!(error instanceof BillingUnavailableError)) throw error
				}
			}
			return toSubscriptionState(await getBillingAccount(user.id))
		},
	}
	return provider
}

export type StripeProvider = ReturnType<typeof createStripeProvider>
