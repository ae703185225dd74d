#!/usr/bin/env node
/**
 * The bench's yardsticks, each in its own process like the app server:
 *   static  — bare Express answering a fixed string
 *   render  — bare Express answering renderToString of a page comparable to
 *             the content library (a header, a nav and a grid of 24 cards)
 *   socket  — bare Socket.IO on /ws rebroadcasting community_message to every
 *             client, with no database and no auth
 * All use compression(), like the app. Prints "listening on <url>".
 */
import http from 'node:http'
import compression from 'compression'
import express from 'express'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { Server } from 'socket.io'

const kind = process.argv[2]
const app = express()
app.use(compression())

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
