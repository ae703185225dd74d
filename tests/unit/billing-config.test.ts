import { describe, expect, it } from 'vitest'
import { parseConfig } from '~/config.server'
import { TEST_CREDENTIAL_SIGNING_KEY } from '../setup/credential-key'

const production = {
	NODE_ENV: 'production',
	MONGODB_URI: 'mongodb://db/app',
	SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
	MAIL_DISABLED: 'true',
	CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
	PUSH_DISABLED: 'true',
}
const stripeKeys = {
	STRIPE_SECRET_KEY: 'sk_live_x',
	VITE_STRIPE_PUBLIC_KEY: 'pk_live_x',
	STRIPE_WEBHOOK_SECRET: 'whsec_x',
}

describe('billing settings', () => {
	it('production with Stripe also needs the webhook secret, or no cancellation would ever arrive', () => {
		expect(() => parseConfig({ ...production, ...stripeKeys, STRIPE_WEBHOOK_SECRET: '' })).toThrowError(
			/^Missing required Stripe key: STRIPE_WEBHOOK_SECRET$/,
		)
		expect(parseConfig({ ...production, ...stripeKeys }).billing).toMatchObject({
			provider: 'stripe',
			stripeWebhookSecret: 'whsec_x',
		})
	})

	it('STRIPE_API_URL (a local stand-in for Stripe) works outside production and stops a production start', () => {
		const local = {
			STRIPE_SECRET_KEY: 'sk_test_x',
			VITE_STRIPE_PUBLIC_KEY: 'pk_test_x',
			STRIPE_API_URL: 'http://127.0.0.1:12111',
		}
		expect(parseConfig({ ...local, NODE_ENV: 'test' }).billing.stripeApiUrl).toBe('http://127.0.0.1:12111')
		expect(() => parseConfig({ ...production, ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrowError(
			'STRIPE_API_URL is for development and tests only: unset it in production',
		)
		expect(() => parseConfig({ ...local, STRIPE_API_URL: 'not a url' })).toThrowError(/STRIPE_API_URL/)
	})
})
