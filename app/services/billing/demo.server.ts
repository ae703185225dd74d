import { isPremiumStatus, TRIAL_DAYS } from '~/lib/subscription'
import { type BillingProvider, type BillingUser } from './provider.server'
import { getBillingAccount, startTrialUnlessPremium, toSubscriptionState } from './subscription-store.server'

const DAY_MS = 86_400_000

/**
 * Simulated billing (no STRIPE_SECRET_KEY outside production): starting the
 * subscription starts the 30-day trial at once, with no card and no charge,
 * and answers {status: 'trialing'} without a client secret.
 * See docs/decisions/043-demo-billing-provider.md.
 */
export function createDemoProvider(): BillingProvider {
	return {
		name: 'demo',

		async getOrCreateSubscription(user: BillingUser) {
			// One conditional update: a premium user, or a second click, changes nothing.
			await startTrialUnlessPremium(user.id, new Date(Date.now() + TRIAL_DAYS * DAY_MS))
			const account = await getBillingAccount(user.id)
			return { status: account.subscriptionStatus }
		},

		async needsCheckout(user: BillingUser) {
			return !isPremiumStatus((await getBillingAccount(user.id)).subscriptionStatus)
		},

		async refreshSubscription(user: BillingUser) {
			return toSubscriptionState(await getBillingAccount(user.id))
		},
	}
}
