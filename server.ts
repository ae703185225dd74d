/**
 * The HTTP entry point. It wires, it does not decide: configuration, the
 * database, Express (headers, compression, static files), Remix, Socket.IO on
 * /ws, and a graceful shutdown.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
// The Express adapter's own request and response conversions: its ready-made handler
// would send a failed request's 500 before we could see that the database was the cause.
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { ConfigError, getConfig, type AppConfig } from '~/config.server'
import { attachSocketServer, closeSocketServer } from '~/realtime/socket.server'
import { BACKGROUND_JOBS } from '~/services/background-jobs.server'
import {
	connectDatabase,
	disconnectDatabase,
	isDatabaseOutageError,
	isDatabaseReachable,
	startDatabaseMonitor,
	startEmbeddedDatabase,
	type EmbeddedDatabase,
} from '~/platform/database.server'
import { seedDemoData } from '~/demo/data.server'
import { ensureConversationEntries } from '~/services/chat/private-inbox.server'
import { startJobs } from '~/platform/jobs.server'
import { startMail } from '~/platform/mail/index.server'
import { isCurrentFingerprint } from '~/platform/public-pictures.server'
import { connectRedis, disconnectRedis } from '~/platform/redis.server'
import { anonymousPageCache } from '~/web/anonymous-page-cache.server'
import { settleSessionUser } from '~/web/arrival.server'
import { BODY_TOO_LARGE, JSON_CONTENT_TYPE_REQUIRED, MAX_REQUEST_BODY_BYTES } from '~/web/http.server'
import { MEMBER_FILE_CACHE_CONTROL, findMemberFile } from '~/web/member-files.server'
import { isSameOrigin, mediaTypeOf } from '~/web/origin.server'
import { FINGERPRINT_PARAM } from '~/lib/public-asset-url'
import { UNAVAILABLE_MESSAGE, plainPageHtml, unavailableHtml } from '~/lib/unavailable-page'
import { currentRequestContext, runInRequestContext, serverTimingHeader } from '~/platform/request-context.server'

const SHUTDOWN_TIMEOUT_MS = 10_000
const BUILD_PATH = path.resolve('build/index.js')

function loadConfig(): AppConfig {
	try {
		return getConfig()
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
}

async function openDatabase(config: AppConfig): Promise<EmbeddedDatabase | null> {
	if (config.mongodbUri) {
		await connectDatabase(config.mongodbUri)
		console.log('Database: MongoDB at MONGODB_URI')
		return null
	}
	const embedded = await startEmbeddedDatabase({ dataDir: '.data/mongod' })
	await connectDatabase(`${embedded.uri}/leadership`)
	console.log(`Database: embedded default, ${embedded.kind} (set MONGODB_URI to use your own)`)
	// The embedded default is for trying the app: it fills itself with demo data when empty.
	const seeded = await seedDemoData({ onlyIfEmpty: true })
	if (seeded) console.log('Database was empty: demo data seeded')
	return embedded
}

/**
 * Production imports the build once and hands Remix the module itself: given
 * a function, Remix rebuilds its route table and static handler on every
 * request (about a tenth of a request's CPU, decision 080). In development
 * the build is re-imported when it changes, so `remix watch` takes effect
 * without a restart.
 */
type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

