import { PassThrough } from 'node:stream'
import {
	createReadableStreamFromReadable,
	type AppLoadContext,
	type EntryContext,
	type HandleDataRequestFunction,
} from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from '~/components/nonce-provider'
import { timeRender } from '~/platform/request-context.server'
import { reportFault, unavailableInstead } from '~/web/unavailable.server'

const ABORT_DELAY_MS = 5_000

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
	// Bots and no-JS visitors get the whole document at once; browsers get it streamed.
	const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'

	// The render's share of the request, for the Server-Timing header: until the headers can go.
	const renderDone = timeRender()
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
			</NonceProvider>,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true
					renderDone()
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
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
		setTimeout(abort, ABORT_DELAY_MS)
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
