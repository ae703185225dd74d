import Stripe from 'stripe'
import { StripeEventModel } from '#models/index'
import { ServiceError, isDuplicateKeyError } from '~/lib/service-error'
import { announceSubscriptionChange } from '~/services/billing/notices.server'
import { subscriptionFacts } from '~/services/billing/stripe.server'
import { findSubscriptionOwner, storeStripeSubscription } from '~/services/billing/subscription-store.server'

/** The events that can change a subscription's status (docs/decisions/042-stripe-webhook-processing.md). */
export const HANDLED_EVENT_TYPES = [
	'customer.subscription.created',
	'customer.subscription.updated',
	'customer.subscription.deleted',
	'invoice.payment_succeeded',
	'invoice.payment_failed',
] as const

export type WebhookOutcome =
	/** Verified and applied. */
	| 'applied'
	/** Verified, but already applied once: acknowledged and ignored. */
	| 'replay'
	/** Verified, but nothing here is concerned (another event type, a subscription of no user). */
	| 'ignored'

export const INVALID_SIGNATURE = 'Invalid Stripe signature'

/**
 * Verifies a webhook against the raw body and applies it once. The payload
 * is only trusted to name a subscription: its state is read again from
 * Stripe, so events that arrive late, twice or out of order still end in
 * Stripe's current truth.
 */
export async function handleStripeWebhook(
	stripe: Stripe,
	webhookSecret: string | undefined,
	{ payload, signature }: { payload: Buffer; signature: string | null },
): Promise<WebhookOutcome> {
	if (!webhookSecret)
		throw new ServiceError('Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)', 400)
	if (!signature) throw new ServiceError(INVALID_SIGNATURE, 400)
	let event: Stripe.Event
	try {
		event = stripe.webhooks.constructEvent(payload, signature, webhookSecret)
	} catch {
		throw new ServiceError(INVALID_SIGNATURE, 400)
	}

	if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored'
	const subscriptionId = subscriptionIdOf(event)
	if (!subscriptionId) return 'ignored'

	if (!(await claimEvent(event))) return 'replay'
	let applied: Awaited<ReturnType<typeof applySubscriptionChange>>
	try {
		applied = await applySubscriptionChange(stripe, subscriptionId)
	} catch (error) {
		// Not applied: let Stripe's redelivery try again.
		await StripeEventModel.deleteOne({ eventId: event.id })
		throw error
	}
	if (applied.outcome === 'applied') {
		// Once per event (the claim above); a failure to tell the member does not undo the change.
		await announceSubscriptionChange(applied.userId, {
			eventId: event.id,
			eventType: event.type,
			subscriptionId,
			status: applied.status,
		}).catch((error) => console.error('Could not announce a subscription change:', error))
	}
	return applied.outcome
}

/** The subscription an event is about: the subscription itself, or the one an invoice bills. */
function subscriptionIdOf(event: Stripe.Event): string | null {
	const object = event.data.object as unknown as Record<string, unknown>
	if (event.type.startsWith('customer.subscription.')) return typeof object.id === 'string' ? object.id : null
	// Invoices name their subscription under parent.subscription_details (API 2025-03-31 and later), or directly (before).
	const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined
	const candidate = parent?.subscription_details?.subscription ?? object.subscription
	if (typeof candidate === 'string') return candidate
	if (candidate && typeof candidate === 'object' && typeof (candidate as { id?: unknown }).id === 'string') {
		return (candidate as { id: string }).id
	}
	return null
}

/**
 * Records the event id; true when this call recorded it first. An atomic
 * upsert, so it is safe without a unique index; on MongoDB the unique index
 * also turns a racing duplicate into E11000, which means "already recorded".
 */
async function claimEvent(event: Stripe.Event): Promise<boolean> {
	try {
		const result = await StripeEventModel.updateOne(
			{ eventId: event.id },
			{ $setOnInsert: { eventId: event.id, type: event.type, receivedAt: new Date() } },
			{ upsert: true },
		)
		return result.upsertedCount === 1
	} catch (error) {
		if (isDuplicateKeyError(error)) return false
		throw error
	}
}

async function applySubscriptionChange(
	stripe: Stripe,
	subscriptionId: string,
): Promise<{ outcome: 'ignored' } | { outcome: 'applied'; userId: number; status: string }> {
	const readAt = new Date()
	let subscription: Stripe.Subscription
	try {
		subscription = await stripe.subscriptions.retrieve(subscriptionId)
	} catch (error) {
		// Stripe does not know it (a test event, another account's object): nothing to apply.
		if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
			return { outcome: 'ignored' }
		throw error
	}
	const facts = subscriptionFacts(subscription)
	const owner = await findSubscriptionOwner(facts.subscriptionId, facts.customerId)
	if (!owner) return { outcome: 'ignored' }
	await storeStripeSubscription(owner.id, owner.stripeSubscriptionId, facts, readAt, 'webhook')
	return { outcome: 'applied', userId: owner.id, status: facts.status }
}
