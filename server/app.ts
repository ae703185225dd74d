import { randomBytes } from 'node:crypto'
import express from 'express'
import compression from 'compression'
import helmet from 'helmet'
import { type AppConfig } from '~/config.server'
import { isDatabaseReachable } from '~/platform/database.server'
import { isCurrentFingerprint } from '~/platform/public-pictures.server'
import { runInRequestContext } from '~/platform/request-context.server'
import { anonymousPageCache } from '~/web/anonymous-page-cache.server'
import { settleSessionUser } from '~/web/arrival.server'
import { MEMBER_FILE_CACHE_CONTROL, findMemberFile } from '~/web/member-files.server'
import { FINGERPRINT_PARAM } from '~/lib/public-asset-url'
import { RequestRefused, sendExpressError } from '#server/errors'
import {
	bodySizeGate,
	crossSiteGate,
	databaseGate,
	hostGate,
	manifestRequestGate,
	readLimitGate,
	type DatabaseMonitor,
} from '#server/gates'
import { carriesVideoFile, drainWhenAnsweredEarly, mountMedia } from '#server/media'
import { remixHandler, type BuildSource } from '#server/remix-handler'
import { PAGE_COMPRESSION } from '#server/whole-answers'

/**
 * The Express app, in the order a request meets it: security headers with a
 * fresh CSP nonce, compression, static files, the health check, our own
 * host names only, the cached landing page, the gates (server/gates.ts), the request's arrival step,
 * uploads and streams (server/media.ts), member files, then the read limits and Remix; errors raised
 * on the way are answered readably
 * (server/errors.ts).
 */
export function createApp(config: AppConfig, database: DatabaseMonitor, build: BuildSource) {
	const app = express()
	app.disable('x-powered-by')
	// Whose word to take for the client's address and protocol (TRUST_PROXY; off by default): req.ip is what rate limits count.
	app.set('trust proxy', config.trustProxy)

	app.use(securityHeaders(config))
	app.use(compress)

	// Fingerprinted build assets never change: cache them for a year.
	app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
	// A picture named with its current fingerprint (`?v=`, docs/decisions/088) never changes either: a year.
	const fingerprintedFiles = express.static('public', { immutable: true, maxAge: '1y', redirect: false, index: false })
	app.use((req, res, next) =>
		isCurrentFingerprint(req.path, req.query[FINGERPRINT_PARAM]) ? fingerprintedFiles(req, res, next) : next(),
	)
	// Without it, or with a stale one, an hour. No directory redirects: /resources is a page. Every file in public/
	// has an extension and a page's address almost never has one, so only an address ending in one is looked for
	// on disk: a failed stat, with its error's stack trace, was about 5% of a member page's CPU (docs/decisions/194).
	const publicFiles = express.static('public', { maxAge: '1h', redirect: false, index: false })
	app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()))

	app.get('/healthz', async (_req, res) => {
		const reachable = await isDatabaseReachable()
		res.status(reachable ? 200 : 503).json({ status: reachable ? 'ok' : 'unavailable', database: reachable })
	})

	// Health checks may name the server by its address (a load balancer's probe); everything else only by its own names.
	app.use(hostGate(config))
	const mode = config.isProduction ? 'production' : 'development'
	// Before the database check: the landing page needs no database.
	app.use(anonymousPageCache({ paths: ['/'], ttlMs: 60_000, build, mode }))
	app.use(crossSiteGate(config))
	app.use(databaseGate(database))
	// Uploaded videos have limits of their own (MAX_UPLOAD_BYTES, server/media.ts).
	app.use((req, res, next) => {
		if (!carriesVideoFile(req)) return bodySizeGate(req, res, next)
		drainWhenAnsweredEarly(req, res)
		next()
	})
	app.use(arrival)
	mountMedia(app, config)
	app.get('/media/:file', memberFiles('media'))
	app.get('/resources/:file', memberFiles('resources'))
	app.all('*', readLimitGate, manifestRequestGate, remixHandler(build, mode))
	app.use(sendExpressError)
	return app
}

