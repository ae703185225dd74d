import http from 'node:http'
import { type AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_COMPRESSION, sendRemixAnswer } from '#server/whole-answers'

/**
 * How the app sends what Remix answers (docs/decisions/252): a page or JSON
 * body whole, compressed in one call, with its length; anything else as
 * Remix's adapter and the compression middleware send it. The server below
 * is the app's order: the middleware first, then answers built like Remix's.
 */
const PAGE = `<!DOCTYPE html><html><body>${'<p class="text-sm text-gray-600">A leader listens first.</p>'.repeat(200)}</body></html>`
const LARGE_EXPORT = JSON.stringify({
	messages: Array.from({ length: 12000 }, (_, i) => ({ id: i, content: `Message ${i} of a long export` })),
})

const answers: Record<string, () => Response> = {
	'/page': () => new Response(Buffer.from(PAGE), { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
	'/small.json': () => Response.json({ ok: true }),
	'/export.json': () => new Response(LARGE_EXPORT, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
	'/untouched': () =>
		new Response(PAGE, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'private, no-transform' } }),
	'/already-gzipped': () =>
		new Response(zlib.gzipSync(PAGE), { headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' } }),
	'/calendar.ics': () => new Response(PAGE, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } }),
	'/redirect': () => new Response(null, { status: 302, headers: { Location: '/page', 'Set-Cookie': 'a=1' } }),
	'/two-cookies': () => {
		const headers = new Headers({ 'Content-Type': 'text/html' })
		headers.append('Set-Cookie', 'first=1; Path=/')
		headers.append('Set-Cookie', 'second=2; Path=/')
		return new Response(PAGE, { status: 201, headers })
	},
}

let origin = ''
let server: http.Server
beforeAll(async () => {
	const app = express()
	app.use(compression(PAGE_COMPRESSION))
	app.use((req, res, next) => {
		const answer = answers[req.path]
		if (!answer) return next()
		sendRemixAnswer(req, res, answer()).catch(next)
	})
	server = app.listen(0)
	await new Promise((resolve) => server.once('listening', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

/** The raw answer, as the network carries it: node:http, which neither asks for nor undoes any encoding itself. */
function rawGet(path: string, acceptEncoding?: string, method = 'GET') {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		const request = http.request(
			`${origin}${path}`,
			{ method, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
			(response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
				)
			},
		)
		request.on('error', reject)
		request.end()
	})
}

const BROWSER = 'gzip, deflate, br, zstd'

describe('a page or JSON answer, sent whole', () => {
	it('reaches a browser as Brotli, in one piece with its length, and decodes to the page', async () => {
		const answer = await rawGet('/page', BROWSER)
		expect(answer.status).toBe(200)
		expect(answer.headers['content-encoding']).toBe('br')
		expect(answer.headers['transfer-encoding']).toBeUndefined()
		expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
		expect(answer.headers.vary).toBe('Accept-Encoding')
		expect(answer.body.length).toBeLessThan(PAGE.length / 10)
		expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(PAGE)
	})

	it('reaches a client that only takes gzip as gzip', async () => {
		const answer = await rawGet('/page', 'gzip')
		expect(answer.headers['content-encoding']).toBe('gzip')
		expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
		expect(zlib.gunzipSync(answer.body).toString()).toBe(PAGE)
	})

	it('honours what the client refuses and what it prefers', async () => {
		expect((await rawGet('/page', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip')
		expect((await rawGet('/page', 'gzip;q=0.5, br;q=1')).headers['content-encoding']).toBe('br')
		// Deflate is the middleware's alone: a client that prefers it but takes gzip gets gzip from this path.
		expect((await rawGet('/page', 'deflate, gzip;q=0.5')).headers['content-encoding']).toBe('gzip')
		const none = await rawGet('/page', 'br;q=0, gzip;q=0, deflate;q=0')
		expect(none.headers['content-encoding']).toBeUndefined()
		expect(none.body.toString()).toBe(PAGE)
	})

	it('reaches a client that asks for no encoding as the page itself, with its length', async () => {
		const answer = await rawGet('/page')
		expect(answer.headers['content-encoding']).toBeUndefined()
		expect(answer.headers['transfer-encoding']).toBeUndefined()
		expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(PAGE))
		expect(answer.body.toString()).toBe(PAGE)
	})

	it('leaves a small JSON answer as it is, with its length', async () => {
		const answer = await rawGet('/small.json', BROWSER)
		expect(answer.headers['content-encoding']).toBeUndefined()
		expect(answer.headers['content-length']).toBe(String(answer.body.length))
		expect(JSON.parse(answer.body.toString())).toEqual({ ok: true })
	})

	it('keeps every cookie and the status of the answer', async () => {
		const answer = await rawGet('/two-cookies', BROWSER)
		expect(answer.status).toBe(201)
		expect(answer.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/'])
		expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(PAGE)
	})
})

describe('answers the compression middleware keeps', () => {
	it('a client that only speaks deflate still gets the page compressed', async () => {
		const answer = await rawGet('/page', 'deflate')
		expect(answer.headers['content-encoding']).toBe('deflate')
		expect(zlib.inflateSync(answer.body).toString()).toBe(PAGE)
	})

	it('an export too large for one call is compressed as a stream, off the main thread', async () => {
		expect(LARGE_EXPORT.length).toBeGreaterThan(512 * 1024)
		const answer = await rawGet('/export.json', BROWSER)
		expect(answer.headers['content-encoding']).toBe('br')
		expect(answer.headers['transfer-encoding']).toBe('chunked')
		expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(LARGE_EXPORT)
	})

	it('an answer marked no-transform is sent as it is', async () => {
		const answer = await rawGet('/untouched', BROWSER)
		expect(answer.headers['content-encoding']).toBeUndefined()
		expect(answer.headers.vary).toBeUndefined()
		expect(answer.body.toString()).toBe(PAGE)
	})

	it('an answer its route already encoded is sent as the route made it', async () => {
		const answer = await rawGet('/already-gzipped', BROWSER)
		expect(answer.headers['content-encoding']).toBe('gzip')
		expect(zlib.gunzipSync(answer.body).toString()).toBe(PAGE)
	})

	it('other types, redirects and HEAD requests go through Remix’s own adapter', async () => {
		const calendar = await rawGet('/calendar.ics', BROWSER)
		expect(calendar.headers['content-encoding']).toBe('br')
		expect(calendar.headers['transfer-encoding']).toBe('chunked')
		expect(zlib.brotliDecompressSync(calendar.body).toString()).toBe(PAGE)

		const redirect = await rawGet('/redirect', BROWSER)
		expect(redirect.status).toBe(302)
		expect(redirect.headers.location).toBe('/page')
		expect(redirect.headers['set-cookie']).toEqual(['a=1'])

		const head = await rawGet('/page', BROWSER, 'HEAD')
		expect(head.status).toBe(200)
		expect(head.headers['content-type']).toBe('text/html; charset=utf-8')
		expect(head.headers['content-encoding']).toBeUndefined()
		expect(head.body.length).toBe(0)
	})
})
