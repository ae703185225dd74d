import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
// The Express adapter's own request and response conversions: its ready-made handler
// would send a failed request's 500 before we could see that the database was the cause.
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type express from 'express'
import { type AppConfig } from '~/config.server'
import { currentRequestContext, serverTimingHeader } from '~/platform/request-context.server'
import { sendUnavailable } from '#server/errors'
import { type DatabaseMonitor } from '#server/gates'

const BUILD_PATH = path.resolve('build/index.js')

/**
 * Production imports the build once and hands Remix the module itself: given
 * a function, Remix rebuilds its route table and static handler on every
 * request (about a tenth of a request's CPU, decision 080). In development
 * the build is re-imported when it changes, so `remix watch` takes effect
 * without a restart.
 */
export type BuildSource = ServerBuild | (() => Promise<ServerBuild>)

export async function loadBuild(config: AppConfig): Promise<BuildSource> {
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

/** Pages and JSON calls: Remix, with the request's load context, its Server-Timing, and the 503 for a failure the database caused. */
export function remixHandler(
	build: BuildSource,
	mode: 'production' | 'development',
	database: DatabaseMonitor,
): express.RequestHandler {
	const handleRemixRequest = createRequestHandler(build, mode)
	return async (req, res, next) => {
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
}

function setServerTiming(response: Response, value: string) {
	try {
		response.headers.set('Server-Timing', value)
	} catch {
		// A response made with Response.redirect() has immutable headers: it goes without timings.
	}
}
