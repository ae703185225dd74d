import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
// Not re-exported by the package's index; the adapter's own functions, so requests and answers are converted as it does.
import { createRemixRequest } from '@remix-run/express/dist/server.js'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type express from 'express'
import onHeaders from 'on-headers'
import { type AppConfig } from '~/config.server'
import { watchRequestFailure, type RequestFailureWatch } from '~/platform/database.server'
import { currentRequestContext, serverTimingHeader } from '~/platform/request-context.server'
import { sendRemixAnswer } from '#server/whole-answers'

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

/** Where accounts are logged in to, made, recovered and given a new address: the JSON calls and the pages' forms. */
const ACCOUNT_PATHS =
	/^\/(?:api\/(?:login|register|password-reset|password-reset\/confirm|users\/\d+)|auth|forgot-password|reset-password|confirm-email|profile)\/?$/

/**
 * A login, a sign-up, a reset or an email change answers without
 * Server-Timing (decision 200): how many queries it took would tell whether
 * a username or an address has an account, which its body never says.
 */
function isAccountRequest(req: express.Request): boolean {
	return req.method !== 'GET' && req.method !== 'HEAD' && ACCOUNT_PATHS.test(req.path)
}

/**
 * Pages, data requests and JSON calls: Remix's Express adapter, taken apart
 * so its answers are sent by `sendRemixAnswer` (docs/decisions/252), with
 * the request's load context (docs/decisions/096): the CSP nonce, the client's
 * address as Express sees it (TRUST_PROXY), and the watch that tells a
 * failure the database caused from the app's own (the app answers the
 * former with the readable 503: web/unavailable.server.ts).
 */
export function remixHandler(build: BuildSource, mode: 'production' | 'development'): express.RequestHandler {
	const handleRemixRequest = createRequestHandler(build, mode)
	return (req, res, next) => {
		const timings = currentRequestContext()
		// Pages and JSON alike, as the answer's headers go: the browser's network panel shows where the time went (docs/decisions/082).
		if (timings && !isAccountRequest(req))
			onHeaders(res, () => res.setHeader('Server-Timing', serverTimingHeader(timings)))
		// As the adapter's own handler does: the request (aborted when the client goes), Remix's answer, and a failure passed on to Express.
		const loadContext = {
			cspNonce: res.locals.cspNonce as string,
			clientAddress: req.ip ?? req.socket.remoteAddress ?? '',
			failure: (res.locals.failure as RequestFailureWatch | undefined) ?? watchRequestFailure(),
		}
		void (async () => {
			try {
				await sendRemixAnswer(req, res, await handleRemixRequest(createRemixRequest(req, res), loadContext))
			} catch (error) {
				next(error)
			}
		})()
	}
}
