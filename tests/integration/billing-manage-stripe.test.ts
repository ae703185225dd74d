import { describe, expect, it } from 'vitest'
import { UserModel } from '#models/index'
import { deliverStripeEvent, storedSubscription, useStripeModeServer } from '../setup/billing-test-helpers'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { useTestDatabase } from '../setup/test-database'
import { seedDemoData } from '~/demo/data.server'
import { textOf } from '../setup/page-html'

/**
 * Managing the subscription with Stripe (product §2 "Profile" Billing tab,
 * §7 /api/billing): cancel at the period's end, resume, the Billing Portal,
 * the webhook keeping cancellation and period in step, and the past-due
 * banner. The built server in Stripe mode, against the local fake Stripe API.
 */
const database = useTestDatabase()
const app = useStripeModeServer(database)

/** A member on the 30-day trial, started through the app; with their card saved when `card` is set. */
async function trialingMember({ card = false } = {}) {
	const member = await signUpMember(app.server.url, 'biller')
	expect((await member.client.json('POST', '/api/get-or-create-subscription')).status).toBe(200)
	const { stripeSubscriptionId } = await storedSubscription(member.id)
	if (card) app.fake.completeCardSetup(stripeSubscriptionId!)
	return { ...member, subscriptionId: stripeSubscriptionId! }
}

const billingTab = async (client: TestClient) => textOf(await (await client.get('/profile?tab=billing')).text())
const periodEndOf = (subscriptionId: string) =>
	new Date(
		(app.fake.subscription(subscriptionId).items as { data: Array<{ current_period_end: number }> }).data[0]!
			.current_period_end * 1000,
	).toISOString()

describe('GET /api/billing and the Billing tab', () => {
	it('say the plan, the trial end, the card once it is saved, and what the member may do', async () => {
		const member = await trialingMember()
		const status = await (await member.client.get('/api/billing')).json()
		expect(status).toEqual({
			status: 'trialing',
			cancelAtPeriodEnd: false,
			currentPeriodEnd: periodEndOf(member.subscriptionId),
			trialEnd: periodEndOf(member.subscriptionId),
		})

		let tab = await billingTab(member.client)
		expect(tab).toContain('Premium · $50.00 / month')
		expect(tab).toMatch(/Trial ends [A-Z][a-z]{2} \d{1,2}, \d{4}, then \$50\.00 a month/)
		expect(tab).toContain('Cancel subscription')
		expect(tab).toContain('Update card and see invoices')
		expect(tab).not.toContain('ending in')

		app.fake.completeCardSetup(member.subscriptionId, { brand: 'mastercard', last4: '4444' })
		tab = await billingTab(member.client)
		expect(tab).toContain('mastercard ending in 4444')
	})

	it('a free member has nothing to cancel or resume; an administrator-granted Premium neither', async () => {
		const free = await signUpMember(app.server.url, 'freebie')
		expect(await (await free.client.get('/api/billing')).json()).toEqual({
			status: 'inactive',
			cancelAtPeriodEnd: false,
			currentPeriodEnd: null,
			trialEnd: null,
		})
		const cancel = await free.client.json('POST', '/api/billing/cancel')
		expect(cancel.status).toBe(409)
		expect(await cancel.json()).toEqual({ message: 'You have no subscription to cancel.' })
		expect(await (await free.client.json('POST', '/api/billing/resume')).json()).toEqual({
			message: 'You have no cancelled subscription to resume.',
		})
		expect(await billingTab(free.client)).toContain('Subscribe Now')

		await seedDemoData()
		const admin = await logIn(app.server.url, 'admin')
		const granted = await admin.json('POST', '/api/billing/cancel')
		expect(granted.status).toBe(409)
		expect((await granted.json()).message).toBe(
			'Your Premium was given to you by an administrator: there is no subscription to cancel.',
		)
		expect(await billingTab(admin)).toContain('there is nothing to pay or cancel')
	})
})

