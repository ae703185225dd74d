import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { AuditEntryModel, NotificationModel, StripeEventModel, SubscriptionEventModel } from '#models/index'
import { isPremiumStatus } from '~/lib/subscription'
import { storedSubscription, useStripeModeServer } from '../setup/billing-test-helpers'
import { signUpMember } from '../setup/members'
import { useTestDatabase } from '../setup/test-database'

/**
 * POST /api/stripe/webhook in Stripe mode: signed with the library's test
 * header helper, as Stripe signs them. Each test subscribes a new member
 * through the app, changes the subscription in the fake Stripe, then sends
 * the events Stripe would send.
 */
const database = useTestDatabase()
const app = useStripeModeServer(database)
const signer = new Stripe('sk_test_x')
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** A member who started the trial through the app; returns their ids. */
async function trialingMember() {
	const { client, id } = await signUpMember(app.server.url, 'hook')
	expect((await client.json('POST', '/api/get-or-create-subscription')).status).toBe(200)
	const { stripeSubscriptionId, stripeCustomerId } = await storedSubscription(id)
	return { id, subscriptionId: stripeSubscriptionId!, customerId: stripeCustomerId! }
}

function stripeEvent(type: string, object: unknown, id = `evt_${randomBytes(8).toString('hex')}`) {
	return JSON.stringify({
		id,
		object: 'event',
		api_version: '2025-08-27.basil',
		created: nowSeconds(),
		livemode: false,
		pending_webhooks: 1,
		request: { id: null, idempotency_key: null },
		type,
		data: { object },
	})
}

const sign = (payload: string, secret = 'whsec_x') => signer.webhooks.generateTestHeaderString({ payload, secret })

function deliver(payload: string, signature: string | null = sign(payload)) {
	return fetch(new URL('/api/stripe/webhook', app.server.url), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'Stripe-Signature': signature }) },
		body: payload,
	})
}

async function deliverOk(payload: string) {
	const response = await deliver(payload)
	expect(response.status).toBe(200)
	return ((await response.json()) as { outcome: string }).outcome
}

const invoiceOf = (subscriptionId: string, customerId: string, status: string) => ({
	id: `in_${randomBytes(6).toString('hex')}`,
	object: 'invoice',
	customer: customerId,
	status,
	parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
})

describe('signature', () => {
	it('answers 400 to an unsigned, wrongly signed or altered event, and changes nothing', async () => {
		const member = await trialingMember()
		app.fake.updateSubscription(member.subscriptionId, { status: 'canceled' })
		const payload = stripeEvent('customer.subscription.deleted', app.fake.snapshot(member.subscriptionId))
		const readsBefore = app.fake.requestsTo('GET', `/v1/subscriptions/${member.subscriptionId}`).length

		const attempts = [
			deliver(payload, null),
			deliver(payload, sign(payload, 'whsec_someone_else')),
			deliver(payload.replace('"canceled"', '"active"'), sign(payload)),
			deliver(payload, 't=1,v1=not-a-signature'),
		]
		for (const response of await Promise.all(attempts)) {
			expect(response.status).toBe(400)
			expect(await response.json()).toEqual({ message: 'Invalid Stripe signature' })
		}
		expect((await storedSubscription(member.id)).status).toBe('trialing')
		expect(await StripeEventModel.countDocuments()).toBe(0)
		expect(app.fake.requestsTo('GET', `/v1/subscriptions/${member.subscriptionId}`)).toHaveLength(readsBefore)
	})
})

describe('status changes', () => {
	it('a trial that converts makes the member active: the state is read again from Stripe', async () => {
		const member = await trialingMember()
		const trialEnded = nowSeconds() - 60
		app.fake.completeCardSetup(member.subscriptionId)
		app.fake.updateSubscription(member.subscriptionId, { status: 'active', trial_end: trialEnded })

		expect(
			await deliverOk(stripeEvent('customer.subscription.updated', app.fake.snapshot(member.subscriptionId))),
		).toBe('applied')
		expect(await storedSubscription(member.id)).toMatchObject({ status: 'active', trialEndsAt: null })
		expect(app.fake.requestsTo('GET', `/v1/subscriptions/${member.subscriptionId}`).length).toBeGreaterThan(0)
	})

	it('a failed payment makes the member past due (not premium) and a later payment makes them active again, whatever the payload says', async () => {
		const member = await trialingMember()
		app.fake.completeCardSetup(member.subscriptionId)

		app.fake.updateSubscription(member.subscriptionId, { status: 'past_due', trial_end: nowSeconds() - 60 })
		// The payload claims "paid"; Stripe says past_due. Stripe wins.
		const failed = stripeEvent('invoice.payment_failed', invoiceOf(member.subscriptionId, member.customerId, 'paid'))
		await deliverOk(failed)
		const pastDue = await storedSubscription(member.id)
		expect(pastDue.status).toBe('past_due')
		expect(isPremiumStatus(pastDue.status)).toBe(false)
		// The member is told once, in the app, even when Stripe delivers the event again.
		expect(await deliverOk(failed)).toBe('replay')
		expect(await NotificationModel.find({ recipientId: member.id, kind: 'payment_failed' }).lean()).toMatchObject([
			{ title: 'Your payment did not go through', link: '/subscribe', readAt: null },
		])

		app.fake.updateSubscription(member.subscriptionId, { status: 'active' })
		await deliverOk(
			stripeEvent('invoice.payment_succeeded', invoiceOf(member.subscriptionId, member.customerId, 'paid')),
		)
		expect((await storedSubscription(member.id)).status).toBe('active')
	})

	it('a cancellation (or a trial that lapses without a card) ends premium access', async () => {
		const member = await trialingMember()
		app.fake.updateSubscription(member.subscriptionId, { status: 'canceled', canceled_at: nowSeconds() })
		await deliverOk(stripeEvent('customer.subscription.deleted', app.fake.snapshot(member.subscriptionId)))
		const stored = await storedSubscription(member.id)
		expect(stored).toMatchObject({ status: 'canceled', trialEndsAt: null })
		expect(isPremiumStatus(stored.status)).toBe(false)
		expect(await NotificationModel.find({ recipientId: member.id, kind: 'subscription_ended' }).lean()).toMatchObject([
			{ title: 'Your Premium subscription has ended' },
		])
		// product §6 "Audit log": the automatic change of access is recorded, and its history kept for the insights.
		expect(
			await AuditEntryModel.findOne({ kind: 'subscription.status_changed', targetId: member.id }).lean(),
		).toMatchObject({
			actorId: null,
			actorName: 'System',
			before: { subscriptionStatus: 'trialing' },
			after: { subscriptionStatus: 'canceled' },
		})
		const history = await SubscriptionEventModel.find({ userId: member.id }).sort({ at: 1 }).lean()
		expect(history.map(({ from, to, source }) => ({ from, to, source }))).toEqual([
			{ from: 'inactive', to: 'trialing', source: 'checkout' },
			{ from: 'trialing', to: 'canceled', source: 'webhook' },
		])
	})
})

