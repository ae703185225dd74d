import { createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto'
import net from 'node:net'
import path from 'node:path'
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
		.regex(
			/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
			'must be an address, e.g. LeaderForge <no-reply@example.com>',
		)
		.default('LeaderForge <no-reply@leaderforge.example>'),
	/** Runs without sending any mail on purpose. */
	MAIL_DISABLED: BooleanSetting,
	/** The sender's postal address, in the footer of every mail. */
	MAIL_POSTAL_ADDRESS: z.string().trim().max(300).optional(),
	/** Development and tests only: the port of the embedded SMTP catcher (default: a free port). */
	MAIL_CATCHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
	/** The address to listen on: every interface by default, 127.0.0.1 in demo mode. */
	HOST: z
		.string()
		.trim()
		.refine(
			(value) => value === 'localhost' || net.isIP(value) !== 0,
			'must be an IP address (such as 0.0.0.0 or 127.0.0.1) or localhost',
		)
		.optional(),
	/**
	 * Which proxies in front of the app to believe about the client's address
	 * (X-Forwarded-For) and protocol: off by default; see TrustProxySetting.
	 */
	TRUST_PROXY: z.string().trim().optional(),
	/** `npm run demo` only: production mode with the demo's embedded database, caught mail and a local address. */
	DEMO_MODE: BooleanSetting,
	/** `npm run bench` only: serves /bench/baseline, the page with nothing of its own that every route is compared with (docs/decisions/083). */
	BENCH_BASELINE_PAGE: BooleanSetting,
	/**
	 * Runs no background jobs on a schedule in this process, only the runs its
	 * own requests ask for (docs/decisions/228): a web-only process beside
	 * others that run them (each job is leased, so any process may).
	 */
	BACKGROUND_JOBS_DISABLED: BooleanSetting,
	/** Logins, sign-ups and password changes one client address may send per minute (docs/decisions/131). */
	AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
	/**
	 * The Ed25519 private key that signs certificates (docs/decisions/152): a
	 * PKCS#8 PEM (newlines may be written as \n) or a JWK. Required in
	 * production; made up at each start elsewhere.
	 */
	CREDENTIAL_SIGNING_KEY: z.string().trim().min(1).optional(),
	/**
	 * Pages, data requests and JSON reads one member may make a minute (decision 203): far above what a
	 * person clicking around or a chat catching up makes, far below a script's loop.
	 */
	READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
	/** The same for one client address, whoever is behind it: many people may share one (NAT, an office). */
	READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
	/** Exports (a member's data, the admins' members CSV) one member may download an hour. */
	EXPORT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
	/** Redis, shared by several app processes (docs/decisions/140): unset, the app keeps that state in its one process. */
	REDIS_URL: z
		.string()
		.trim()
		.url()
		.refine((value) => /^rediss?:\/\//i.test(value), 'must start with redis:// or rediss://')
		.optional(),
	/** Where uploaded lessons and their streams are kept: one directory every app process shares (docs/decisions/178). */
	MEDIA_DIR: z.string().trim().min(1).default('.data/media'),
	/** The largest video file a content manager may upload, in bytes (docs/decisions/175): 5 GB by default. */
	MAX_UPLOAD_BYTES: z.coerce
		.number()
		.int()
		.min(1024 * 1024)
		.max(1024 ** 4)
		.default(5 * 1024 ** 3),
	/** The streaming renditions: `height:kilobits per second`, comma-separated (docs/decisions/176). */
	MEDIA_RENDITIONS: z
		.string()
		.trim()
		.regex(
			/^\d{2,4}:\d{2,6}(?:\s*,\s*\d{2,4}:\d{2,6})*$/,
			'must be renditions such as 360:800,720:2800,1080:5000 (height:kilobits per second)',
		)
		.default('360:800,720:2800,1080:5000'),
	/** The ffmpeg and ffprobe programs (a name on PATH or a path). Without them uploads are refused (docs/decisions/175). */
	FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
	FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
	/**
	 * Development and tests only: encode no faster than the video plays, so a
	 * test can stop the server while a lesson is being processed.
	 */
	MEDIA_ENCODE_AT_PLAYBACK_SPEED: BooleanSetting,
	/** Web push (docs/decisions/181): the VAPID key pair, as `npx web-push generate-vapid-keys` prints it. */
	VAPID_PUBLIC_KEY: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
		.optional(),
	VAPID_PRIVATE_KEY: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
		.optional(),
	/** Who the push services may contact about our pushes: a mailto: address or an https: URL. */
	VAPID_SUBJECT: z
		.string()
		.trim()
		.refine(
			(value) => /^mailto:[^\s@]+@[^\s@]+$/i.test(value) || /^https:\/\/\S+$/i.test(value),
			'must be mailto:… or https://…',
		)
		.optional(),
	/** Runs without push notifications on purpose. */
	PUSH_DISABLED: BooleanSetting,
})

