import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type express from 'express'
import { watchRequestFailure } from '~/platform/database.server'

/**
 * Pages that are the same for every visitor without a session (the landing
 * page) are rendered once and served from memory for `ttlMs`, so they cost
 * about what a static file does. Anyone with a session (who is redirected)
 * or with a notice waiting to be shown (after logging out) gets the page
 * rendered for them as usual. The cached pages ship no script and no form,
 * so they need neither the per-request nonce nor a CSRF cookie.
 */
export function anonymousPageCache({
	paths,
	ttlMs,
	build,
	mode,
}: {
	paths: string[]
	ttlMs: number
	build: ServerBuild | (() => Promise<ServerBuild>)
	mode: 'production' | 'development'
}): express.RequestHandler {
	const render = createRequestHandler(build, mode)
	const cache = new Map<string, { body: string; contentType: string; expires: number }>()
	const personalCookie = /(?:^|;\s*)(?:__session|en_toast)=/

	return async (req, res, next) => {
		if (req.method !== 'GET' || !paths.includes(req.url) || personalCookie.test(req.headers.cookie ?? '')) return next()
		try {
			let entry = cache.get(req.url)
			if (!entry || entry.expires < Date.now()) {
				const response = await render(new Request(new URL(req.url, 'http://localhost')), {
					cspNonce: '',
					clientAddress: req.ip ?? '',
					failure: watchRequestFailure(),
				})
				if (response.status !== 200) return next()
				entry = {
					body: await response.text(),
					contentType: response.headers.get('Content-Type') ?? 'text/html; charset=utf-8',
					expires: Date.now() + ttlMs,
				}
				cache.set(req.url, entry)
			}
			res.status(200).type(entry.contentType).set('X-Page-Cache', 'hit').send(entry.body)
		} catch (error) {
			next(error)
		}
	}
}
