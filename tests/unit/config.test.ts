import { describe, expect, it } from 'vitest'
import { parseConfig } from '~/config.server'

describe('configuration', () => {
	it('runs on its defaults outside production: port 3000, embedded database, demo billing', () => {
		const config = parseConfig({})
		expect(config.port).toBe(3000)
		expect(config.mongodbUri).toBeUndefined()
		expect(config.billing.provider).toBe('demo')
		expect(config.isProduction).toBe(false)
	})

	it('stops production without MONGODB_URI and SESSION_SECRET, naming both in one line', () => {
		expect(() => parseConfig({ NODE_ENV: 'production', ALLOW_DEMO_BILLING: 'true' })).toThrowError(
			'Missing required settings for production: MONGODB_URI, SESSION_SECRET',
		)
		expect(() =>
			parseConfig({ NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/app', ALLOW_DEMO_BILLING: 'true' }),
		).toThrowError('Missing required setting for production: SESSION_SECRET')
	})

	it('uses Stripe when a secret key is set, and then requires the public key by its exact name', () => {
		expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrowError(
			/^Missing required Stripe key: VITE_STRIPE_PUBLIC_KEY$/,
		)
		const config = parseConfig({ STRIPE_SECRET_KEY: 'sk_test_123', VITE_STRIPE_PUBLIC_KEY: 'pk_test_123' })
		expect(config.billing.provider).toBe('stripe')
	})

	it('refuses simulated billing in production unless asked for explicitly', () => {
		const production = { NODE_ENV: 'production', MONGODB_URI: 'mongodb://db/app', SESSION_SECRET: 's3cret' }
		expect(() => parseConfig(production)).toThrowError(/STRIPE_SECRET_KEY/)
		expect(parseConfig({ ...production, ALLOW_DEMO_BILLING: 'true' }).billing.provider).toBe('demo')
	})

	it('rejects a port that is not a number, and treats empty values as unset', () => {
		expect(() => parseConfig({ PORT: 'eighty' })).toThrowError(/PORT/)
		expect(parseConfig({ PORT: '', MONGODB_URI: '' }).mongodbUri).toBeUndefined()
	})
})