async function loadBuild(config: AppConfig): Promise<BuildSource> {
	if (config.isProduction) return (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild
	let cached: { version: number; build: Promise<ServerBuild> } | undefined
	return () => {
		const version = fs.statSync(BUILD_PATH).mtimeMs
		if (!cached || cached.version !== version) {
			cached = { version, build: import(`${pathToFileURL(BUILD_PATH).href}?v=${version}`) }
		}
		return cached.build
	}
}

type DatabaseMonitor = ReturnType<typeof startDatabaseMonitor>

/** While the database is gone, pages and JSON calls get a readable 503 instead of failing one by one. */
function sendUnavailable(req: express.Request, res: express.Response) {
	res.status(503).set('Retry-After', '5')
	if (req.path.startsWith('/api/')) res.json({ message: UNAVAILABLE_MESSAGE })
	else res.type('html').send(unavailableHtml())
}

/** `ws://host wss://host` for the app's own host only: the chat socket's address in the CSP. */
function ownSocketSources(config: AppConfig, req: express.Request): string {
	const host = config.appOrigin ? new URL(config.appOrigin).host : req.headers.host
	// A Host header that is not a plain host[:port] names no socket of ours (and must not reach a header).
	if (!host || !/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return "'self'"
	return `ws://${host} wss://${host}`
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const CROSS_SITE_REFUSED = 'This request came from another site and was refused.'

/**
 * Requests that change something must come from our own pages
 * (docs/decisions/133). A browser names the page's site in `Origin`: another
 * site is refused with 403 here, before Remix (whose own check would
 * otherwise end in a 500). A JSON call must also be JSON or come from our own
 * page: a cross-site form can send neither, so `/api/logout` and friends
 * cannot be triggered from elsewhere.
 */
function crossSiteGate(config: AppConfig): express.RequestHandler {
	return (req, _res, next) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const origin = req.headers.origin
		const api = req.path.startsWith('/api/')
		if (
			origin !== undefined &&
			!(api
				? isSameOrigin(origin, { host: req.headers.host, appOrigin: config.appOrigin })
				: isOwnPageOrigin(config, req, origin))
		) {
			return next(new RequestRefused(403, CROSS_SITE_REFUSED))
		}
		if (api && origin === undefined && mediaTypeOf(req.headers['content-type']) !== 'application/json') {
			return next(new RequestRefused(415, JSON_CONTENT_TYPE_REQUIRED))
		}
		next()
	}
}

function isOwnPageOrigin(config: AppConfig, req: express.Request, origin: string): boolean {
	if (!isSameOrigin(origin, { host: req.headers.host, appOrigin: config.appOrigin })) return false
	// Remix refuses a page's form whose Origin is not the host it was sent to (X-Forwarded-Host first): refuse it here, readably.
	const forwardedHost = req.get('X-Forwarded-Host')?.split(',')[0]?.trim()
	return new URL(origin).host === (forwardedHost || req.headers.host)
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

function createApp(config: AppConfig, database: DatabaseMonitor, build: BuildSource) {
	const app = express()
	app.disable('x-powered-by')
	// Whose word to take for the client's address and protocol (TRUST_PROXY; off by default): req.ip is what rate limits count.
	app.set('trust proxy', config.trustProxy)

	// A fresh nonce per request lets Remix's inline scripts through the CSP and nothing else.
	app.use((_req, res, next) => {
		res.locals.cspNonce = randomBytes(16).toString('base64')
		next()
	})
	app.use(
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
	)
	app.use(compression())

	// Fingerprinted build assets never change: cache them for a year.
	app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
	// A picture named with its current fingerprint (`?v=`, docs/decisions/088) never changes either: a year.
	const fingerprintedFiles = express.static('public', { immutable: true, maxAge: '1y', redirect: false, index: false })
	app.use((req, res, next) =>
		isCurrentFingerprint(req.path, req.query[FINGERPRINT_PARAM]) ? fingerprintedFiles(req, res, next) : next(),
	)
	// Without it, or with a stale one, an hour. No directory redirects: /resources is a page.
	app.use(express.static('public', { maxAge: '1h', redirect: false }))

	app.get('/healthz', async (_req, res) => {
		const reachable = await isDatabaseReachable()
		res.status(reachable ? 200 : 503).json({ status: reachable ? 'ok' : 'unavailable', database: reachable })
	})

	const mode = config.isProduction ? 'production' : 'development'
	// Before the database check: the landing page needs no database.
	app.use(anonymousPageCache({ paths: ['/'], ttlMs: 60_000, build, mode }))
	app.use(crossSiteGate(config))
	app.use((req, res, next) => (database.isAvailable() ? next() : sendUnavailable(req, res)))
	// Refused before Remix starts reading it, so Node drains the body and the client gets the 413 (docs/decisions/050).
	app.use((req, _res, next) =>
		next(
			Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES
				? new RequestRefused(413, BODY_TOO_LARGE)
				: undefined,
		),
	)
	// Each request from here on runs in its own context (where its time goes, the reads its loaders share) and
	// starts with its arrival step, once: the member's activity, a lapsed trial settled (docs/decisions/095).
	app.use((req, _res, next) =>
		runInRequestContext(req.method, () => settleSessionUser(req.headers.cookie).then(() => next(), next)),
	)
	app.get('/media/:file', memberFiles('media'))
	app.get('/resources/:file', memberFiles('resources'))

	const handleRemixRequest = createRequestHandler(build, mode)
	app.all('*', handleInApp)
	async function handleInApp(req: express.Request, res: express.Response, next: express.NextFunction) {
		try {
			const failure = { databaseOutage: false }
			const outagesBefore = database.outages()
			const context = {
				cspNonce: res.locals.cspNonce as string,
				clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
				failure,
			}
			const response = await handleRemixRequest(createRemixRequest(req, res), context)
			const timings = currentRequestContext()
			// Pages and JSON alike: the browser's network panel shows where the time went (docs/decisions/082).
			if (timings) setServerTiming(response, serverTimingHeader(timings))
			// A request that failed because the database went away gets the readable 503, like the ones
			// after it, even when the database is back by now (a query that outlived a short outage).
			const overlappedOutage = failure.databaseOutage || database.outages() !== outagesBefore
			if (response.status >= 500 && (overlappedOutage || !(await database.recheck()))) {
				await response.body?.cancel()
				return sendUnavailable(req, res)
			}
			await sendRemixResponse(res, response)
		} catch (error) {
			next(error)
		}
	}
	app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
		// The arrival step's reads are the first of a request: one that fails because the database went away gets the readable 503.
		if (!res.headersSent && isDatabaseOutageError(error)) return sendUnavailable(req, res)
		sendExpressError(error, req, res, next)
	})
	return app
}

function setServerTiming(response: Response, value: string) {
	try {
		response.headers.set('Server-Timing', value)
	} catch {
		// A response made with Response.redirect() has immutable headers: it goes without timings.
	}
}

/** A request refused before Remix runs, with the words to say why. */
class RequestRefused extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
	}
}

