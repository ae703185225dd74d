import { getConfig } from '~/config.server'
import { isPremiumStatus, TRIAL_DAYS } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import {
	assertCancellable,
	assertResumable,
	describeBilling,
	PORTAL_NEEDS_STRIPE,
} from '~/services/billing/details.server'
import { type BillingProvider, type BillingUser } from '~/services/billing/provider.server'
import {
	endSimulatedSubscription,
	getBillingAccount,
	listSimulatedInvoices,
	setSimulatedCancellation,
	settleSimulatedSubscription,
	startTrialUnlessPremium,
	toSubscriptionState,
} from '~/services/billing/subscription-store.server'

const DAY_MS = 86_400_000

/** Production with ALLOW_DEMO_BILLING: nothing can be paid, so an account gets its one trial and no more. */
export const SIMULATED_TRIAL_USED =
	'Your free trial has ended. This server uses simulated billing, so Premium cannot be bought here.'

/**
 * Simulated billing (no STRIPE_SECRET_KEY outside production): starting the
 * subscription starts the 30-day trial at once, with no card and no charge,
 * and answers {status: 'trialing'} without a client secret. Cancelling,
 * resuming and the monthly invoices are simulated the same way.
 * See docs/decisions/043-demo-billing-provider.md and 124.
 */
export function createDemoProvider(): BillingProvider {
	const production = () => getConfig().isProduction

	/** The account as of now: a period that is over is settled first. */
	async function currentAccount(user: BillingUser) {
		await settleSimulatedSubscription(user.id, new Date(), { production: production() })
		return getBillingAccount(user.id)
	}

	return {
		name: 'demo',

		async getOrCreateSubscription(user: BillingUser) {
			const account = await currentAccount(user)
			if (production() && account.trialUsedAt && !isPremiumStatus(account.subscriptionStatus)) {
				throw new ServiceError(SIMULATED_TRIAL_USED, 409)
			}
			// One conditional update: a premium user, or a second click, changes nothing.
			await startTrialUnlessPremium(user.id, new Date(Date.now() + TRIAL_DAYS * DAY_MS))
			return { status: (await getBillingAccount(user.id)).subscriptionStatus }
		},

		async needsCheckout(user: BillingUser) {
			return !isPremiumStatus((await getBillingAccount(user.id)).subscriptionStatus)
		},

		async refreshSubscription(user: BillingUser) {
			return toSubscriptionState(await currentAccount(user))
		},

		async getBillingDetails(user: BillingUser) {
			const account = await currentAccount(user)
			return describeBilling(account, 'demo', { invoices: await listSimulatedInvoices(user.id) })
		},

		async cancelAtPeriodEnd(user: BillingUser) {
			const account = await currentAccount(user)
			if (account.cancelAtPeriodEnd) return
			assertCancellable(account, 'demo')
			await setSimulatedCancellation(user.id, true, new Date())
		},

		async resumeSubscription(user: BillingUser) {
			const account = await currentAccount(user)
			assertResumable(account, 'demo')
			if (account.cancelAtPeriodEnd) await setSimulatedCancellation(user.id, false, new Date())
		},

		async createPortalSession() {
			throw new ServiceError(PORTAL_NEEDS_STRIPE, 409)
		},

		async endSubscriptionNow(user: BillingUser) {
			await endSimulatedSubscription(user.id)
		},
	}
}
