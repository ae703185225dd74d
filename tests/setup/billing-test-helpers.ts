import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll } from 'vitest'
import { UserModel } from '#models/index'
import { FakeStripe, STRIPE_TEST_ENV } from '../mocks/fake-stripe'
import { startTestServer, type TestServer } from './test-server'

/** The real built server in Stripe mode, talking to the fake Stripe API. */
export function startStripeModeServer(fake: FakeStripe, mongodbUri: string, env: Record<string, string> = {}) {
	return startTestServer({ mongodbUri, env: { ...fake.serverEnv(), ...env } })
}

/** For a test file: the fake Stripe API and the built server in Stripe mode against it (with `env` added), for all its tests. */
export function useStripeModeServer(database: { uri: () => string }, env: Record<string, string> = {}) {
	const app = {} as { fake: FakeStripe; server: TestServer }
	beforeAll(async () => {
		app.fake = await FakeStripe.start()
		app.server = await startStripeModeServer(app.fake, database.uri(), env)
	})
	afterAll(async () => {
		await app.server?.stop()
		await app.fake?.stop()
	})
	return app
}

/** The member's stored subscription fields. */
export async function storedSubscription(userId: number) {
	const user = await UserModel.findOne({ id: userId }).lean()
	return {
		status: user?.subscriptionStatus,
		trialEndsAt: user?.trialEndsAt ?? null,
		stripeCustomerId: user?.stripeCustomerId ?? null,
		stripeSubscriptionId: user?.stripeSubscriptionId ?? null,
	}
}

/** A Stripe event around `object`, signed with the test server's webhook secret as Stripe signs them. */
function signedStripeEvent(type: string, object: unknown): { payload: string; signature: string } {
	const payload = JSON.stringify({
		id: `evt_${randomBytes(8).toString('hex')}`,
		object: 'event',
		api_version: '2025-08-27.basil',
		created: Math.floor(Date.now() / 1000),
		livemode: false,
		pending_webhooks: 1,
		request: { id: null, idempotency_key: null },
		type,
		data: { object },
	})
	return {
		payload,
		signature: new Stripe('sk_test_x').webhooks.generateTestHeaderString({
			payload,
			secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
		}),
	}
}

/** Delivers a signed event to the server's webhook, as Stripe does. */
export function deliverStripeEvent(serverUrl: string, type: string, object: unknown): Promise<Response> {
	const { payload, signature } = signedStripeEvent(type, object)
	return fetch(new URL('/api/stripe/webhook', serverUrl), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
		body: payload,
	})
}
