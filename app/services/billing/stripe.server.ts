import Stripe from 'stripe'
import { type AppConfig } from '~/config.server'
import { isPremiumStatus, PREMIUM_PRICE_CENTS, PREMIUM_PRICE_CURRENCY, TRIAL_DAYS } from '~/lib/subscription'
import { BillingUnavailableError, ServiceError } from '~/lib/service-error'
import {
	assertCancellable,
	assertResumable,
	describeBilling,
	NO_BILLING_ACCOUNT,
} from '~/services/billing/details.server'
import {
	type BillingDetails,
	type BillingProvider,
	type BillingUser,
	type SubscriptionAnswer,
	type SubscriptionState,
} from '~/services/billing/provider.server'
import {
	claimStripeCustomer,
	getBillingAccount,
	storeStripeSubscription,
	toSubscriptionState,
	type BillingAccount,
	type StripeSubscriptionFacts,
} from '~/services/billing/subscription-store.server'

type BillingConfig = AppConfig['billing']

/** The Premium price the app creates when STRIPE_PRICE_ID is not set, found again by this key. */
export const PREMIUM_PRICE_LOOKUP_KEY = 'premium_monthly_usd_5000'

/** A subscription in one of these states is over: a new one may be created. */
const ENDED_STATUSES = new Set<Stripe.Subscription.Status>(['canceled', 'incomplete_expired'])
/** The card form is still needed for a setup intent in these states. */
const SETUP_PENDING = new Set<Stripe.SetupIntent.Status>([
	'requires_payment_method',
	'requires_confirmation',
	'requires_action',
])
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

/**
 * What the app keeps of a subscription: the status, the trial end only while
 * a trial runs, and whether it ends with its current period (Stripe keeps the
 * period on the subscription's item since API 2025-03-31).
 */
export function subscriptionFacts(subscription: Stripe.Subscription): StripeSubscriptionFacts {
	const periodEnd =
		subscription.items?.data?.[0]?.current_period_end ??
		(subscription.status === 'trialing' ? subscription.trial_end : null)
	return {
		subscriptionId: subscription.id,
		customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
		status: subscription.status,
		trialEndsAt:
			subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
		cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
		currentPeriodEnd: ENDED_STATUSES.has(subscription.status) || !periodEnd ? null : new Date(periodEnd * 1000),
	}
}

/** The card of a payment method, when it is one. */
function cardOf(paymentMethod: string | Stripe.PaymentMethod | null | undefined): BillingDetails['card'] {
	if (!paymentMethod || typeof paymentMethod === 'string' || !paymentMethod.card) return null
	return { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 }
}

/**
 * The secret the card form needs, if it is still needed: the open invoice's
 * payment of a subscription that waits for one, else the pending setup
 * intent of a trial (the card is saved for after the trial).
 */
