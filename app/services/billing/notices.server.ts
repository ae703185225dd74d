import mongoose from 'mongoose'
import { UserModel } from '#models/index'
import { formatLongDate } from '~/lib/dates'
import { PREMIUM_PRICE_LABEL } from '~/lib/subscription'
import { type Job } from '~/platform/jobs.server'
import { notify } from '~/services/notifications/notifications.server'

/**
 * What billing tells a member in the app (product §2 "Notifications"): the
 * trial ends in 3 days, a payment failed, the subscription ended. Each is
 * sent once (a once-key per trial end, Stripe event or subscription); the
 * mail for the same moments goes through the same calls.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** product §9: members hear this long before their trial ends. */
const TRIAL_ENDING_NOTICE_MS = 3 * DAY_MS
const ACCOUNT_LINK = '/profile?tab=account'
/**
 * Statuses after which the member has no Premium, so "Your Premium
 * subscription has ended" is true (docs/decisions/040). Wider than
 * stripe.server's ENDED_STATUSES (subscriptions Stripe will not bill again):
 * an `unpaid` one still exists in Stripe but gives no access.
 */
const PREMIUM_ENDED_STATUSES = ['canceled', 'unpaid', 'incomplete_expired']

/**
 * Every hour: members whose trial ends within 3 days hear it once per trial
 * (the once-key holds the trial's end, so a new trial is told again).
 */
export const trialEndingJob: Job = {
	name: 'trial-ending-notices',
	everyMs: 60 * 60_000,
	async run({ now, signal }) {
		const ending = await UserModel.find({
			subscriptionStatus: 'trialing',
			trialEndsAt: mongoose.trusted({ $gt: now, $lte: new Date(now.getTime() + TRIAL_ENDING_NOTICE_MS) }),
		})
			.select('id trialEndsAt')
			.lean<Array<{ id: number; trialEndsAt: Date }>>()
		for (const member of ending) {
			if (signal.aborted) return
			const endsAt = new Date(member.trialEndsAt)
			const days = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS))
			await notify(member.id, {
				kind: 'trial_ending',
				title: `Your free trial ends in ${days} day${days === 1 ? '' : 's'}`,
				text: `It ends on ${formatLongDate(endsAt, 'UTC')}. Premium then costs ${PREMIUM_PRICE_LABEL} a month unless you cancel.`,
				link: ACCOUNT_LINK,
				onceKey: `trial_ending:${endsAt.toISOString()}`,
			})
		}
	},
}

/** A Stripe webhook was applied to a member's subscription: tell them what concerns them. */
export async function announceSubscriptionChange(
	userId: number,
	change: { eventId: string; eventType: string; subscriptionId: string; status: string },
): Promise<void> {
	if (change.eventType === 'invoice.payment_failed') {
		await notify(userId, {
			kind: 'payment_failed',
			title: 'Your payment did not go through',
			text: 'Premium is paused until the invoice is paid. Update your card to keep your access.',
			link: '/subscribe',
			onceKey: `payment_failed:${change.eventId}`,
		})
	}
	if (PREMIUM_ENDED_STATUSES.includes(change.status)) {
		await notify(userId, {
			kind: 'subscription_ended',
			title: 'Your Premium subscription has ended',
			text: 'You keep a free account. Subscribe again any time to get Premium back.',
			link: '/subscribe',
			onceKey: `subscription_ended:${change.subscriptionId}`,
		})
	}
}