describe('each event once, in any order', () => {
	it('a replayed event is acknowledged and ignored', async () => {
		const member = await trialingMember()
		app.fake.updateSubscription(member.subscriptionId, { status: 'active' })
		const activated = stripeEvent('customer.subscription.updated', app.fake.snapshot(member.subscriptionId))
		expect(await deliverOk(activated)).toBe('applied')
		const activatedId = JSON.parse(activated).id as string

		// Stripe moves on without telling us; a replay of the old event must not be processed again.
		app.fake.updateSubscription(member.subscriptionId, { status: 'canceled' })
		const replays = await Promise.all([deliver(activated), deliver(activated), deliver(activated)])
		for (const response of replays) {
			expect(response.status).toBe(200)
			expect(await response.json()).toEqual({ received: true, outcome: 'replay' })
		}
		expect((await storedSubscription(member.id)).status).toBe('active')
		expect(await StripeEventModel.countDocuments({ eventId: activatedId })).toBe(1)

		// The event that reports the cancellation is new, and applies.
		expect(
			await deliverOk(stripeEvent('customer.subscription.deleted', app.fake.snapshot(member.subscriptionId))),
		).toBe('applied')
		expect((await storedSubscription(member.id)).status).toBe('canceled')
	})

	it('events that arrive out of order end in the true state', async () => {
		const member = await trialingMember()
		const created = stripeEvent('customer.subscription.created', app.fake.snapshot(member.subscriptionId))
		app.fake.updateSubscription(member.subscriptionId, { status: 'active' })
		const updated = stripeEvent('customer.subscription.updated', app.fake.snapshot(member.subscriptionId))
		const paid = stripeEvent('invoice.payment_succeeded', invoiceOf(member.subscriptionId, member.customerId, 'paid'))
		app.fake.updateSubscription(member.subscriptionId, { status: 'canceled' })
		const deleted = stripeEvent('customer.subscription.deleted', app.fake.snapshot(member.subscriptionId))

		// Newest first, oldest last: the member must still end canceled, not trialing or active.
		for (const payload of [deleted, paid, updated, created]) expect(await deliverOk(payload)).toBe('applied')
		expect((await storedSubscription(member.id)).status).toBe('canceled')
	})

	it('a "created" event that arrives before the app stored the subscription still finds its member', async () => {
		const member = await trialingMember()
		// As if the app had not stored the subscription id yet: only the customer is known.
		const { UserModel } = await import('#models/index')
		await UserModel.updateOne(
			{ id: member.id },
			{ $set: { stripeSubscriptionId: null, subscriptionStatus: 'inactive', stripeSyncedAt: null } },
		)
		expect(
			await deliverOk(stripeEvent('customer.subscription.created', app.fake.snapshot(member.subscriptionId))),
		).toBe('applied')
		expect(await storedSubscription(member.id)).toMatchObject({
			status: 'trialing',
			stripeSubscriptionId: member.subscriptionId,
		})
	})
})

describe('events that concern nobody here', () => {
	it('are acknowledged with 200 and change nothing', async () => {
		const member = await trialingMember()
		const unknownSubscription = { ...app.fake.snapshot(member.subscriptionId), id: 'sub_not_in_stripe' }
		const strangersInvoice = invoiceOf('sub_not_in_stripe', 'cus_stranger', 'paid')
		const oneOffInvoice = { ...invoiceOf('x', member.customerId, 'paid'), parent: null }

		expect(await deliverOk(stripeEvent('customer.created', { id: 'cus_new', object: 'customer' }))).toBe('ignored')
		expect(await deliverOk(stripeEvent('customer.subscription.updated', unknownSubscription))).toBe('ignored')
		expect(await deliverOk(stripeEvent('invoice.payment_failed', strangersInvoice))).toBe('ignored')
		expect(await deliverOk(stripeEvent('invoice.payment_failed', oneOffInvoice))).toBe('ignored')
		expect((await storedSubscription(member.id)).status).toBe('trialing')
	})

	it('answers 405 to anything but POST', async () => {
		expect((await fetch(new URL('/api/stripe/webhook', app.server.url))).status).toBe(405)
	})
})
