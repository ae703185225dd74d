import { z } from 'zod'

/**
 * Every setting of the app, read and validated once at start-up.
 * `.env.example` documents each one; keep the two in step.
 */
const BooleanSetting = z
	.enum(['true', 'false', '1', '0'])
	.optional()
	.transform((value) => value === 'true' || value === '1')

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	MONGODB_URI: z.string().trim().min(1).optional(),
	SESSION_SECRET: z.string().trim().min(1).optional(),
	APP_ORIGIN: z.string().trim().url().optional(),
	STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
	VITE_STRIPE_PUBLIC_KEY: z.string().trim().min(1).optional(),
	STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
	STRIPE_PRICE_ID: z.string().trim().min(1).optional(),
	/**
	 * Development and tests only: talk to a local stand-in for the Stripe API
	 * (the tests' fake, or stripe-mock) instead of api.stripe.com.
	 */
	STRIPE_API_URL: z.string().trim().url().optional(),
	/** Lets a production deployment run with the simulated billing provider on purpose. */
	ALLOW_DEMO_BILLING: BooleanSetting,
	/** The SMTP server mail goes out through (docs/decisions/120). */
	SMTP_URL: z
		.string()
		.trim()
		.url()
		.refine((value) => /^smtps?:\/\//i.test(value), 'must start with smtp:// or smtps://')
		.optional(),
	/** The From of every mail: an address, or a name and an address in angle brackets. */
	MAIL_FROM: z
		.string()
		.trim()
		.regex(/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'must be an address, e.g. LeaderForge <no-reply@example.com>')
		.default('LeaderForge <no-reply@leaderforge.example>'),
	/** Runs without sending any mail on purpose. */
	MAIL_DISABLED: BooleanSetting,
	/** The sender's postal address, in the footer of every mail. */
	MAIL_POSTAL_ADDRESS: z.string().trim().max(300).optional(),
	/** Development and tests only: the port of the embedded SMTP catcher (default: a free port). */
	MAIL_CATCHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
})

export type AppConfig = ReturnType<typeof parseConfig>

/** The secret used outside production when none is set: sessions still work in `npm run demo`. */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-do-not-use-in-production'
/** The footer address outside production when none is set: demo mail looks like real mail. */
const DEMO_POSTAL_ADDRESS = 'LeaderForge (demo), 100 Example Street, Springfield, USA'

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>) {
	// Empty strings in .env files mean "not set".
	const cleaned = Object.fromEntries(
		Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
	)
	const result = EnvSchema.safeParse(cleaned)
	if (!result.success) {
		const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
		throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
	}
	const settings = result.data
	const isProduction = settings.NODE_ENV === 'production'

	if (isProduction) {
		const missing = (['MONGODB_URI', 'SESSION_SECRET'] as const).filter((name) => !settings[name])
		if (missing.length > 0) {
			throw new ConfigError(
				`Missing required setting${missing.length > 1 ? 's' : ''} for production: ${missing.join(', ')}`,
			)
		}
	}

	const billingProvider = settings.STRIPE_SECRET_KEY ? ('stripe' as const) : ('demo' as const)
	if (billingProvider === 'stripe' && !settings.VITE_STRIPE_PUBLIC_KEY) {
		// The exact text is part of the contract (product §7).
		throw new ConfigError('Missing required Stripe key: VITE_STRIPE_PUBLIC_KEY')
	}
	if (billingProvider === 'stripe' && isProduction && !settings.STRIPE_WEBHOOK_SECRET) {
		// Without it no cancellation or failed payment would ever reach the app.
		throw new ConfigError('Missing required Stripe key: STRIPE_WEBHOOK_SECRET')
	}
	if (settings.STRIPE_API_URL && isProduction) {
		// A production server must only ever talk to the real Stripe.
		throw new ConfigError('STRIPE_API_URL is for development and tests only: unset it in production')
	}
	if (billingProvider === 'demo' && isProduction && !settings.ALLOW_DEMO_BILLING) {
		throw new ConfigError(
			'Missing required setting for production: STRIPE_SECRET_KEY (or set ALLOW_DEMO_BILLING=true to run with simulated billing)',
		)
	}

	const mailDisabled = settings.MAIL_DISABLED
	if (isProduction && !mailDisabled) {
		// Mail goes out for real: it needs a server, the footer's postal address, and the origin its links point to.
		const missing = (['SMTP_URL', 'MAIL_POSTAL_ADDRESS', 'APP_ORIGIN'] as const).filter((name) => !settings[name])
		if (missing.length > 0) {
			throw new ConfigError(
				`Missing required setting${missing.length > 1 ? 's' : ''} for production: ${missing.join(', ')} (or set MAIL_DISABLED=true to run without mail)`,
			)
		}
	}
	if (settings.MAIL_CATCHER_PORT && isProduction) {
		throw new ConfigError('MAIL_CATCHER_PORT is for development and tests only: unset it in production')
	}
	const appOrigin = settings.APP_ORIGIN?.replace(/\/+$/, '')

	return {
		nodeEnv: settings.NODE_ENV,
		isProduction,
		port: settings.PORT,
		mongodbUri: settings.MONGODB_URI,
		sessionSecret: settings.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
		appOrigin,
		billing: {
			provider: billingProvider,
			stripeSecretKey: settings.STRIPE_SECRET_KEY,
			stripePublicKey: settings.VITE_STRIPE_PUBLIC_KEY,
			stripeWebhookSecret: settings.STRIPE_WEBHOOK_SECRET,
			stripePriceId: settings.STRIPE_PRICE_ID,
			stripeApiUrl: settings.STRIPE_API_URL,
		},
		mail: {
			disabled: mailDisabled,
			smtpUrl: settings.SMTP_URL,
			/** Outside production without SMTP_URL, mail goes to the embedded SMTP catcher (read at /dev/mail). */
			useCatcher: !isProduction && !mailDisabled && !settings.SMTP_URL,
			catcherPort: settings.MAIL_CATCHER_PORT,
			from: settings.MAIL_FROM,
			postalAddress: settings.MAIL_POSTAL_ADDRESS ?? DEMO_POSTAL_ADDRESS,
			/** Where links in mail point: APP_ORIGIN (required in production with mail), else this machine. */
			linkOrigin: appOrigin ?? `http://localhost:${settings.PORT}`,
		},
	}
}

let config: AppConfig | undefined

/** The validated configuration; parsed on first use from `process.env`. */
export function getConfig(): AppConfig {
	config ??= parseConfig(process.env)
	return config
}
