#!/usr/bin/env node
/**
 * The bench's yardsticks, each in its own process like the app server:
 *   static  — bare Express answering a fixed string
 *   render  — bare Express answering renderToString of a page comparable to
 *             the content library (a header, a nav and a grid of 24 cards)
 *   remix   — a bare Remix app served by Remix's Express adapter: a root
 *             document (Meta, Links, Outlet, ScrollRestoration, Scripts, as
 *             Remix's own template has it) and one route whose loader returns
 *             a line of JSON; no session, no layout, no database. What any
 *             Remix app pays for a page, in the same run as the app.
 *   socket  — bare Socket.IO on /ws rebroadcasting community_message to every
 *             client, with no database and no auth
 * All compress like the app (COMPRESSION_OPTIONS below, the same as
 * server/app.ts). Prints "listening on <url>".
 */
import http from 'node:http'
import { PassThrough } from 'node:stream'
import zlib from 'node:zlib'
import { createRequestHandler } from '@remix-run/express'
import { createReadableStreamFromReadable, json } from '@remix-run/node'
import { Links, Meta, Outlet, RemixServer, Scripts, ScrollRestoration, useLoaderData } from '@remix-run/react'
import compression from 'compression'
import express from 'express'
import { createElement as h } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { Server } from 'socket.io'
import { twoRouteRemixBuild } from '../tests/setup/two-route-remix-build.mjs'

const kind = process.argv[2]
const app = express()
/** The app's compression of pages (server/app.ts): Brotli 1 for browsers, gzip 1 for others such as the bench. */
const COMPRESSION_OPTIONS = { level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }
app.use(compression(COMPRESSION_OPTIONS))

function ComparablePage() {
	const cards = Array.from({ length: 24 }, (_, index) =>
		h(
			'li',
			{ key: index, className: 'rounded-xl border bg-white p-4 shadow-sm' },
			h('img', {
				src: '/images/thumbnails/setting-a-clear-direction.svg',
				alt: '',
				className: 'aspect-video w-full rounded',
			}),
			h('h3', { className: 'mt-3 font-semibold' }, `Lesson ${index + 1}: leading teams through change`),
			h(
				'p',
				{ className: 'text-sm text-gray-600' },
				'A realistic description of the lesson that fills two lines on a card.',
			),
			h('span', { className: 'badge' }, 'Strategy'),
		),
	)
	return h(
		'html',
		{ lang: 'en' },
		h(
			'head',
			null,
			h('meta', { charSet: 'utf-8' }),
			h('title', null, 'Content Library'),
			h('link', { rel: 'stylesheet', href: '/build/app.css' }),
		),
		h(
			'body',
			null,
			h(
				'header',
				null,
				h('a', { href: '/dashboard' }, 'Brand'),
				h('input', { type: 'search', 'aria-label': 'Search' }),
			),
			h(
				'nav',
				null,
				...['Dashboard', 'Content Library', 'Community', 'Messages', 'Events', 'Resources'].map((label) =>
					h('a', { key: label, href: '#' }, label),
				),
			),
			h('main', null, h('h1', null, 'Content Library'), h('ul', { className: 'grid' }, cards)),
		),
	)
}

if (kind === 'static') {
	const body = '<!DOCTYPE html><html><body><h1>Hello</h1></body></html>'
	app.get('*', (_req, res) => res.type('html').send(body))
} else if (kind === 'render') {
	app.get('*', (_req, res) => res.type('html').send('<!DOCTYPE html>' + renderToString(h(ComparablePage))))
} else if (kind === 'remix') {
	app.all('*', createRequestHandler({ build: bareRemixBuild(), mode: 'production' }))
}

/** A bare Remix app: a root document as Remix's own template has it, and one route returning a line of JSON. */
function bareRemixBuild() {
	function Root() {
		return h(
			'html',
			{ lang: 'en' },
			h('head', null, h('meta', { charSet: 'utf-8' }), h(Meta), h(Links)),
			h('body', null, h(Outlet), h(ScrollRestoration), h(Scripts)),
		)
	}
	function Index() {
		const { greeting } = useLoaderData()
		return h('main', null, h('h1', null, greeting))
	}
	return twoRouteRemixBuild(
		{
			root: {
				default: Root,
				meta: () => [{ title: 'Bare Remix' }],
				links: () => [{ rel: 'stylesheet', href: '/build/app.css' }],
			},
			index: { default: Index, loader: () => json({ greeting: 'Hello from a bare Remix route' }) },
		},
		handleDocumentRequest,
	)
}

/** Remix's own entry.server for Node (its template's), streaming the document once the shell is ready. */
function handleDocumentRequest(request, responseStatusCode, responseHeaders, remixContext) {
	return new Promise((resolve, reject) => {
		const { pipe, abort } = renderToPipeableStream(h(RemixServer, { context: remixContext, url: request.url }), {
			onShellReady() {
				const body = new PassThrough()
				responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
				resolve(
					new Response(createReadableStreamFromReadable(body), {
						headers: responseHeaders,
						status: responseStatusCode,
					}),
				)
				pipe(body)
			},
			onShellError: reject,
			onError(error) {
				responseStatusCode = 500
				console.error(error)
			},
		})
		setTimeout(abort, 5_000)
	})
}

const server = http.createServer(app)
if (kind === 'socket') {
	const io = new Server(server, { path: '/ws', serveClient: false })
	let id = 0
	io.on('connection', (socket) => {
		socket.on('auth', () => socket.emit('auth_success'))
		socket.on('community_message', (payload) => {
			io.emit('community_message', {
				id: ++id,
				senderId: 0,
				communityId: payload.communityId,
				createdAt: new Date().toISOString(),
				content: payload.content,
				senderName: 'bench',
			})
		})
	})
}
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`))
process.on('SIGTERM', () => process.exit(0))
