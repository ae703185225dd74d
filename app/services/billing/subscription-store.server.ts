import mongoose, { type Types } from 'mongoose'
import {
	SimulatedInvoiceModel,
	UserModel,
	toSimulatedInvoiceJSON,
	type SimulatedInvoice,
	type SimulatedInvoiceJSON,
} from '#models/index'
import { toIso } from '#models/model'
import { PREMIUM_PRICE_CENTS, PREMIUM_STATUSES } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import { type SubscriptionState } from '~/services/billing/provider.server'
import { recordSubscriptionChange } from '~/services/billing/subscription-history.server'

/**
 * Every write of a user's subscription fields. Each one is a single
 * conditional update, so two requests (or a request and a webhook) racing
 * each other cannot both win: docs/decisions/041-subscription-idempotency.md.
 */

export interface BillingAccount {
	_id: Types.ObjectId
	id: number
	name: string
	email: string
	stripeCustomerId: string | null
	stripeSubscriptionId: string | null
	subscriptionStatus: string
	trialEndsAt: Date | null
	cancelAtPeriodEnd: boolean
	currentPeriodEnd: Date | null
	trialUsedAt: Date | null
}

/** The acting user's billing fields, read fresh from the database (the session's copy may be stale). */
export async function getBillingAccount(userId: number): Promise<BillingAccount> {
	const account = await UserModel.findOne({ id: userId })
		.select(
			'_id id name email stripeCustomerId stripeSubscriptionId subscriptionStatus trialEndsAt cancelAtPeriodEnd currentPeriodEnd trialUsedAt',
		)
		.lean<BillingAccount>()
	if (!account) throw new ServiceError('Not authenticated', 401)
	return {
		...account,
		stripeCustomerId: account.stripeCustomerId ?? null,
		stripeSubscriptionId: account.stripeSubscriptionId ?? null,
		trialEndsAt: account.trialEndsAt ?? null,
		cancelAtPeriodEnd: account.cancelAtPeriodEnd ?? false,
		currentPeriodEnd: account.currentPeriodEnd ?? null,
		trialUsedAt: account.trialUsedAt ?? null,
	}
}

/**
 * When the period paid for (or the trial) ends: the next charge, or the end
 * of a cancelled plan. A trial seeded without a period ends with the trial.
 */
export function periodEndOf(
	account: Pick<BillingAccount, 'subscriptionStatus' | 'trialEndsAt' | 'currentPeriodEnd'>,
): Date | null {
	return account.currentPeriodEnd ?? (account.subscriptionStatus === 'trialing' ? account.trialEndsAt : null)
}

export function toSubscriptionState(
	account: Pick<BillingAccount, 'subscriptionStatus' | 'trialEndsAt'>,
): SubscriptionState {
	return { status: account.subscriptionStatus, trialEndsAt: toIso(account.trialEndsAt) }
}

const DAY_MS = 86_400_000
/** A simulated month: the trial's length, so dates stay easy to follow. */
const SIMULATED_PERIOD_MS = 30 * DAY_MS

/**
 * Demo provider: starts the trial unless the user is already premium. The
 * trial is the first period (it ends at `trialEndsAt`) and gets its $0.00
 * invoice, as Stripe's does. Returns whether it started one.
 */
export async function startTrialUnlessPremium(userId: number, trialEndsAt: Date, now = new Date()): Promise<boolean> {
	const previous = await UserModel.findOneAndUpdate(
		{ id: userId, subscriptionStatus: mongoose.trusted({ $nin: [...PREMIUM_STATUSES] }) },
		{
			$set: {
				subscriptionStatus: 'trialing',
				trialEndsAt,
				currentPeriodEnd: trialEndsAt,
				cancelAtPeriodEnd: false,
				trialUsedAt: now,
			},
		},
		{ new: false, projection: { subscriptionStatus: 1 } },
	).lean<{ subscriptionStatus: string }>()
	if (!previous) return false
	await recordSubscriptionChange(userId, previous.subscriptionStatus, 'trialing', 'checkout')
	await recordSimulatedInvoice(userId, {
		start: now,
		end: trialEndsAt,
		amountCents: 0,
		description: 'Premium: free trial',
	})
	return true
}

/** One invoice per member and period start, whoever records it first (two settlements racing write one). */
export async function recordSimulatedInvoice(
	userId: number,
	period: { start: Date; end: Date; amountCents: number; description: string },
) {
	// The period's start, to the second, names it: unique per member, and the same for two settlements of one period.
	const number = `SIM-${userId}-${period.start.toISOString().slice(0, 19).replace(/\D/g, '')}`
	await SimulatedInvoiceModel.updateOne(
		{ number },
		{
			$setOnInsert: {
				number,
				userId,
				amountCents: period.amountCents,
				description: period.description,
				periodStart: period.start,
				periodEnd: period.end,
				createdAt: period.start,
			},
		},
		{ upsert: true },
	)
}