/**
 * Pages and JSON are compressed cheaply: Brotli at quality 1 for browsers
 * (about the size gzip's default level gives, for a fifth of its CPU on our
 * pages) and gzip at level 1 for other clients. Their answers change with
 * every request, so each is compressed once per answer. Build assets are
 * compressed at the middleware's defaults (Brotli 4, gzip 6): they are
 * cached for a year, so each browser asks for them once per release, and
 * smaller files load sooner on a phone (docs/decisions/192).
 */
const compressPages = compression(PAGE_COMPRESSION)
const compressAssets = compression()
const compress: express.RequestHandler = (req, res, next) =>
	(req.path.startsWith('/build/') ? compressAssets : compressPages)(req, res, next)

/**
 * Each request from here on runs in its own context (where its time goes,
 * the reads its loaders share) and starts with its arrival step, once: the
 * member's activity noted, a lapsed trial settled (docs/decisions/095).
 */
const arrival: express.RequestHandler = (req, res, next) =>
	runInRequestContext(req.method, () =>
		settleSessionUser(req.headers.cookie).then((memberId) => {
			res.locals.memberId = memberId
			next()
		}, next),
	)

/** A fresh nonce per request lets Remix's inline scripts through the CSP and nothing else. */
function securityHeaders(config: AppConfig): express.RequestHandler[] {
	return [
		(_req, res, next) => {
			res.locals.cspNonce = randomBytes(16).toString('base64')
			next()
		},
		helmet({
			contentSecurityPolicy: {
				useDefaults: false,
				directives: {
					defaultSrc: ["'self'"],
					scriptSrc: [
						"'self'",
						(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
						'https://js.stripe.com',
					],
					styleSrc: ["'self'", "'unsafe-inline'"],
					imgSrc: ["'self'", 'data:', 'https:'],
					mediaSrc: ["'self'", 'https:', 'blob:'],
					fontSrc: ["'self'", 'data:'],
					// The chat socket of this host only, and Stripe.js's API.
					connectSrc: ["'self'", (req) => ownSocketSources(config, req as express.Request), 'https://api.stripe.com'],
					frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
					frameAncestors: ["'none'"],
					formAction: ["'self'"],
					baseUri: ["'self'"],
					objectSrc: ["'none'"],
				},
			},
			// HTTPS deployments only: the demo runs on plain http on this machine.
			strictTransportSecurity: config.secureCookies,
			// The same as frame-ancestors 'none', for browsers that only know the older header.
			xFrameOptions: { action: 'deny' },
			crossOriginEmbedderPolicy: false,
			referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
		}),
	]
}

/** `ws://host wss://host` for the app's own host only: the chat socket's address in the CSP. */
function ownSocketSources(config: AppConfig, req: express.Request): string {
	const host = config.appOrigin ? new URL(config.appOrigin).host : req.headers.host
	// A Host header that is not a plain host[:port] names no socket of ours (and must not reach a header).
	if (!host || !/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return "'self'"
	return `ws://${host} wss://${host}`
}

/**
 * Lesson media and resource files (docs/decisions/134): for members only, as
 * their rules say (services/catalogue/member-files.server.ts). `res.sendFile` answers
 * byte ranges (206, Content-Range, 416), conditional requests and the
 * content type.
 */
function memberFiles(kind: 'media' | 'resources'): express.RequestHandler {
	return async (req, res, next) => {
		try {
			const answer = await findMemberFile(kind, req.params.file ?? '', req.headers.cookie)
			res.set('Vary', 'Cookie')
			if ('status' in answer) return next(new RequestRefused(answer.status, answer.message))
			res.sendFile(
				answer.file,
				{ headers: { 'Cache-Control': MEMBER_FILE_CACHE_CONTROL }, cacheControl: false, dotfiles: 'deny' },
				(error) => {
					if (error && !res.headersSent) next(error)
				},
			)
		} catch (error) {
			next(error)
		}
	}
}
