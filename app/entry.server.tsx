import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { NonceProvider } from '~/components/nonce-provider'
import { timeRender } from '~/platform/request-context.server'
import { reportFault, unavailableInstead } from '~/web/unavailable.server'

/**
 * A document is rendered whole, as one string, and sent as one piece
 * (docs/decisions/192, 232). No page streams or suspends on the server: none
 * waits for deferred data, Stripe's card form (lazy) renders only in the
 * browser, and the parts of pages with their own code (`lazyIsland`,
 * decision 254) have their modules before the first request. React's
 * streaming renderer would encode the same document into 2 kB byte buffers a
 * few bytes at a time (thousands of writes per page); the string renderer
 * appends to one string.
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
	// The render's share of the request, for the Server-Timing header.
	const renderDone = timeRender()
	// An error thrown while rendering propagates: Remix renders the page again with its error boundary.
	const html = renderToString(
		<NonceProvider value={nonce}>
			<RemixServer context={remixContext} url={request.url} />
		</NonceProvider>,
	)
	renderDone()
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	// Bytes, not the string (docs/decisions/236): a string body is checked for
	// lone surrogates and then encoded, each a walk of the whole document, and
	// the first flattens React's string of thousands of pieces; Buffer.from
	// flattens and encodes it in one native call. A lone surrogate (a member
	// can type one) becomes U+FFFD either way, so the bytes are the same.
	return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode })
}

/** A page's data fetched by the browser (`?_data`): the same 503 when the database caused its failure. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) =>
	(await unavailableInstead(request, response.status, context)) ?? response

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
	if (request.signal.aborted) return
	// An error that is the database being away is noted, so the request's answer becomes the readable 503.
	reportFault(error, { request, context })
}