describe('cancelling and resuming', () => {
	it('cancels at the end of the period (Premium stays until then), once, and resumes before then', async () => {
		const member = await trialingMember({ card: true })
		const updatesBefore = app.fake.requestsTo('POST', `/v1/subscriptions/${member.subscriptionId}`).length
		const cancelled = await member.client.json('POST', '/api/billing/cancel')
		expect(cancelled.status).toBe(200)
		expect(await cancelled.json()).toEqual({
			status: 'trialing',
			cancelAtPeriodEnd: true,
			currentPeriodEnd: periodEndOf(member.subscriptionId),
			trialEnd: periodEndOf(member.subscriptionId),
		})
		const updates = app.fake.requestsTo('POST', `/v1/subscriptions/${member.subscriptionId}`)
		expect(updates).toHaveLength(updatesBefore + 1)
		expect(updates.at(-1)!.params).toMatchObject({ cancel_at_period_end: 'true' })
		expect(await UserModel.findOne({ id: member.id }).lean()).toMatchObject({
			subscriptionStatus: 'trialing',
			cancelAtPeriodEnd: true,
		})

		// Still Premium; the tab says until when, and offers to resume.
		const tab = await billingTab(member.client)
		expect(tab).toMatch(/Premium until [A-Z][a-z]{2} \d{1,2}, \d{4}/)
		expect(tab).toContain('Your subscription is cancelled. Premium stays until')
		expect(tab).toContain('Resume subscription')
		expect(tab).not.toContain('Cancel subscription')
		expect((await member.client.get('/content-library/12')).status).toBe(200)

		// Cancelling again changes nothing at Stripe.
		expect((await member.client.json('POST', '/api/billing/cancel')).status).toBe(200)
		expect(app.fake.requestsTo('POST', `/v1/subscriptions/${member.subscriptionId}`)).toHaveLength(updatesBefore + 1)

		const resumed = await member.client.json('POST', '/api/billing/resume')
		expect(resumed.status).toBe(200)
		expect((await resumed.json()).cancelAtPeriodEnd).toBe(false)
		expect(app.fake.requestsTo('POST', `/v1/subscriptions/${member.subscriptionId}`).at(-1)!.params).toMatchObject({
			cancel_at_period_end: 'false',
		})
		expect(await billingTab(member.client)).toContain('Cancel subscription')
	})

	it('works without JavaScript: the buttons are forms that come back to the tab with a notice', async () => {
		const member = await trialingMember({ card: true })
		const cancelled = await member.client.submitForm('/profile?tab=billing', { intent: 'billing-cancel' })
		expect(cancelled.status).toBe(302)
		expect(cancelled.headers.get('Location')).toBe('/profile?tab=billing')
		expect(await billingTab(member.client)).toMatch(
			/Subscription cancelled Premium stays until [A-Z][a-z]{2} \d{1,2}, \d{4}\. Nothing more will be charged\./,
		)
		const resumed = await member.client.submitForm('/profile?tab=billing', { intent: 'billing-resume' })
		expect(resumed.status).toBe(302)
		expect(await billingTab(member.client)).toMatch(
			/Subscription resumed Your trial goes on; the first charge is on [A-Z][a-z]{2} \d{1,2}, \d{4}\./,
		)
	})

	it('a subscription that has ended cannot be resumed, and Stripe failing is a 502 that changes nothing', async () => {
		const member = await trialingMember({ card: true })
		app.fake.failRequests('POST', `/v1/subscriptions/${member.subscriptionId}`, {
			status: 500,
			message: 'Stripe is having a moment',
		})
		const failed = await member.client.json('POST', '/api/billing/cancel')
		expect(failed.status).toBe(502)
		expect((await failed.json()).message).toContain('Stripe is having a moment')
		expect((await UserModel.findOne({ id: member.id }).lean())!.cancelAtPeriodEnd).toBe(false)

		app.fake.updateSubscription(member.subscriptionId, { status: 'canceled' })
		const ended = await member.client.json('POST', '/api/billing/resume')
		expect(ended.status).toBe(409)
		expect(await ended.json()).toEqual({ message: 'Your subscription has ended. Subscribe again to get Premium back.' })
	})
})

describe('the Billing Portal', () => {
	it('opens a session for the member that comes back to the Billing tab; with the form, the browser is sent there', async () => {
		const member = await trialingMember({ card: true })
		const response = await member.client.json('POST', '/api/billing/portal')
		expect(response.status).toBe(200)
		const { url } = await response.json()
		expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/)
		const { customer, return_url } = app.fake.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params
		expect(customer).toBe((await storedSubscription(member.id)).stripeCustomerId)
		expect(return_url).toBe(`${app.server.url}/profile?tab=billing`)

		const form = await member.client.submitForm('/profile?tab=billing', { intent: 'billing-portal' })
		expect(form.status).toBe(302)
		expect(form.headers.get('Location')).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/)
	})

	it('needs a Stripe customer: a member who never subscribed gets 409', async () => {
		const free = await signUpMember(app.server.url, 'freebie')
		const response = await free.client.json('POST', '/api/billing/portal')
		expect(response.status).toBe(409)
		expect(await response.json()).toEqual({ message: 'You have no billing account yet: subscribe first.' })
	})
})

