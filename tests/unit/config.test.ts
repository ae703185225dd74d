import { describe, expect, it } from 'vitest'
import { generateKeyPairSync } from 'node:crypto'
import webPush from 'web-push'
import { parseConfig } from '~/config.server'
import { TEST_CREDENTIAL_SIGNING_KEY } from '../setup/credential-key'

const VAPID = webPush.generateVAPIDKeys()

describe('configuration', () => {
	it('runs on its defaults outside production: port 3000, embedded database, demo billing', () => {
		const config = parseConfig({})
		expect(config.port).toBe(3000)
		expect(config.mongodbUri).toBeUndefined()
		expect(config.billing.provider).toBe('demo')
		expect(config.isProduction).toBe(false)
		expect(config.backgroundJobs).toBe(true)
	})

	it('runs no background jobs in a process started with BACKGROUND_JOBS_DISABLED=true (decision 228)', () => {
		expect(parseConfig({ BACKGROUND_JOBS_DISABLED: 'true' }).backgroundJobs).toBe(false)
		expect(parseConfig({ BACKGROUND_JOBS_DISABLED: 'false' }).backgroundJobs).toBe(true)
		expect(() => parseConfig({ BACKGROUND_JOBS_DISABLED: 'yes please' })).toThrow(/BACKGROUND_JOBS_DISABLED/)
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
		const production = {
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://db/app',
			SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
			MAIL_DISABLED: 'true',
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			PUSH_DISABLED: 'true',
		}
		expect(() => parseConfig(production)).toThrowError(/STRIPE_SECRET_KEY/)
		expect(parseConfig({ ...production, ALLOW_DEMO_BILLING: 'true' }).billing.provider).toBe('demo')
	})

	it('catches mail in the embedded SMTP server outside production when no SMTP_URL is set', () => {
		const mail = parseConfig({ PORT: '8080' }).mail
		expect(mail).toMatchObject({
			useCatcher: true,
			disabled: false,
			smtpUrl: undefined,
			from: 'LeaderForge <no-reply@leaderforge.example>',
		})
		expect(mail.postalAddress).not.toBe('')
		expect(mail.linkOrigin).toBe('http://localhost:8080')
		expect(parseConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).mail).toMatchObject({
			useCatcher: false,
			smtpUrl: 'smtp://mail.example.com:587',
		})
		expect(parseConfig({ MAIL_DISABLED: 'true' }).mail).toMatchObject({ useCatcher: false, disabled: true })
		expect(parseConfig({ APP_ORIGIN: 'https://community.example.com/' }).mail.linkOrigin).toBe(
			'https://community.example.com',
		)
	})

	it('stops production without SMTP_URL (and what mail needs) in one line, unless mail is disabled on purpose', () => {
		const production = {
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://db/app',
			SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
			ALLOW_DEMO_BILLING: 'true',
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			PUSH_DISABLED: 'true',
		}
		expect(() => parseConfig(production)).toThrowError(
			/^Missing required settings for production: SMTP_URL, MAIL_POSTAL_ADDRESS, APP_ORIGIN \(or set MAIL_DISABLED=true to run without mail\)$/,
		)
		const withMail = {
			...production,
			SMTP_URL: 'smtps://user:pass@smtp.example.com',
			MAIL_POSTAL_ADDRESS: '1 Main St, Springfield',
			APP_ORIGIN: 'https://community.example.com',
		}
		expect(parseConfig(withMail).mail).toMatchObject({
			smtpUrl: 'smtps://user:pass@smtp.example.com',
			postalAddress: '1 Main St, Springfield',
			useCatcher: false,
		})
		expect(() => parseConfig({ ...withMail, SMTP_URL: '' })).toThrowError(
			/^Missing required setting for production: SMTP_URL \(or set MAIL_DISABLED=true/,
		)
		expect(parseConfig({ ...production, MAIL_DISABLED: 'true' }).mail).toMatchObject({
			disabled: true,
			useCatcher: false,
		})
		// The catcher is never used in production.
		expect(() => parseConfig({ ...production, MAIL_DISABLED: 'true', MAIL_CATCHER_PORT: '2525' })).toThrowError(
			'MAIL_CATCHER_PORT is for development and tests only: unset it in production',
		)
	})

	it('refuses an SMTP_URL that is not smtp:// or smtps://, and a MAIL_FROM without an address', () => {
		expect(() => parseConfig({ SMTP_URL: 'http://mail.example.com' })).toThrowError(
			/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//,
		)
		expect(() => parseConfig({ MAIL_FROM: 'LeaderForge' })).toThrowError(/MAIL_FROM/)
		expect(parseConfig({ MAIL_FROM: 'team@example.com' }).mail.from).toBe('team@example.com')
	})

	it('rejects a port that is not a number, and treats empty values as unset', () => {
		expect(() => parseConfig({ PORT: 'eighty' })).toThrowError(/PORT/)
		expect(parseConfig({ PORT: '', MONGODB_URI: '' }).mongodbUri).toBeUndefined()
	})

	it('refuses a short SESSION_SECRET in production: it signs every session and form token', () => {
		const production = {
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://db/app',
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			PUSH_DISABLED: 'true',
		}
		expect(() => parseConfig({ ...production, SESSION_SECRET: 'x' })).toThrowError(
			/^SESSION_SECRET must be at least 32 characters long in production/,
		)
		expect(() => parseConfig({ ...production, SESSION_SECRET: 'a'.repeat(31) })).toThrowError(/SESSION_SECRET/)
		expect(parseConfig({ ...production, SESSION_SECRET: 'a'.repeat(32) }).sessionSecret).toBe('a'.repeat(32))
		// Outside production any secret will do (the demo's and the tests').
		expect(parseConfig({ SESSION_SECRET: 'x' }).sessionSecret).toBe('x')
	})

	it('trusts no proxy unless TRUST_PROXY names how many or which', () => {
		expect(parseConfig({}).trustProxy).toBe(false)
		expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
		expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
		expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
		expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::1' }).trustProxy).toEqual([
			'loopback',
			'10.0.0.0/8',
			'fd00::1',
		])
		for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/8']) {
			expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrowError(/^Invalid configuration: TRUST_PROXY/)
		}
	})

	it('runs the demo in production mode without MONGODB_URI or SMTP, catching mail and listening on this machine only', () => {
		const demo = {
			NODE_ENV: 'production',
			DEMO_MODE: 'true',
			SESSION_SECRET: 'd'.repeat(64),
			ALLOW_DEMO_BILLING: 'true',
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			PUSH_DISABLED: 'true',
		}
		const config = parseConfig(demo)
		expect(config).toMatchObject({
			isProduction: true,
			demoMode: true,
			secureCookies: false,
			host: '127.0.0.1',
			mongodbUri: undefined,
		})
		expect(config.mail).toMatchObject({ useCatcher: true, disabled: false })
		expect(parseConfig({ ...demo, HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
		// Real production: none of that.
		const production = parseConfig({
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://db/app',
			SESSION_SECRET: 'p'.repeat(40),
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
			PUSH_DISABLED: 'true',
		})
		expect(production).toMatchObject({ demoMode: false, secureCookies: true, host: undefined })
		expect(production.mail.useCatcher).toBe(false)
		expect(() => parseConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', ALLOW_DEMO_BILLING: 'true' })).toThrowError(
			'Missing required setting for production: SESSION_SECRET',
		)
		expect(() => parseConfig({ HOST: 'example.com' })).toThrowError(/HOST/)
	})

	it('takes REDIS_URL only with MONGODB_URI: processes that share Redis must share one database', () => {
		expect(() => parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrowError(
			/^REDIS_URL is for several processes on one database: set MONGODB_URI too/,
		)
		expect(() => parseConfig({ REDIS_URL: 'http://127.0.0.1:6379', MONGODB_URI: 'mongodb://db/app' })).toThrowError(
			/REDIS_URL/,
		)
		expect(parseConfig({ REDIS_URL: 'redis://redis:6379', MONGODB_URI: 'mongodb://db/app' }).redisUrl).toBe(
			'redis://redis:6379',
		)
		expect(parseConfig({}).redisUrl).toBeUndefined()
	})

	it('stops production without the VAPID keys and subject in one line, unless push is disabled on purpose; elsewhere push is on with keys only', () => {
		const production = {
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://db/app',
			SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			CREDENTIAL_SIGNING_KEY: TEST_CREDENTIAL_SIGNING_KEY,
		}
		const keys = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey }
		expect(() => parseConfig(production)).toThrowError(
			/^Missing required settings for production: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT \(or set PUSH_DISABLED=true to run without push notifications\)$/,
		)
		expect(() => parseConfig({ ...production, ...keys })).toThrowError(
			/^Missing required setting for production: VAPID_SUBJECT \(or set PUSH_DISABLED=true/,
		)
		expect(parseConfig({ ...production, ...keys, VAPID_SUBJECT: 'mailto:ops@example.com' }).push).toEqual({
			enabled: true,
			...{ publicKey: VAPID.publicKey, privateKey: VAPID.privateKey },
			subject: 'mailto:ops@example.com',
		})
		expect(parseConfig({ ...production, PUSH_DISABLED: 'true' }).push).toEqual({ enabled: false })
		expect(() => parseConfig({ ...keys, VAPID_SUBJECT: 'ops@example.com' })).toThrowError(/VAPID_SUBJECT/)
		expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: VAPID.privateKey })).toThrowError(
			/VAPID_PUBLIC_KEY/,
		)
		expect(() => parseConfig({ VAPID_PUBLIC_KEY: VAPID.publicKey })).toThrowError(
			'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither',
		)
		// Outside production: off without keys, on with them (a subject of our own when none is set).
		expect(parseConfig({}).push).toEqual({ enabled: false })
		expect(parseConfig(keys).push).toMatchObject({ enabled: true, subject: 'mailto:push@leaderforge.example' })
	})

	it('takes CREDENTIAL_SIGNING_KEY as an Ed25519 PEM or JWK, requires it in production, and refuses another key', () => {
		const production = {
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://db/app',
			SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			PUSH_DISABLED: 'true',
		}
		expect(() => parseConfig(production)).toThrowError(
			/^Missing required setting for production: CREDENTIAL_SIGNING_KEY \(the Ed25519 private key that signs certificates/,
		)
		const { privateKey } = generateKeyPairSync('ed25519')
		const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
		const fromPem = parseConfig({ ...production, CREDENTIAL_SIGNING_KEY: pem }).credentialSigningKey!
		expect(fromPem.asymmetricKeyType).toBe('ed25519')
		// One line in an .env file: the newlines written as \n.
		expect(
			parseConfig({ CREDENTIAL_SIGNING_KEY: pem.replace(/\n/g, '\\n') }).credentialSigningKey?.asymmetricKeyType,
		).toBe('ed25519')
		const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }))
		expect(parseConfig({ CREDENTIAL_SIGNING_KEY: jwk }).credentialSigningKey?.asymmetricKeyType).toBe('ed25519')
		const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' })
		for (const bad of ['not a key', String(rsa), '{"kty":"OKP"}'])
			expect(() => parseConfig({ CREDENTIAL_SIGNING_KEY: bad })).toThrowError(
				/^Invalid configuration: CREDENTIAL_SIGNING_KEY must be an Ed25519 private key/,
			)
		// Outside production none is needed: the server makes one up for itself.
		expect(parseConfig({}).credentialSigningKey).toBeNull()
	})
})
