import { type AppLoadContext } from '@remix-run/node'
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableHtml } from '~/lib/unavailable-page'

/**
 * A request that failed because the database went away is answered with the
 * readable 503, like the requests after it (which the server's database gate
 * answers at once), never with a 500: the outage, not the app, was at fault
 * (docs/decisions/096). Remix lets the app choose a document's answer
 * (entry.server.tsx `handleRequest`) and a data request's
 * (`handleDataRequest`); a JSON route chooses its own in `apiRoute`.
 */

/** The readable 503: `{ message }` under /api/, the plain page elsewhere. */
export function unavailableResponse(request: Request): Response {
	const retryAfter = { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) }
	if (new URL(request.url).pathname.startsWith('/api/')) {
		return Response.json({ message: UNAVAILABLE_MESSAGE }, { status: 503, headers: retryAfter })
	}
	return new Response(unavailableHtml(), {
		status: 503,
		headers: { ...retryAfter, 'Content-Type': 'text/html; charset=utf-8' },
	})
}

/** The 503 instead of a failed answer (`status` 500 or more) when the database caused the failure; null when the app did. */
export async function unavailableInstead(
	request: Request,
	status: number,
	context: AppLoadContext,
): Promise<Response | null> {
	if (status < 500 || !(await context.failure.causedByDatabase())) return null
	return unavailableResponse(request)
}

/** Logs a fault the request met: one line when it is the database being out of reach, the whole error otherwise. */
export function reportFault(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
	if (context.failure.noteError(error)) logDatabaseOutage(request.method, new URL(request.url).pathname, error)
	else console.error(error)
}

/** The one line a request's failure that the database caused leaves in the log (Remix's and the Express handler's). */
export function logDatabaseOutage(method: string, pathname: string, error: unknown) {
	console.error(`Database unreachable during ${method} ${pathname}: ${(error as Error | null)?.message ?? error}`)
}

/**
 * For a fault a JSON route met (`apiRoute`): the readable 503, the fault
 * logged, when the database caused it; null when the app did (the fault goes
 * on to Remix, whose handleError logs it).
 */
export async function unavailableAfterFault(
	error: unknown,
	{ request, context }: { request: Request; context: AppLoadContext },
): Promise<Response | null> {
	context.failure.noteError(error)
	const unavailable = await unavailableInstead(request, 500, context)
	if (unavailable) reportFault(error, { request, context })
	return unavailable
}