describe('the webhook', () => {
	it('keeps cancel_at_period_end and the period end in step with Stripe (a cancellation in the portal, a renewal)', async () => {
		const member = await trialingMember({ card: true })
		app.fake.updateSubscription(member.subscriptionId, { cancel_at_period_end: true })
		expect(
			(
				await deliverStripeEvent(
					app.server.url,
					'customer.subscription.updated',
					app.fake.snapshot(member.subscriptionId),
				)
			).status,
		).toBe(200)
		expect(await UserModel.findOne({ id: member.id }).lean()).toMatchObject({
			cancelAtPeriodEnd: true,
			currentPeriodEnd: new Date(periodEndOf(member.subscriptionId)),
		})

		// Resumed in the portal, then the trial converts and a new month starts.
		const start = Math.floor(Date.now() / 1000)
		app.fake.updateSubscription(member.subscriptionId, {
			cancel_at_period_end: false,
			status: 'active',
			trial_end: start,
		})
		app.fake.setPeriod(member.subscriptionId, { start, end: start + 30 * 86_400 })
		expect(
			(
				await deliverStripeEvent(
					app.server.url,
					'customer.subscription.updated',
					app.fake.snapshot(member.subscriptionId),
				)
			).status,
		).toBe(200)
		expect(await (await member.client.get('/api/billing')).json()).toEqual({
			status: 'active',
			cancelAtPeriodEnd: false,
			currentPeriodEnd: new Date((start + 30 * 86_400) * 1000).toISOString(),
			trialEnd: null,
		})
	})

	it('a failed payment (past_due) puts a banner on every page, linking to the Billing tab, until it is paid', async () => {
		const member = await trialingMember({ card: true })
		const banner = 'Your last payment failed. Update your payment method.'
		app.fake.updateSubscription(member.subscriptionId, { status: 'past_due' })
		const invoice = {
			id: 'in_failed',
			object: 'invoice',
			customer: (await storedSubscription(member.id)).stripeCustomerId,
			status: 'open',
			parent: { type: 'subscription_details', subscription_details: { subscription: member.subscriptionId } },
		}
		expect((await deliverStripeEvent(app.server.url, 'invoice.payment_failed', invoice)).status).toBe(200)
		for (const path of ['/dashboard', '/content-library', '/events', '/profile?tab=account']) {
			const html = await (await member.client.get(path)).text()
			expect(textOf(html), path).toContain(banner)
			expect(html, path).toMatch(/<a [^>]*href="\/profile\?tab=billing"[^>]*>Update your payment method\.<\/a>/)
		}
		const tab = await billingTab(member.client)
		expect(tab).toContain('Payment failed')
		expect(tab).toContain('Update payment method')

		app.fake.updateSubscription(member.subscriptionId, { status: 'active' })
		expect(
			(await deliverStripeEvent(app.server.url, 'invoice.payment_succeeded', { ...invoice, status: 'paid' })).status,
		).toBe(200)
		expect(textOf(await (await member.client.get('/dashboard')).text())).not.toContain(banner)
	})
})

describe('deleting the account with Stripe', () => {
	it('cancels the subscription at Stripe at once; if Stripe cannot be reached, nothing is deleted', async () => {
		const member = await trialingMember({ card: true })
		app.fake.failRequests('DELETE', `/v1/subscriptions/${member.subscriptionId}`, {
			status: 500,
			message: 'Stripe is down',
		})
		const failed = await member.client.json('DELETE', '/api/users/me', { password: member.password })
		expect(failed.status).toBe(502)
		expect(await UserModel.countDocuments({ id: member.id })).toBe(1)
		expect((await member.client.get('/api/user')).status).toBe(200)

		const deleted = await member.client.json('DELETE', '/api/users/me', { password: member.password })
		expect(deleted.status).toBe(200)
		expect(app.fake.subscription(member.subscriptionId).status).toBe('canceled')
		const cancellation = app.fake.requestsTo('DELETE', `/v1/subscriptions/${member.subscriptionId}`).at(-1)!
		expect(cancellation.params).toMatchObject({ invoice_now: 'false', prorate: 'false' })
		expect(await UserModel.countDocuments({ id: member.id })).toBe(0)

		// Stripe's own event about it finds nobody, and changes nothing.
		const response = await deliverStripeEvent(
			app.server.url,
			'customer.subscription.deleted',
			app.fake.snapshot(member.subscriptionId),
		)
		expect(await response.json()).toEqual({ received: true, outcome: 'ignored' })
	})
})
