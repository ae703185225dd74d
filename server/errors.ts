import http from 'node:http'
import type express from 'express'
import { isDatabaseOutageError, type RequestFailureWatch } from '~/platform/database.server'
import {
	UNAVAILABLE_MESSAGE,
	UNAVAILABLE_RETRY_AFTER_SECONDS,
	plainPageHtml,
	unavailableHtml,
} from '~/lib/unavailable-page'
import { logDatabaseOutage } from '~/web/unavailable.server'

/** A request refused before Remix runs, with the words to say why. */
export class RequestRefused extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
	}
}

/** While the database is gone, pages and JSON calls get a readable 503 instead of failing one by one. */
export function sendUnavailable(req: express.Request, res: express.Response) {
	res.status(503).set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
	if (req.path.startsWith('/api/')) res.json({ message: UNAVAILABLE_MESSAGE })
	else res.type('html').send(unavailableHtml())
}

/**
 * Errors raised before Remix runs: a refused request says why, a path
 * Express cannot decode (a broken percent-escape such as `/videos/%`) is a
 * readable 400, JSON under /api/; never Express's stack-trace page. The
 * arrival step's reads are the first of a request: one that fails because
 * the database went away gets the readable 503, judged as Remix's failures
 * are (the request's watch, `res.locals.failure`): an outage error, an
 * outage that began while it ran, or a database that does not answer now,
 * whatever the error's name.
 */
export function sendExpressError(
	error: unknown,
	req: express.Request,
	res: express.Response,
	next: express.NextFunction,
) {
	// The database gate answered it already (the database froze under it): what failed after that says nothing new.
	if (res.headersSent) return res.locals.answeredEarly ? undefined : next(error)
	const failure = res.locals.failure as RequestFailureWatch | undefined
	if (failure ? failure.noteError(error) : isDatabaseOutageError(error)) return sendUnavailable(req, res)
	const declared = (error as { status?: unknown } | null)?.status
	const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500
	if (status === 500 && failure) {
		void failure.causedByDatabase().then(
			(caused) => answerFailure(error, req, res, caused ? 503 : 500),
			() => answerFailure(error, req, res, 500),
		)
		return
	}
	answerFailure(error, req, res, status)
}

function answerFailure(error: unknown, req: express.Request, res: express.Response, status: number) {
	// The database gate answers the requests in flight when an outage begins: this one may have been answered meanwhile.
	if (res.headersSent) return
	if (status === 503) {
		logDatabaseOutage(req.method, req.path, error)
		return sendUnavailable(req, res)
	}
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
