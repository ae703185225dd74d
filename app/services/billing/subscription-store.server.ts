import mongoose, { type Types } from 'mongoose'
import { UserModel } from '#models/index'
import { toIso } from '#models/model'
import { PREMIUM_STATUSES } from '~/lib/subscription'
import { ServiceError } from '~/lib/service-error'
import { type SubscriptionState } from './provider.server'
import { recordSubscriptionChange } from './subscription-history.server'

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
}

/** The acting user's billing fields, read fresh from the database (the session's copy may be stale). */
export async function getBillingAccount(userId: number): Promise<BillingAccount> {
	const account = await UserModel.findOne({ id: userId })
		.select('_id id name email stripeCustomerId stripeSubscriptionId subscriptionStatus trialEndsAt')
		.lean<BillingAccount>()
	if (!account) throw new ServiceError('Not authenticated', 401)
	return {
		...account,
		stripeCustomerId: account.stripeCustomerId ?? null,
		stripeSubscriptionId: account.stripeSubscriptionId ?? null,
		trialEndsAt: account.trialEndsAt ?? null,
	}
}

export function toSubscriptionState(account: Pick<BillingAccount, 'subscriptionStatus' | 'trialEndsAt'>): SubscriptionState {
	return { status: account.subscriptionStatus, trialEndsAt: toIso(account.trialEndsAt) }
}

/** Demo provider: starts the trial unless the user is already premium. Returns whether it started one. */
export async function startTrialUnlessPremium(userId: number, trialEndsAt: Date): Promise<boolean> {
	const previous = await UserModel.findOneAndUpdate(
		{ id: userId, subscriptionStatus: mongoose.trusted({ $nin: [...PREMIUM_STATUSES] }) },
		{ $set: { subscriptionStatus: 'trialing', trialEndsAt } },
		{ new: false, projection: { subscriptionStatus: 1 } },
	).lean<{ subscriptionStatus: string }>()
	if (!previous) return false
	await recordSubscriptionChange(userId, previous.subscriptionStatus, 'trialing', 'checkout')
	return true
}

/**
 * Ends a lapsed simulated trial as Stripe ends a trial whose first charge
 * succeeds: the member is now `active`. Conditional, so only the first of
 * racing requests writes, and never a trial Stripe stands behind.
 */
export async function convertLapsedSimulatedTrial(userId: number, now: Date): Promise<boolean> {
	const result = await UserModel.updateOne({ id: userId, ...lapsedSimulatedTrial(now) }, { $set: { subscriptionStatus: 'active', trialEndsAt: null } })
	if (result.modifiedCount !== 1) return false
	await recordSubscriptionChange(userId, 'trialing', 'active', 'trial_lapsed')
	return true
}

/** Lapsed trials converted per query of the background job. */
const LAPSED_BATCH = 500

/**
 * The same for every member whose simulated trial has ended (the background
 * job), one conditional update each, so each conversion is recorded once
 * (the insights and the audit log) even while requests convert some of the
 * same members. Returns how many it converted.
 */
export async function convertLapsedSimulatedTrials(now: Date): Promise<number> {
	let converted = 0
	for (;;) {
		const due = await UserModel.find(lapsedSimulatedTrial(now)).select('id').limit(LAPSED_BATCH).lean<Array<{ id: number }>>()
		for (const { id } of due) if (await convertLapsedSimulatedTrial(id, now)) converted += 1
		if (due.length < LAPSED_BATCH) return converted
	}
}

/** `isLapsedSimulatedTrial` (lib/subscription) as a query. */
function lapsedSimulatedTrial(now: Date) {
	return { subscriptionStatus: 'trialing', stripeSubscriptionId: null, trialEndsAt: mongoose.trusted({ $lte: now }) }
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
	const bySubscription = await UserModel.findOne({ stripeSubscriptionId: subscriptionId }).select('id stripeSubscriptionId').lean()
	if (bySubscription) return { id: bySubscription.id, stripeSubscriptionId: subscriptionId }
	const byCustomer = await UserModel.findOne({ stripeCustomerId: customerId, stripeSubscriptionId: null }).select('id').lean()
	return byCustomer ? { id: byCustomer.id, stripeSubscriptionId: null } : null
}