export function cardFormSecret(subscription: Stripe.Subscription): string | null {
	const invoice = subscription.latest_invoice
	if (
		AWAITING_PAYMENT.has(subscription.status) &&
		invoice &&
		typeof invoice === 'object' &&
		invoice.status === 'open'
	) {
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
		if (await storeStripeSubscription(account.id, account.stripeSubscriptionId, facts, readAt, 'checkout'))
			return answerFor(subscription)

		// Another request stored a subscription first (or a webhook stored this very one).
		const current = await getBillingAccount(account.id)
		if (current.stripeSubscriptionId === subscription.id) return answerFor(subscription)
		await callStripe('duplicate subscription cancellation', () => stripe.subscriptions.cancel(subscription.id))
		if (!current.stripeSubscriptionId) throw new Error('A subscription was created but could not be stored')
		return answerFor(await syncStoredSubscription({ ...current, stripeSubscriptionId: current.stripeSubscriptionId }))
	}

	/** Sets or clears cancel_at_period_end on the stored subscription, and stores what Stripe answers. */
	async function setCancelAtPeriodEnd(account: BillingAccount & { stripeSubscriptionId: string }, cancel: boolean) {
		const readAt = new Date()
		const subscription = await callStripe(cancel ? 'cancellation' : 'resumption', () =>
			stripe.subscriptions.update(account.stripeSubscriptionId, { cancel_at_period_end: cancel }),
		)
		await storeStripeSubscription(account.id, account.stripeSubscriptionId, subscriptionFacts(subscription), readAt)
	}

	/** The account after a fresh read of its subscription from Stripe (the stored one when Stripe cannot be reached). */
	async function syncedAccount(
		user: BillingUser,
	): Promise<{ account: BillingAccount; subscription: Stripe.Subscription | null; unavailable: boolean }> {
		const account = await getBillingAccount(user.id)
		if (!account.stripeSubscriptionId) return { account, subscription: null, unavailable: false }
		try {
			const readAt = new Date()
			const subscription = await callStripe('subscription read', () =>
				stripe.subscriptions.retrieve(account.stripeSubscriptionId!, { expand: ['default_payment_method'] }),
			)
			await storeStripeSubscription(account.id, account.stripeSubscriptionId, subscriptionFacts(subscription), readAt)
			return { account: await getBillingAccount(user.id), subscription, unavailable: false }
		} catch (error) {
			if (!(error instanceof BillingUnavailableError)) throw error
			return { account, subscription: null, unavailable: true }
		}
	}

	/** The card Stripe charges: the subscription's own payment method, else the customer's default. */
	async function cardFor(
		account: BillingAccount,
		subscription: Stripe.Subscription | null,
	): Promise<BillingDetails['card']> {
		const own = cardOf(subscription?.default_payment_method)
		if (own || !account.stripeCustomerId) return own
		const customer = await callStripe('customer read', () =>
			stripe.customers.retrieve(account.stripeCustomerId!, { expand: ['invoice_settings.default_payment_method'] }),
		)
		return 'deleted' in customer && customer.deleted
			? null
			: cardOf((customer as Stripe.Customer).invoice_settings?.default_payment_method)
	}

	const provider: BillingProvider & { stripe: Stripe } = {
		name: 'stripe',
		stripe,

		async getOrCreateSubscription(user: BillingUser) {
			const account = await getBillingAccount(user.id)
			if (account.stripeSubscriptionId) {
				const subscription = await syncStoredSubscription({
					...account,
					stripeSubscriptionId: account.stripeSubscriptionId,
				})
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
				const subscription = await syncStoredSubscription({
					...account,
					stripeSubscriptionId: account.stripeSubscriptionId,
				})
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

		async getBillingDetails(user: BillingUser) {
			const { account, subscription, unavailable } = await syncedAccount(user)
			let card: BillingDetails['card'] = null
			let providerUnavailable = unavailable
			if (!unavailable) {
				try {
					card = await cardFor(account, subscription)
				} catch (error) {
					if (!(error instanceof BillingUnavailableError)) throw error
					providerUnavailable = true
				}
			}
			const amountCents = subscription?.items?.data?.[0]?.price?.unit_amount ?? undefined
			return describeBilling(account, 'stripe', { card, providerUnavailable, amountCents })
		},

		async cancelAtPeriodEnd(user: BillingUser) {
			const { account, unavailable } = await syncedAccount(user)
			if (unavailable) throw new BillingUnavailableError()
			if (account.cancelAtPeriodEnd) return
			assertCancellable(account, 'stripe')
			await setCancelAtPeriodEnd({ ...account, stripeSubscriptionId: account.stripeSubscriptionId! }, true)
		},

		async resumeSubscription(user: BillingUser) {
			const { account, unavailable } = await syncedAccount(user)
			if (unavailable) throw new BillingUnavailableError()
			assertResumable(account, 'stripe')
			if (account.cancelAtPeriodEnd)
				await setCancelAtPeriodEnd({ ...account, stripeSubscriptionId: account.stripeSubscriptionId! }, false)
		},

		async createPortalSession(user: BillingUser, returnUrl: string) {
			const account = await getBillingAccount(user.id)
			if (!account.stripeCustomerId) throw new ServiceError(NO_BILLING_ACCOUNT, 409)
			const session = await callStripe('billing portal session', () =>
				stripe.billingPortal.sessions.create({ customer: account.stripeCustomerId!, return_url: returnUrl }),
			)
			return { url: session.url }
		},

		async endSubscriptionNow(user: BillingUser) {
			const account = await getBillingAccount(user.id)
			if (!account.stripeSubscriptionId || ENDED_STATUSES.has(account.subscriptionStatus as Stripe.Subscription.Status))
				return
			const readAt = new Date()
			// No refund and no last invoice: the member leaves now, as they asked.
			const subscription = await callStripe('immediate cancellation', () =>
				stripe.subscriptions.cancel(account.stripeSubscriptionId!, { invoice_now: false, prorate: false }),
			)
			await storeStripeSubscription(account.id, account.stripeSubscriptionId, subscriptionFacts(subscription), readAt)
		},
	}
	return provider
}

export type StripeProvider = ReturnType<typeof createStripeProvider>
