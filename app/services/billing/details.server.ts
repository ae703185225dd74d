import { toIso } from '#models/model'
import { isPremiumStatus, PREMIUM_PRICE_CENTS } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import { type BillingDetails, type BillingStatus } from '~/services/billing/provider.server'
import { periodEndOf, type BillingAccount } from '~/services/billing/subscription-store.server'

/**
 * What the Billing tab and GET /api/billing say about a member, and what
 * they may do (product §2 "Profile" Billing tab): one set of rules for both
 * providers.
 */

export const NOTHING_TO_CANCEL = 'You have no subscription to cancel.'
export const GRANTED_PREMIUM = 'Your Premium was given to you by an administrator: there is no subscription to cancel.'
export const PLAN_ENDED = 'Your subscription has ended. Subscribe again to get Premium back.'
export const NOTHING_TO_RESUME = 'You have no cancelled subscription to resume.'
export const PORTAL_NEEDS_STRIPE = 'The billing portal needs Stripe: this server uses simulated billing.'
export const NO_BILLING_ACCOUNT = 'You have no billing account yet: subscribe first.'

/** Stripe lets a subscription be cancelled while it runs, also while a renewal payment is being retried. */
const STRIPE_CANCELLABLE = new Set(['active', 'trialing', 'past_due'])

type Account = Pick<
	BillingAccount,
	| 'subscriptionStatus'
	| 'trialEndsAt'
	| 'currentPeriodEnd'
	| 'cancelAtPeriodEnd'
	| 'stripeSubscriptionId'
	| 'stripeCustomerId'
>

export function billingStatusOf(account: Account): BillingStatus {
	return {
		status: account.subscriptionStatus,
		cancelAtPeriodEnd: account.cancelAtPeriodEnd,
		currentPeriodEnd: toIso(periodEndOf(account)),
		trialEnd: account.subscriptionStatus === 'trialing' ? toIso(account.trialEndsAt) : null,
	}
}

/** Premium with nothing behind it to bill or cancel: no Stripe subscription (Stripe), or no period (simulated). */
function isGranted(account: Account, provider: 'stripe' | 'demo'): boolean {
	if (!isPremiumStatus(account.subscriptionStatus)) return false
	return provider === 'stripe' ? !account.stripeSubscriptionId : periodEndOf(account) === null
}

function runsUntilLater(account: Account, now: Date): boolean {
	const end = periodEndOf(account)
	return end !== null && end.getTime() > now.getTime()
}

function isCancellable(account: Account, provider: 'stripe' | 'demo'): boolean {
	if (provider === 'stripe')
		return Boolean(account.stripeSubscriptionId) && STRIPE_CANCELLABLE.has(account.subscriptionStatus)
	return !account.stripeSubscriptionId && isPremiumStatus(account.subscriptionStatus)
}

export function describeBilling(
	account: Account,
	provider: 'stripe' | 'demo',
	extra: Partial<Pick<BillingDetails, 'card' | 'invoices' | 'amountCents' | 'providerUnavailable'>> = {},
	now = new Date(),
): BillingDetails {
	const granted = isGranted(account, provider)
	const running = !granted && isCancellable(account, provider) && runsUntilLater(account, now)
	return {
		...billingStatusOf(account),
		provider,
		amountCents: extra.amountCents ?? PREMIUM_PRICE_CENTS,
		card: extra.card ?? null,
		granted,
		canCancel: running && !account.cancelAtPeriodEnd,
		canResume: running && account.cancelAtPeriodEnd,
		canOpenPortal: provider === 'stripe' && Boolean(account.stripeCustomerId),
		invoices: extra.invoices ?? [],
		providerUnavailable: extra.providerUnavailable ?? false,
	}
}

/** Why the member cannot cancel now (409), or nothing when they can (or already did: cancelling twice is the same). */
export function assertCancellable(account: Account, provider: 'stripe' | 'demo', now = new Date()) {
	if (isGranted(account, provider)) throw new ServiceError(GRANTED_PREMIUM, 409)
	if (!isCancellable(account, provider) || !runsUntilLater(account, now)) throw new ServiceError(NOTHING_TO_CANCEL, 409)
}

/** Why the member cannot resume now (409): only a plan that still runs can be taken back. */
export function assertResumable(account: Account, provider: 'stripe' | 'demo', now = new Date()) {
	if (isGranted(account, provider)) throw new ServiceError(GRANTED_PREMIUM, 409)
	if (account.subscriptionStatus === 'inactive') throw new ServiceError(NOTHING_TO_RESUME, 409)
	if (!isCancellable(account, provider) || !runsUntilLater(account, now)) throw new ServiceError(PLAN_ENDED, 409)
}
