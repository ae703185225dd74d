/**
 * The one rule that decides premium access (product §6): a subscription status
 * of active or trialing. Every premium check on the server and every status
 * text in the pages goes through here.
 *
 * Every other status is free, deliberately including Stripe's `past_due`
 * (a renewal payment failed and Stripe is retrying), `unpaid`, `incomplete`
 * and `paused`: see docs/decisions/040-premium-statuses.md. A past-due member
 * gets premium back as soon as a payment succeeds, and /subscribe lets them
 * pay the open invoice with another card.
 */
export const PREMIUM_STATUSES = ['active', 'trialing'] as const

export function isPremiumStatus(status: string | null | undefined): boolean {
	return (PREMIUM_STATUSES as readonly string[]).includes(status ?? '')
}

export function isPremium(user: { subscriptionStatus?: string | null } | null | undefined): boolean {
	return isPremiumStatus(user?.subscriptionStatus)
}

/**
 * A trial no Stripe subscription stands behind (simulated billing, or demo
 * data) whose end has passed. Nobody else will ever end it: Stripe sends no
 * webhook for a subscription it does not have. See docs/decisions/043.
 */
export function isLapsedSimulatedTrial(
	user: { subscriptionStatus: string; stripeSubscriptionId: string | null; trialEndsAt: string | null },
	now = new Date(),
): boolean {
	return (
		user.subscriptionStatus === 'trialing' &&
		!user.stripeSubscriptionId &&
		user.trialEndsAt !== null &&
		new Date(user.trialEndsAt) <= now
	)
}

/** product §9: free accounts may play the first 10 videos. */
export const FREE_VIDEO_LIMIT = 10

/** product §1 and §9: the one plan, Premium, after a free trial. */
export const TRIAL_DAYS = 30
export const PREMIUM_PRICE_CENTS = 5000
export const PREMIUM_PRICE_CURRENCY = 'usd'
export const PREMIUM_PRICE_LABEL = '$50.00'

/** product §1: what Premium gives (the landing page's pricing card and /subscribe). */
export const PREMIUM_BENEFITS = [
	'Full video access',
	'Exclusive community discussions',
	'Connect with other leaders and professionals',
	'Early access to events',
	'Personal progress tracking',
	'Private messaging',
	'Downloadable resources',
] as const