export async function listSimulatedInvoices(userId: number): Promise<SimulatedInvoiceJSON[]> {
	const invoices = await SimulatedInvoiceModel.find({ userId })
		.sort({ periodStart: -1 })
		.limit(24)
		.lean<SimulatedInvoice[]>()
	return invoices.map(toSimulatedInvoiceJSON)
}

export async function deleteSimulatedInvoicesOf(userId: number): Promise<void> {
	await SimulatedInvoiceModel.deleteMany({ userId })
}

/** What settling a simulated subscription did: nothing was due, a trial became a paid plan, a period renewed, or the plan ended. */
type SimulatedSettlement = 'none' | 'activated' | 'renewed' | 'ended'

/**
 * Settles a simulated subscription (no Stripe subscription behind it) whose
 * trial or period is over, as Stripe would (docs/decisions/043, 124):
 *
 * - a cancelled plan ends (`canceled`) at the end of its period or trial;
 * - a trial turns `active` for the next month, as a trial whose first charge
 *   succeeds does, except in production (ALLOW_DEMO_BILLING), where nothing
 *   can be charged: there the trial ends `inactive`, never a free plan;
 * - an active month renews, with a (simulated) invoice.
 *
 * Every write is conditional on the dates it read, so racing settlements
 * (a request and the job) write once.
 */
export async function settleSimulatedSubscription(
	userId: number,
	now: Date,
	{ production }: { production: boolean },
): Promise<SimulatedSettlement> {
	const account = await UserModel.findOne({ id: userId, stripeSubscriptionId: null, ...simulatedPeriodOver(now) })
		.select('subscriptionStatus trialEndsAt currentPeriodEnd cancelAtPeriodEnd')
		.lean<Pick<BillingAccount, 'subscriptionStatus' | 'trialEndsAt' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>>()
	if (!account) return 'none'
	const trial = account.subscriptionStatus === 'trialing'
	const periodEnd = (trial ? account.trialEndsAt : account.currentPeriodEnd)!
	const unchanged = {
		id: userId,
		stripeSubscriptionId: null,
		subscriptionStatus: account.subscriptionStatus,
		...(trial ? { trialEndsAt: periodEnd } : { currentPeriodEnd: periodEnd }),
	}
	const ended = { trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false }

	if (account.cancelAtPeriodEnd || (trial && production)) {
		const status = account.cancelAtPeriodEnd ? 'canceled' : 'inactive'
		const result = await UserModel.updateOne(unchanged, { $set: { subscriptionStatus: status, ...ended } })
		if (result.modifiedCount !== 1) return 'none'
		await recordSubscriptionChange(userId, account.subscriptionStatus, status, trial ? 'trial_lapsed' : 'period_ended')
		return 'ended'
	}
	// Every month that has begun since is billed (a member away for months is brought up to date at once).
	const periods: Array<{ start: Date; end: Date }> = []
	let start = periodEnd
	do {
		periods.push({ start, end: new Date(start.getTime() + SIMULATED_PERIOD_MS) })
		start = periods.at(-1)!.end
	} while (start.getTime() <= now.getTime())
	const result = await UserModel.updateOne(unchanged, {
		$set: { subscriptionStatus: 'active', trialEndsAt: null, currentPeriodEnd: start },
	})
	if (result.modifiedCount !== 1) return 'none'
	if (trial) await recordSubscriptionChange(userId, 'trialing', 'active', 'trial_lapsed')
	for (const period of periods)
		await recordSimulatedInvoice(userId, {
			...period,
			amountCents: PREMIUM_PRICE_CENTS,
			description: 'Premium: one month',
		})
	return trial ? 'activated' : 'renewed'
}

/** The same for every simulated subscription that is due (the background job). Returns how many it settled. */
export async function settleSimulatedSubscriptions(
	now: Date,
	{ production, limit = 500 }: { production: boolean; limit?: number },
): Promise<number> {
	const due = await UserModel.find({ stripeSubscriptionId: null, ...simulatedPeriodOver(now) })
		.select('id')
		.limit(limit)
		.lean<Array<{ id: number }>>()
	let settled = 0
	for (const { id } of due) if ((await settleSimulatedSubscription(id, now, { production })) !== 'none') settled += 1
	return settled
}

/** A trial past its end, or an active plan past its period's end (`isLapsedSimulatedTrial` in lib/subscription covers the first). */
function simulatedPeriodOver(now: Date) {
	return {
		$or: [
			{ subscriptionStatus: 'trialing', trialEndsAt: mongoose.trusted({ $lte: now }) },
			{ subscriptionStatus: 'active', currentPeriodEnd: mongoose.trusted({ $lte: now }) },
		],
	}
}