/**
 * Errors raised before Remix runs: a refused request says why, a path
 * Express cannot decode (a broken percent-escape such as `/videos/%`) is a
 * readable 400, JSON under /api/; never Express's stack-trace page.
 */
function sendExpressError(error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
	if (res.headersSent) return next(error)
	const declared = (error as { status?: unknown } | null)?.status
	const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500
	if (status === 500) console.error('Request failed before reaching the app:', error)
	const message =
		error instanceof RequestRefused
			? error.message
			: status === 400
				? 'This address is not valid. Please check it and try again.'
				: status === 500
					? 'Something went wrong on our side. Please try again.'
					: `${http.STATUS_CODES[status] ?? 'Request refused'}.`
	res.status(status)
	if (req.path.startsWith('/api/')) res.json({ message })
	else {
		const next = status === 401 ? { href: '/auth', label: 'Log in' } : { href: '/', label: 'Go to the home page' }
		res.type('html').send(plainPageHtml(status === 500 ? 'Something went wrong' : 'Request refused', message, next))
	}
}

/** The host to print in the address: `localhost` when listening everywhere. */
function displayHost(host: string | undefined): string {
	if (!host || host === '0.0.0.0' || host === '::') return 'localhost'
	return host.includes(':') ? `[${host}]` : host
}

/** With REDIS_URL, this process shares chat, room order and rate limits with the others on the same Redis (docs/decisions/140). */
async function openSharedState(config: AppConfig): Promise<void> {
	if (!config.redisUrl) {
		console.log('Shared state: in this process (set REDIS_URL to run several processes)')
		return
	}
	await connectRedis(config.redisUrl)
	console.log('Shared state: Redis at REDIS_URL (several processes may serve this app)')
}

async function main() {
	const config = loadConfig()
	const embedded = await openDatabase(config)
	// A database from before conversation entries existed gets them once, before any page reads them (decision 087).
	const rebuilt = await ensureConversationEntries()
	if (rebuilt !== null) console.log(`Private messages without conversation entries: ${rebuilt} entries built from them`)
	await openSharedState(config)
	const mail = await startMail(config.mail)

	const databaseMonitor = startDatabaseMonitor()
	const httpServer = http.createServer(createApp(config, databaseMonitor, await loadBuild(config)))
	const io = attachSocketServer(httpServer, { appOrigin: config.appOrigin })

	await new Promise<void>((resolve, reject) => {
		httpServer.once('error', reject)
		// Every interface unless HOST says otherwise (the demo: 127.0.0.1, this machine only).
		httpServer.listen(config.port, config.host, resolve)
	})
	const address = httpServer.address()
	const port = typeof address === 'object' && address ? address.port : config.port
	console.log(`Server listening on http://${displayHost(config.host)}:${port}`)
	// Background work (the mail outbox, lapsed trials, …) runs beside the requests: docs/decisions/121.
	const jobs = startJobs(BACKGROUND_JOBS)

	let shuttingDown = false
	async function shutdown(signal: string) {
		if (shuttingDown) return
		shuttingDown = true
		console.log(`${signal} received: shutting down`)
		setTimeout(() => {
			console.error('Shutdown took longer than 10 s: exiting anyway')
			process.exit(1)
		}, SHUTDOWN_TIMEOUT_MS).unref()
		// Stop accepting, let chat sends in progress finish, close sockets and keep-alive connections,
		// let a job's run in progress finish (briefly), then mail and the database.
		const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()))
		await closeSocketServer(io)
		httpServer.closeIdleConnections()
		await closed
		await jobs.stop()
		await mail.stop()
		await disconnectRedis()
		databaseMonitor.stop()
		await disconnectDatabase()
		await embedded?.stop()
		process.exit(0)
	}
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
	process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error) => {
	console.error('Server failed to start:', error instanceof Error ? error.message : error)
	process.exit(1)
})
