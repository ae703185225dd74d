import type express from 'express'
import { type AppConfig } from '~/config.server'
import { watchRequestFailure, type startDatabaseMonitor } from '~/platform/database.server'
import { BODY_TOO_LARGE, JSON_CONTENT_TYPE_REQUIRED, MAX_REQUEST_BODY_BYTES } from '~/web/http.server'
import { isOwnHostName, isSameOrigin, mediaTypeOf } from '~/web/origin.server'
import { readLimitRefusal } from '~/web/rate-limit.server'
import { RequestRefused, sendUnavailable } from '#server/errors'

/**
 * What a request must pass before it reaches member files and Remix: it is
 * addressed to one of our host names, it comes from our own pages when it
 * changes something, the database is there, and its body is not too large.
 */

export type DatabaseMonitor = ReturnType<typeof startDatabaseMonitor>

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const CROSS_SITE_REFUSED = 'This request came from another site and was refused.'

const OTHER_HOST_REFUSED = 'This server does not answer to that address.'

/**
 * Only our own host names (docs/decisions/200): APP_ORIGIN's, else this
 * machine's (localhost, 127.0.0.1, [::1]). A web page that points a name of
 * its own at this server (DNS rebinding) reaches it with that name in
 * `Host`, and its own origin then passes every same-origin check: refused
 * here with 421 Misdirected Request, before anything reads a cookie. Behind
 * TRUST_PROXY the name the proxy reports (X-Forwarded-Host) is the one
 * checked, as Express reads it.
 */
export function hostGate(config: AppConfig): express.RequestHandler {
	return (req, _res, next) =>
		next(isOwnHostName(req.hostname, config.appOrigin) ? undefined : new RequestRefused(421, OTHER_HOST_REFUSED))
}

/**
 * Requests that change something must come from our own pages
 * (docs/decisions/133). A browser names the page's site in `Origin`: another
 * site is refused with 403 here, before Remix (whose own check would
 * otherwise end in a 500). A JSON call must also be JSON or come from our own
 * page: a cross-site form can send neither, so `/api/logout` and friends
 * cannot be triggered from elsewhere.
 */
export function crossSiteGate(config: AppConfig): express.RequestHandler {
	return (req, _res, next) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const origin = req.headers.origin
		const api = req.path.startsWith('/api/')
		if (
			origin !== undefined &&
			!(api
				? isSameOrigin(origin, { host: req.headers.host, protocol: protocolOf(req), appOrigin: config.appOrigin })
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
	if (!isSameOrigin(origin, { host: req.headers.host, protocol: protocolOf(req), appOrigin: config.appOrigin }))
		return false
	// Remix refuses a page's form whose Origin is not the host it was sent to (X-Forwarded-Host first): refuse it here, readably.
	const forwardedHost = req.get('X-Forwarded-Host')?.split(',')[0]?.trim()
	return new URL(origin).host === (forwardedHost || req.headers.host)
}

/** The scheme the browser used: the connection's, or with TRUST_PROXY the one the proxy reports (X-Forwarded-Proto). */
const protocolOf = (req: express.Request) => (req.protocol === 'https' ? 'https' : 'http')

/**
 * While the database is gone (the monitor says so), the readable 503 at once.
 * A request already in flight when it goes (waiting on a query that a frozen
 * network will not answer for seconds) gets the same 503 the moment the
 * monitor notices, within a few seconds, instead of when its query times
 * out (decision 203); whatever the app answers for it later is dropped
 * (`answeredEarly`, server/errors.ts).
 */
export function databaseGate(database: DatabaseMonitor): express.RequestHandler {
	const inFlight = new Set<{ req: express.Request; res: express.Response }>()
	database.onOutage(() => {
		for (const entry of inFlight) {
			if (entry.res.headersSent) continue
			entry.res.locals.answeredEarly = true
			sendUnavailable(entry.req, entry.res)
		}
		inFlight.clear()
	})
	return (req, res, next) => {
		if (!database.isAvailable()) return sendUnavailable(req, res)
		// The request's one watch on the database, from here on: its arrival step's failures and Remix's are judged alike.
		res.locals.failure = watchRequestFailure()
		const entry = { req, res }
		inFlight.add(entry)
		res.once('close', () => inFlight.delete(entry))
		next()
	}
}

/** Refused before Remix starts reading it, so Node drains the body and the client gets the 413 (docs/decisions/050). */
export const bodySizeGate: express.RequestHandler = (req, _res, next) =>
	next(
		Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES
			? new RequestRefused(413, BODY_TOO_LARGE)
			: undefined,
	)

/**
 * Reads have limits too (decision 203): pages, data requests and JSON GETs,
 * per member (the arrival step found them) and per client address,
 * generous for people and firm for scripts (READ_RATE_LIMIT_PER_MINUTE,
 * READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE). Over a limit: 429 with
 * Retry-After, refused before Remix, so a loop costs one count. Member
 * files (a video's byte ranges) are not counted.
 */
export const readLimitGate: express.RequestHandler = (req, res, next) => {
	if (req.method !== 'GET' && req.method !== 'HEAD') return next()
	const memberId = typeof res.locals.memberId === 'number' ? res.locals.memberId : null
	readLimitRefusal({ address: req.ip ?? req.socket.remoteAddress ?? 'unknown', memberId }).then((refusal) => {
		if (!refusal) return next()
		res.set('Retry-After', String(refusal.retryAfterSeconds))
		next(new RequestRefused(429, refusal.message))
	}, next)
}

/** Remix's address for the route table's entries a hydrated page asks for (lazy route discovery, decision 229). */
const MANIFEST_PATH = '/__manifest'
/** The most path prefixes one such request may have matched: a page's links need a few dozen. */
const MANIFEST_MAX_PREFIXES = 200
const MANIFEST_MAX_PATH_LENGTH = 256
const MANIFEST_REQUEST_TOO_LARGE = 'This request names too many paths, or too long a path.'

/**
 * Remix answers `/__manifest?p=…` by matching every prefix of every path
 * named against the route table (server-runtime's handleManifestRequest):
 * a made-up path of thousands of segments cost over a second of CPU, and
 * a thousand new paths a quarter of one (found by a review of decision
 * 229). More than MANIFEST_MAX_PREFIXES prefixes, or a path longer than any
 * of ours, is refused with 400 here; the browser then learns each route
 * when a link to it is followed, as it does when a page has more links
 * than one address can name. Exact path only, as Remix compares it.
 */
export const manifestRequestGate: express.RequestHandler = (req, _res, next) => {
	if (req.path !== MANIFEST_PATH) return next()
	const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : ''
	const paths = new URLSearchParams(query).getAll('p')
	next(manifestRequestTooLarge(paths) ? new RequestRefused(400, MANIFEST_REQUEST_TOO_LARGE) : undefined)
}

function manifestRequestTooLarge(paths: string[]): boolean {
	const prefixes = new Set<string>()
	for (const path of paths) {
		if (path.length > MANIFEST_MAX_PATH_LENGTH) return true
		const segments = path.split('/').filter(Boolean)
		for (let end = 1; end <= segments.length; end++) {
			prefixes.add(segments.slice(0, end).join('/'))
			if (prefixes.size > MANIFEST_MAX_PREFIXES) return true
		}
	}
	return false
}