/**
 * Simulated billing: the member cancels (Premium stays until the period
 * ends) or takes the cancellation back before then. Conditional writes:
 * they only touch a running simulated plan. Returns whether they wrote.
 */
export async function setSimulatedCancellation(userId: number, cancel: boolean, now: Date): Promise<boolean> {
	const result = await UserModel.updateOne(
		{
			id: userId,
			stripeSubscriptionId: null,
			subscriptionStatus: mongoose.trusted({ $in: [...PREMIUM_STATUSES] }),
			cancelAtPeriodEnd: !cancel,
			$or: [
				{ currentPeriodEnd: mongoose.trusted({ $gt: now }) },
				{ currentPeriodEnd: null, trialEndsAt: mongoose.trusted({ $gt: now }) },
			],
		},
		{ $set: { cancelAtPeriodEnd: cancel } },
	)
	return result.modifiedCount === 1
}

/** Deletion: a simulated plan simply ends now. */
export async function endSimulatedSubscription(userId: number): Promise<void> {
	await UserModel.updateOne(
		{ id: userId, stripeSubscriptionId: null, subscriptionStatus: mongoose.trusted({ $in: [...PREMIUM_STATUSES] }) },
		{ $set: { subscriptionStatus: 'canceled', trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false } },
	)
}

/**
 * Stores the Stripe customer of a user unless one is stored already, and
 * returns the one that is stored: the first request to get there wins.
 */
export async function claimStripeCustomer(userId: number, customerId: string): Promise<string> {
	await UserModel.updateOne({ id: userId, stripeCustomerId: null }, { $set: { stripeCustomerId: customerId } })
	const account = await getBillingAccount(userId)
	return account.stripeCustomerId ?? customerId
}

/** What the app keeps of a Stripe subscription. */
export interface StripeSubscriptionFacts {
	subscriptionId: string
	customerId: string
	status: string
	/** Only while the subscription is trialing: otherwise no trial is running. */
	trialEndsAt: Date | null
	/** The member cancelled: the subscription ends at `currentPeriodEnd`. */
	cancelAtPeriodEnd: boolean
	/** The end of the current period (of the trial, while trialing). */
	currentPeriodEnd: Date | null
}

/**
 * Stores what Stripe said about a subscription, read at `readAt`, on the user
 * whose current subscription is `expectedSubscriptionId` (null: none yet).
 *
 * - Another subscription id stored in the meantime: nothing is written (an
 *   event about an old subscription never overwrites the new one).
 * - The same subscription already stored from a later read: nothing is
 *   written, so two webhooks processed at once end in the newer truth.
 *
 * Returns whether it wrote.
 */
export async function storeStripeSubscription(
	userId: number,
	expectedSubscriptionId: string | null,
	facts: StripeSubscriptionFacts,
	readAt: Date,
	/** Who brought the news: the member's own checkout, a re-read of Stripe, or the webhook. */
	source: 'checkout' | 'stripe_sync' | 'webhook' = 'stripe_sync',
): Promise<boolean> {
	const sameSubscription = expectedSubscriptionId === facts.subscriptionId
	const filter = {
		id: userId,
		stripeSubscriptionId: expectedSubscriptionId,
		...(sameSubscription
			? { $or: [{ stripeSyncedAt: null }, { stripeSyncedAt: mongoose.trusted({ $lte: readAt }) }] }
			: {}),
	}
	const previous = await UserModel.findOneAndUpdate(
		filter,
		{
			$set: {
				stripeSubscriptionId: facts.subscriptionId,
				stripeCustomerId: facts.customerId,
				subscriptionStatus: facts.status,
				trialEndsAt: facts.trialEndsAt,
				cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
				currentPeriodEnd: facts.currentPeriodEnd,
				stripeSyncedAt: readAt,
			},
		},
		{ new: false, projection: { subscriptionStatus: 1 } },
	).lean<{ subscriptionStatus: string }>()
	if (!previous) return false
	await recordSubscriptionChange(userId, previous.subscriptionStatus, facts.status, source)
	return true
}

/** The user a Stripe subscription belongs to: by the subscription, else by the customer when no subscription is stored yet. */
export async function findSubscriptionOwner(
	subscriptionId: string,
	customerId: string,
): Promise<{ id: number; stripeSubscriptionId: string | null } | null> {
	const bySubscription = await UserModel.findOne({ stripeSubscriptionId: subscriptionId })
		.select('id stripeSubscriptionId')
		.lean()
	if (bySubscription) return { id: bySubscription.id, stripeSubscriptionId: subscriptionId }
	const byCustomer = await UserModel.findOne({ stripeCustomerId: customerId, stripeSubscriptionId: null })
		.select('id')
		.lean()
	return byCustomer ? { id: byCustomer.id, stripeSubscriptionId: null } : null
}