export type AppConfig = ReturnType<typeof parseConfig>

/** What Express's `trust proxy` accepts: off, a number of proxy hops, or the proxies' addresses. */
type TrustProxy = boolean | number | string[]

const TRUSTED_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * TRUST_PROXY: `false` (the default: the address of the connection is the
 * client's), a number of proxies in front of the app (`1` behind one
 * TLS-terminating proxy), or a comma-separated list of the proxies' addresses
 * or subnets (`10.0.0.0/8, loopback`). `true` believes any X-Forwarded-For,
 * which anyone can forge: use it only when the app cannot be reached but
 * through the proxy.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
	if (value === undefined || value === 'false' || value === '0') return false
	if (value === 'true') return true
	if (/^\d{1,2}$/.test(value)) return Number(value)
	const entries = value.split(',').map((entry) => entry.trim())
	const valid = entries.every((entry) => {
		if (TRUSTED_PROXY_NAMES.has(entry)) return true
		const [address, bits, ...rest] = entry.split('/')
		const family = net.isIP(address ?? '')
		if (family === 0 || rest.length > 0) return false
		return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
	})
	if (!valid) {
		throw new ConfigError(
			'Invalid configuration: TRUST_PROXY: must be true, false, a number of proxies, or proxy addresses and subnets separated by commas',
		)
	}
	return entries
}

/** One streaming rendition: its picture's height (the short side) and its video bitrate. */
export interface RenditionSetting {
	height: number
	videoKbps: number
}

/** MEDIA_RENDITIONS, smallest first; heights are even (H.264 in 4:2:0 needs even sizes) and each is named once. */
function parseRenditions(value: string): RenditionSetting[] {
	const renditions = value.split(',').map((entry) => {
		const [height, videoKbps] = entry.trim().split(':').map(Number) as [number, number]
		return { height, videoKbps }
	})
	if (renditions.some(({ height, videoKbps }) => height < 16 || height % 2 !== 0 || videoKbps < 16)) {
		throw new ConfigError(
			'Invalid configuration: MEDIA_RENDITIONS: each height must be an even number of 16 or more and each bitrate 16 or more',
		)
	}
	if (new Set(renditions.map(({ height }) => height)).size !== renditions.length) {
		throw new ConfigError('Invalid configuration: MEDIA_RENDITIONS: each height may be named once')
	}
	return renditions.sort((a, b) => a.height - b.height)
}

/** A production session secret shorter than this is refused: it signs every session and CSRF token. */
const MIN_PRODUCTION_SECRET_LENGTH = 32

/** The secret used outside production when none is set: sessions still work in `npm run demo`. */
const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-do-not-use-in-production'
/** The footer address outside production when none is set: demo mail looks like real mail. */
const DEMO_POSTAL_ADDRESS = 'LeaderForge (demo), 100 Example Street, Springfield, USA'

export class ConfigError extends Error {}

const SIGNING_KEY_FORMAT =
	'Invalid configuration: CREDENTIAL_SIGNING_KEY must be an Ed25519 private key, as a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----…", newlines may be written as \\n) or a JWK ({"kty":"OKP","crv":"Ed25519","d":…,"x":…})'

