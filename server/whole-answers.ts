import zlib from 'node:zlib'
import { sendRemixResponse } from '@remix-run/express/dist/server.js'
import type express from 'express'
import Negotiator from 'negotiator'

/**
 * How pages and JSON are compressed (docs/decisions/192): Brotli at quality 1
 * for browsers, gzip at level 1 for other clients. The compression middleware
 * (server/app.ts) and the whole answers below use the same settings.
 */
export const PAGE_COMPRESSION = {
	level: 1,
	brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
} as const

/** The answers Remix builds whole, as one body: documents (entry.server.tsx) and JSON. */
const WHOLE_ANSWER_TYPE = /^(?:text\/html|application\/json)\s*(?:;|$)/i
/** The middleware's threshold: a smaller body would barely shrink. */
const SMALLEST_COMPRESSED = 1024
/**
 * Up to here one synchronous call compresses the body: about 0.06 ms for a
 * 40 kB page at these levels. A larger body (a member's export) goes to the
 * middleware's stream, which compresses it off the main thread.
 */
const LARGEST_COMPRESSED_AT_ONCE = 512 * 1024
/**
 * What this path compresses to itself, in the middleware's order of
 * preference. Deflate is not among them: a client that takes only deflate
 * gets it from the middleware, and one that prefers deflate but takes gzip
 * too gets gzip.
 */
const OWN_ENCODINGS = ['br', 'gzip', 'identity']
const PREFERRED_ENCODINGS = ['br', 'gzip']
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

/**
 * Sends Remix's answer (docs/decisions/252). A page or JSON body is read
 * whole, compressed in one synchronous call and written with its headers in
 * one piece, with a Content-Length. Through the middleware's stream the same
 * page cost two to four times the compression itself (a zlib stream made for
 * each answer, its work handed to the thread pool and back, chunked framing
 * and a second write to end it). Everything else (redirects, files, HEAD, an
 * encoding only the middleware speaks) goes through Remix's own adapter and
 * the middleware, as before.
 */
export async function sendRemixAnswer(req: express.Request, res: express.Response, answer: Response) {
	if (!isWholeAnswer(req, answer)) return sendRemixResponse(res, answer)
	const body = Buffer.from(await answer.arrayBuffer())
	// The client went while the page was read: nothing to compress or send.
	if (res.destroyed) return
	res.statusMessage = answer.statusText
	res.status(answer.status)
	for (const [key, value] of answer.headers) res.append(key, value)
	const encoding = encodingFor(req, res, body.length)
	if (encoding === null) {
		// Small, not accepted, or too large for one call: the middleware (server/app.ts) decides, as for any answer
		// (under 1 kB it leaves the body as it is; if it compresses after all, it drops the length).
		res.setHeader('Content-Length', body.length)
		res.end(body)
		return
	}
	const compressed =
		encoding === 'br'
			? zlib.brotliCompressSync(body, PAGE_COMPRESSION.brotli)
			: zlib.gzipSync(body, { level: PAGE_COMPRESSION.level })
	// Set before the middleware sees the headers: an answer already encoded is one it leaves alone.
	res.setHeader('Content-Encoding', encoding)
	res.setHeader('Content-Length', compressed.length)
	res.end(compressed)
}

/**
 * A GET's page or JSON, not encoded by its route. Its body is read whole: a
 * route that streams HTML or JSON as it goes (none does: documents are
 * rendered whole, JSON is `json()`) would need a type of its own here.
 */
function isWholeAnswer(req: express.Request, answer: Response): boolean {
	return (
		answer.body !== null &&
		req.method !== 'HEAD' &&
		!answer.headers.has('Content-Encoding') &&
		WHOLE_ANSWER_TYPE.test(answer.headers.get('Content-Type') ?? '')
	)
}

/**
 * Br or gzip when this path compresses the body itself; null leaves it to the
 * middleware. The middleware adds `Vary: Accept-Encoding` to every answer it
 * could compress (server/app.ts mounts it before Remix), these included.
 */
function encodingFor(req: express.Request, res: express.Response, bytes: number): 'br' | 'gzip' | null {
	if (NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return null
	if (bytes < SMALLEST_COMPRESSED || bytes > LARGEST_COMPRESSED_AT_ONCE) return null
	// negotiator 0.6.4 takes the server's preference among equally accepted encodings (the middleware passes it too); its types predate it.
	const negotiator = new Negotiator(req) as unknown as {
		encoding(available: string[], preferred: string[]): string | undefined
	}
	const chosen = negotiator.encoding(OWN_ENCODINGS, PREFERRED_ENCODINGS)
	return chosen === 'br' || chosen === 'gzip' ? chosen : null
}
