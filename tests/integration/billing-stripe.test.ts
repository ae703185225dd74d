import { describe, expect, it } from 'vitest'
import { UserModel } from '#models/index'
import { FakeStripe } from '../mocks/fake-stripe'
import { startStripeModeServer, storedSubscription, useStripeModeServer } from '../setup/billing-test-helpers'
import { TestClient } from '../setup/http-client'
import { signUpMember } from '../setup/members'
import { useTestDatabase } from '../setup/test-database'

/** Stripe mode, against a local fake of the Stripe API that records what the app asks for. */
const database = useTestDatabase()
const app = useStripeModeServer(database)
const DAY_MS = 86_400_000

const subscribe = (client: TestClient) => client.json('POST', '/api/get-or-create-subscription')
const fakeObjectsOf = (objects: Map<string, Record<string, unknown>>, userId: number) =>
	[...objects.values()].filter((object) => (object.metadata as Record<string, string>).userId === String(userId))

describe('POST /api/get-or-create-subscription with Stripe', () => {
	it("creates the member's customer and a Premium subscription with a 30-day trial, and answers the card form's secret", async () => {
		const { client, username, id } = await signUpMember(app.server.url)
		const response = await subscribe(client)
		expect(response.status).toBe(200)
		const answer = await response.json()
		expect(answer).toEqual({ status: 'trialing', clientSecret: expect.stringMatching(/^seti_\w+_secret_\w+$/) })

		const [customerCall] = app.fake.requestsTo('POST', '/v1/customers')
		expect(customerCall?.authorization).toBe('Bearer sk_test_x')
		expect(customerCall?.params).toMatchObject({ email: `${username}@example.com`, metadata: { userId: String(id) } })

		// No STRIPE_PRICE_ID: the app creates the $50.00 USD monthly price once, under a lookup key.
		const priceCalls = app.fake.requestsTo('POST', '/v1/prices')
		expect(priceCalls).toHaveLength(1)
		expect(priceCalls[0]?.params).toMatchObject({
			currency: 'usd',
			unit_amount: '5000',
			recurring: { interval: 'month' },
		})
		const [price] = [...app.fake.prices.values()]

		const subscriptionCalls = app.fake.requestsTo('POST', '/v1/subscriptions')
		expect(subscriptionCalls).toHaveLength(1)
		expect(subscriptionCalls[0]?.params).toMatchObject({
			customer: [...app.fake.customers.keys()][0],
			items: [{ price: price?.id }],
			trial_period_days: '30',
			payment_behavior: 'default_incomplete',
			payment_settings: { save_default_payment_method: 'on_subscription' },
			trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
			metadata: { userId: String(id) },
		})

		const stored = await storedSubscription(id)
		const [subscription] = fakeObjectsOf(app.fake.subscriptions, id)
		expect(stored).toMatchObject({
			status: 'trialing',
			stripeCustomerId: subscription?.customer,
			stripeSubscriptionId: subscription?.id,
		})
		const daysLeft = (stored.trialEndsAt!.getTime() - Date.now()) / DAY_MS
		expect(daysLeft).toBeGreaterThan(29.9)
		expect(daysLeft).toBeLessThanOrEqual(30)
	})

	it('never creates a second customer or subscription, however often (and however concurrently) it is called', async () => {
		const { client, id } = await signUpMember(app.server.url)
		const answers = await Promise.all(
			[subscribe(client), subscribe(client), subscribe(client)].map(async (r) => (await r).json()),
		)
		const later = await (await subscribe(client)).json()
		for (const answer of [...answers, later]) expect(answer).toEqual(answers[0])

		expect(fakeObjectsOf(app.fake.customers, id)).toHaveLength(1)
		expect(fakeObjectsOf(app.fake.subscriptions, id)).toHaveLength(1)
		const stored = await storedSubscription(id)
		expect(stored.stripeSubscriptionId).toBe(fakeObjectsOf(app.fake.subscriptions, id)[0]?.id)
		expect(app.fake.requestsTo('POST', '/v1/prices')).toHaveLength(1)
	})

	it('keeps the card form open until the card is saved, then sends the member on to /dashboard', async () => {
		const { client, id } = await signUpMember(app.server.url)
		const first = await (await subscribe(client)).json()

		// Trialing, but the card is still to be given: /subscribe stays, with the publishable key and no secret.
		const page = await client.get('/subscribe')
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('pk_test_x')
		expect(html).not.toMatch(/sk_test_x|whsec_x/)
		expect(html).not.toContain('Billing is simulated')
		// Without JavaScript there is no card form: the page says what is needed.
		expect(html).toContain('The secure card form needs JavaScript. Please turn JavaScript on to subscribe.')

		app.fake.completeCardSetup((await storedSubscription(id)).stripeSubscriptionId!)
		expect(await (await subscribe(client)).json()).toEqual({ status: first.status })
		const after = await client.get('/subscribe')
		expect(after.status).toBe(302)
		expect(after.headers.get('Location')).toBe('/dashboard')
	})

	it('gives a member who is already premium without Stripe their status back, and asks Stripe for nothing', async () => {
		const { client, id } = await signUpMember(app.server.url)
		await UserModel.updateOne({ id }, { $set: { subscriptionStatus: 'active' } })
		const requestsBefore = app.fake.requests.length
		expect(await (await subscribe(client)).json()).toEqual({ status: 'active' })
		expect(app.fake.requests.length).toBe(requestsBefore)
	})

	it('answers 502 with the reason when Stripe refuses, stores nothing, and works when tried again', async () => {
		const { client, id } = await signUpMember(app.server.url)
		app.fake.failRequests('POST', '/v1/customers', { message: 'Your account cannot currently make charges.' })
		const response = await subscribe(client)
		expect(response.status).toBe(502)
		expect(await response.json()).toEqual({
			message: 'Our payment provider refused the request: Your account cannot currently make charges.',
		})
		expect(await storedSubscription(id)).toMatchObject({
			status: 'inactive',
			stripeCustomerId: null,
			stripeSubscriptionId: null,
		})

		const retry = await subscribe(client)
		expect(retry.status).toBe(200)
		expect((await retry.json()).status).toBe('trialing')
	})

	it('refuses the simulated-trial form post: with Stripe the card is needed, and nothing is created', async () => {
		const { client, id } = await signUpMember(app.server.url)
		const response = await client.submitForm('/subscribe', { intent: 'start-trial' })
		expect(response.status).toBe(400)
		expect(await response.text()).toContain(
			'Your card details are needed: please use the card form, which needs JavaScript.',
		)
		expect(await storedSubscription(id)).toMatchObject({ status: 'inactive', stripeCustomerId: null })
		expect(fakeObjectsOf(app.fake.customers, id)).toHaveLength(0)
	})

	it('answers 401 without a session', async () => {
		const response = await subscribe(new TestClient(app.server.url))
		expect(response.status).toBe(401)
	})

	it('lets a member whose payment failed pay the open invoice from /subscribe', async () => {
		const { client, id } = await signUpMember(app.server.url)
		await subscribe(client)
		const { stripeSubscriptionId } = await storedSubscription(id)
		app.fake.completeCardSetup(stripeSubscriptionId!)
		// The trial ended and the card on file was declined.
		const invoice = app.fake.openRenewalInvoice(stripeSubscriptionId!)
		app.fake.updateSubscription(stripeSubscriptionId!, {
			status: 'past_due',
			trial_end: Math.floor(Date.now() / 1000) - 60,
		})

		expect((await client.get('/subscribe')).status).toBe(200)
		const answer = await (await subscribe(client)).json()
		const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret
		expect(answer).toEqual({ status: 'past_due', clientSecret: secret })
		expect(await storedSubscription(id)).toMatchObject({ status: 'past_due', trialEndsAt: null })
		expect(fakeObjectsOf(app.fake.subscriptions, id)).toHaveLength(1)
	})

	it('gives a member whose subscription ended a new one, paid from the start (one free trial per account)', async () => {
		const { client, id } = await signUpMember(app.server.url)
		await subscribe(client)
		const ended = (await storedSubscription(id)).stripeSubscriptionId!
		app.fake.updateSubscription(ended, { status: 'canceled' })

		const answer = await (await subscribe(client)).json()
		expect(answer).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) })
		const subscriptions = fakeObjectsOf(app.fake.subscriptions, id)
		expect(subscriptions).toHaveLength(2)
		const renewed = subscriptions.find((subscription) => subscription.id !== ended)!
		expect(renewed.trial_end).toBeNull()
		expect(app.fake.requestsTo('POST', '/v1/subscriptions').at(-1)?.params).not.toHaveProperty('trial_period_days')
		expect(await storedSubscription(id)).toMatchObject({ status: 'incomplete', stripeSubscriptionId: renewed.id })
		expect(fakeObjectsOf(app.fake.customers, id)).toHaveLength(1)
	})
})