/** CREDENTIAL_SIGNING_KEY as a private key: a PEM or a JWK of an Ed25519 key, else a ConfigError. */
function parseSigningKey(value: string): KeyObject {
	let key: KeyObject
	try {
		key = value.startsWith('{')
			? createPrivateKey({ key: JSON.parse(value) as JsonWebKey, format: 'jwk' })
			: createPrivateKey(value.replace(/\\n/g, '\n'))
	} catch {
		throw new ConfigError(SIGNING_KEY_FORMAT)
	}
	if (key.asymmetricKeyType !== 'ed25519') throw new ConfigError(SIGNING_KEY_FORMAT)
	return key
}

export function parseConfig(env: Record<string, string | undefined>) {
	// Empty strings in .env files mean "not set".
	const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
	const result = EnvSchema.safeParse(cleaned)
	if (!result.success) {
		const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
		throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
	}
	const settings = result.data
	const isProduction = settings.NODE_ENV === 'production'
	// `npm run demo` runs the production build on this machine with the demo's
	// embedded database and caught mail (docs/decisions/137).
	const demoMode = settings.DEMO_MODE

	if (isProduction) {
		const required = demoMode ? (['SESSION_SECRET'] as const) : (['MONGODB_URI', 'SESSION_SECRET'] as const)
		const missing = required.filter((name) => !settings[name])
		if (missing.length > 0) {
			throw new ConfigError(
				`Missing required setting${missing.length > 1 ? 's' : ''} for production: ${missing.join(', ')}`,
			)
		}
		if (settings.SESSION_SECRET!.length < MIN_PRODUCTION_SECRET_LENGTH) {
			throw new ConfigError(
				`SESSION_SECRET must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters long in production (e.g. the output of \`openssl rand -hex 32\`)`,
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
	// The demo catches its mail (read at /dev/mail) unless it is given an SMTP server.
	const catchMail = (!isProduction || demoMode) && !mailDisabled && !settings.SMTP_URL
	if (isProduction && !mailDisabled && !demoMode) {
		// Mail goes out for real: it needs a server, the footer's postal address, and the origin its links point to.
		const missing = (['SMTP_URL', 'MAIL_POSTAL_ADDRESS', 'APP_ORIGIN'] as const).filter((name) => !settings[name])
		if (missing.length > 0) {
			throw new ConfigError(
				`Missing required setting${missing.length > 1 ? 's' : ''} for production: ${missing.join(', ')} (or set MAIL_DISABLED=true to run without mail)`,
			)
		}
	}
	if (settings.MAIL_CATCHER_PORT && isProduction && !demoMode) {
		throw new ConfigError('MAIL_CATCHER_PORT is for development and tests only: unset it in production')
	}
	if (settings.MEDIA_ENCODE_AT_PLAYBACK_SPEED && isProduction && !demoMode) {
		throw new ConfigError('MEDIA_ENCODE_AT_PLAYBACK_SPEED is for development and tests only: unset it in production')
	}
	if (settings.REDIS_URL && !settings.MONGODB_URI) {
		// The embedded database belongs to the one process that started it: processes sharing Redis must share a database too.
		throw new ConfigError(
			'REDIS_URL is for several processes on one database: set MONGODB_URI too (docs/decisions/140)',
		)
	}
	const appOrigin = settings.APP_ORIGIN?.replace(/\/+$/, '')
	const push = parsePush(settings, isProduction)
	const credentialSigningKey = settings.CREDENTIAL_SIGNING_KEY ? parseSigningKey(settings.CREDENTIAL_SIGNING_KEY) : null
	if (isProduction && !credentialSigningKey) {
		// Checked last, so the settings every deployment already had are named first.
		throw new ConfigError(
			'Missing required setting for production: CREDENTIAL_SIGNING_KEY (the Ed25519 private key that signs certificates: see .env.example)',
		)
	}

	const trustProxy = parseTrustProxy(settings.TRUST_PROXY)

	return {
		nodeEnv: settings.NODE_ENV,
		isProduction,
		demoMode,
		benchBaselinePage: settings.BENCH_BASELINE_PAGE,
		backgroundJobs: !settings.BACKGROUND_JOBS_DISABLED,
		/** Cookies are Secure in production, which is served over HTTPS; the demo is plain http on this machine. */
		secureCookies: isProduction && !demoMode,
		port: settings.PORT,
		/** Where to listen: HOST, else 127.0.0.1 for the demo (nobody else reaches it), else every interface. */
		host: settings.HOST ?? (demoMode ? '127.0.0.1' : undefined),
		trustProxy,
		authRateLimitPerMinute: settings.AUTH_RATE_LIMIT_PER_MINUTE,
		readRateLimits: {
			perMemberPerMinute: settings.READ_RATE_LIMIT_PER_MINUTE,
			perAddressPerMinute: settings.READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
			exportsPerHour: settings.EXPORT_RATE_LIMIT_PER_HOUR,
		},
		/** With it, processes share chat delivery, room order and rate limits through Redis; without it, one process holds them. */
		redisUrl: settings.REDIS_URL,
		mongodbUri: settings.MONGODB_URI,
		sessionSecret: settings.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
		/** Signs certificates; null outside production without the setting (one is made up per process: platform/credential-keys.server.ts). */
		credentialSigningKey,
		appOrigin,
		billing: {
			provider: billingProvider,
			stripeSecretKey: settings.STRIPE_SECRET_KEY,
			stripePublicKey: settings.VITE_STRIPE_PUBLIC_KEY,
			stripeWebhookSecret: settings.STRIPE_WEBHOOK_SECRET,
			stripePriceId: settings.STRIPE_PRICE_ID,
			stripeApiUrl: settings.STRIPE_API_URL,
		},
		media: {
			/** An absolute path: the server, its jobs and its tools agree on it whatever their working directory. */
			dir: path.resolve(settings.MEDIA_DIR),
			maxUploadBytes: settings.MAX_UPLOAD_BYTES,
			renditions: parseRenditions(settings.MEDIA_RENDITIONS),
			ffmpegPath: settings.FFMPEG_PATH,
			ffprobePath: settings.FFPROBE_PATH,
			encodeAtPlaybackSpeed: settings.MEDIA_ENCODE_AT_PLAYBACK_SPEED,
		},
		mail: {
			disabled: mailDisabled,
			smtpUrl: settings.SMTP_URL,
			/** Outside production (and in the demo) without SMTP_URL, mail goes to the embedded SMTP catcher (read at /dev/mail). */
			useCatcher: catchMail,
			catcherPort: settings.MAIL_CATCHER_PORT,
			from: settings.MAIL_FROM,
			postalAddress: settings.MAIL_POSTAL_ADDRESS ?? DEMO_POSTAL_ADDRESS,
			/** Where links in mail point: APP_ORIGIN (required in production with mail), else this machine. */
			linkOrigin: appOrigin ?? `http://localhost:${settings.PORT}`,
		},
		push,
	}
}

/** Who push services hear from outside production when VAPID_SUBJECT is not set. */
const DEVELOPMENT_VAPID_SUBJECT = 'mailto:push@leaderforge.example'

/**
 * Web push needs the VAPID key pair: production requires it (and a subject)
 * unless PUSH_DISABLED=true; elsewhere push is on when the keys are set
 * (the demo and the tests make a pair) and off without them.
 */
function parsePush(settings: z.output<typeof EnvSchema>, isProduction: boolean) {
	const keys = [settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY]
	if (settings.PUSH_DISABLED) return { enabled: false as const }
	if (isProduction) {
		const missing = (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const).filter(
			(name) => !settings[name],
		)
		if (missing.length > 0) {
			throw new ConfigError(
				`Missing required setting${missing.length > 1 ? 's' : ''} for production: ${missing.join(', ')} (or set PUSH_DISABLED=true to run without push notifications)`,
			)
		}
	} else if (keys.filter(Boolean).length === 1) {
		throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither')
	}
	if (!settings.VAPID_PUBLIC_KEY || !settings.VAPID_PRIVATE_KEY) return { enabled: false as const }
	return {
		enabled: true as const,
		publicKey: settings.VAPID_PUBLIC_KEY,
		privateKey: settings.VAPID_PRIVATE_KEY,
		subject: settings.VAPID_SUBJECT ?? DEVELOPMENT_VAPID_SUBJECT,
	}
}

let config: AppConfig | undefined

/** The validated configuration; parsed on first use from `process.env`. */
export function getConfig(): AppConfig {
	config ??= parseConfig(process.env)
	return config
}
