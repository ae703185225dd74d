import { Writable } from 'node:stream'
import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from '~/components/nonce-provider'
import { timeRender } from '~/platform/request-context.server'
import { reportFault, unavailableInstead } from '~/web/unavailable.server'

const ABORT_DELAY_MS = 5_000

/**
 * A document is rendered whole and sent as one piece (docs/decisions/192).
 * No page streams: none waits for deferred data, so the whole document is
 * ready as soon as its shell is. Streamed, React hands it over in 2 kB
 * pieces, each written through Remix's web stream, the compression and the
 * socket on its own: 20 to 50 of each per page, about a tenth of a page's CPU.
 */
export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// A page whose loader or action failed because the database went away: the readable 503 (docs/decisions/096).
	const unavailable = await unavailableInstead(request, responseStatusCode, loadContext)
	if (unavailable) return unavailable

	const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : ''
	// The render's share of the request, for the Server-Timing header: until the document is whole.
	const renderDone = timeRender()
	return new Promise<Response>((resolve, reject) => {
		let rendered = false
		const chunks: Buffer[] = []
		const document = new Writable({
			// React hears 'close' as "the client went away" and ends the stream again, which makes Node build
			// (and drop) an ERR_STREAM_ALREADY_FINISHED with its stack on every page; this in-memory stream only
			// closes after it finished, so it need not say so.
			emitClose: false,
			write(chunk: Buffer, _encoding, done) {
				chunks.push(chunk)
				done()
			},
		})
		document.on('finish', () => {
			clearTimeout(deadline)
			renderDone()
			responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
			resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
		})
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
			</NonceProvider>,
			{
				nonce,
				onAllReady() {
					rendered = true
					pipe(document)
				},
				onShellError(error: unknown) {
					clearTimeout(deadline)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (rendered) console.error(error)
				},
			},
		)
		const deadline = setTimeout(abort, ABORT_DELAY_MS)
	})
}

/** A page's data fetched by the browser (`?_data`): the same 503 when the database caused its failure. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) =>
	(await unavailableInstead(request, response.status, context)) ?? response

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
	if (request.signal.aborted) return
	// An error that is the database being away is noted, so the request's answer becomes the readable 503.
	reportFault(error, { request, context })
}
