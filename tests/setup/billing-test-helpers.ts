import { afterAll, beforeAll } from 'vitest'
import { UserModel } from '#models/index'
import { FakeStripe } from '../mocks/fake-stripe'
import { startTestServer, type TestServer } from './test-server'

/** The real built server in Stripe mode, talking to the fake Stripe API. */
export function startStripeModeServer(fake: FakeStripe, mongodbUri: string, env: Record<string, string> = {}) {
	return startTestServer({ mongodbUri, env: { ...fake.serverEnv(), ...env } })
}

/** For a test file: the fake Stripe API and the built server in Stripe mode against it, for all its tests. */
export function useStripeModeServer(database: { uri: () => string }) {
	const app = {} as { fake: FakeStripe; server: TestServer }
	beforeAll(async () => {
		app.fake = await FakeStripe.start()
		app.server = await startStripeModeServer(app.fake, database.uri())
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