describe('/subscription-success with Stripe', () => {
	it("shows Stripe's current status, read again on arrival, not the one in the address", async () => {
		const { client, id } = await signUpMember(app.server.url)
		await subscribe(client)
		const { stripeSubscriptionId } = await storedSubscription(id)
		app.fake.completeCardSetup(stripeSubscriptionId!)
		app.fake.updateSubscription(stripeSubscriptionId!, {
			status: 'active',
			trial_end: Math.floor(Date.now() / 1000) - 60,
		})

		const html = await (
			await client.get('/subscription-success?step=result&redirect_status=failed&status=trialing')
		).text()
		expect(html).toContain('Subscription Successful!')
		expect(html).toContain('Your premium membership is now active.')
		expect(html).not.toContain('Your 30-day free trial has started.')
		expect(await storedSubscription(id)).toMatchObject({ status: 'active', trialEndsAt: null })
	})
})

describe('STRIPE_PRICE_ID', () => {
	it('is the price subscribed to when set, and no price is created', async () => {
		const otherFake = await FakeStripe.start()
		const otherServer = await startStripeModeServer(otherFake, database.uri(), {
			STRIPE_PRICE_ID: 'price_configured_premium',
		})
		try {
			const { client } = await signUpMember(otherServer.url)
			expect((await subscribe(client)).status).toBe(200)
			expect(otherFake.requestsTo('GET', '/v1/prices')).toHaveLength(0)
			expect(otherFake.requestsTo('POST', '/v1/prices')).toHaveLength(0)
			expect(otherFake.requestsTo('POST', '/v1/subscriptions')[0]?.params).toMatchObject({
				items: [{ price: 'price_configured_premium' }],
				trial_period_days: '30',
			})
		} finally {
			await otherServer.stop()
			await otherFake.stop()
		}
	})
})
