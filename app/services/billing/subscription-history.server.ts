import { SubscriptionEventModel, UserModel, type SubscriptionEvent } from '#models/index'
import { recordAudit } from '~/services/admin/audit.server'

/**
 * Every change of a member's subscription status, as it is stored: kept as a
 * SubscriptionEvent (the insights count trials, conversions and churn from
 * them), and written to the audit log when nobody asked for it in the app (a
 * Stripe webhook or a re-read of Stripe, a simulated trial that ended:
 * product §6 "Audit log"). A member starting their own subscription is not
 * an administrative act, so it is not in the audit log.
 */
export async function recordSubscriptionChange(
	userId: number,
	from: string | null | undefined,
	to: string,
	source: SubscriptionEvent['source'],
): Promise<void> {
	const previous = from ?? 'inactive'
	if (previous === to) return
	await SubscriptionEventModel.create({ userId, from: previous, to, source, at: new Date() })
	if (source === 'checkout') return
	const member = await UserModel.findOne({ id: userId }).select('name').lean<{ name: string }>()
	const name = member?.name ?? `User #${userId}`
	const why =
		source === 'trial_lapsed'
			? 'the simulated trial ended'
			: source === 'period_ended'
				? "the cancelled simulated plan's period ended"
				: 'Stripe reported it'
	await recordAudit('system', {
		kind: 'subscription.status_changed',
		target: { type: 'user', id: userId, label: name },
		summary: `Subscription of ${name} changed from ${previous} to ${to}: ${why}`,
		before: { subscriptionStatus: previous },
		after: { subscriptionStatus: to },
	})
}
