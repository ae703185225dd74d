import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { RetryLaterError, ServiceError } from '~/lib/service-error'
import { jsonError, methodNotAllowed } from '~/web/http.server'
import { unavailableAfterFault } from '~/web/unavailable.server'

/**
 * The one error policy (docs/decisions/090): a ServiceError is something the
 * caller can act on and becomes a 4xx (or the billing provider's 502) answer
 * `{ message, field? }`; anything else is a real fault and is left to the
 * server's error handling (a 500, or the 503 page while the database is away).
 *
 * - Pages' loaders and actions: `await someService(...).catch(rethrowAsResponse)`;
 *   the thrown response is drawn by the route's ErrorBoundary.
 * - Form actions: `handleFormSubmission` (form.server.ts) puts the message on
 *   the form instead, with a notice.
 * - JSON routes under app/routes/api: `apiRoute({ GET, POST, ... })`.
 */
export function toErrorResponse(error: ServiceError): Response {
	const response = jsonError(error.status, error.message, error.field ? { field: error.field } : undefined)
	for (const [name, value] of Object.entries(errorHeaders(error))) response.headers.set(name, value)
	return response
}

/** Headers a refusal carries besides its body: `Retry-After` for one that is only for now. */
export function errorHeaders(error: ServiceError): Record<string, string> {
	return error instanceof RetryLaterError ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
}

/**
 * A page's `headers` export for pages whose forms may be refused for now
 * (429, 503): the action's Retry-After reaches the page's answer, which
 * Remix otherwise builds from the page's own headers only.
 *
 *     export const headers = pageHeadersWithRetryAfter
 */
export const pageHeadersWithRetryAfter: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

/** Rethrows a ServiceError as its response (for `.catch()` and `catch` blocks); anything else as it is. */
export function rethrowAsResponse(error: unknown): never {
	if (error instanceof ServiceError) throw toErrorResponse(error)
	throw error
}

/** A value the page needs, or a thrown 404 with `message` (an unknown id in the address). */
export function requireFound<Value>(value: Value | null | undefined, message: string): Value {
	if (value === null || value === undefined) throw jsonError(404, message)
	return value
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type ApiHandler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>

/**
 * A JSON resource route from one handler per HTTP method: other methods get
 * 405, and a ServiceError anywhere in a handler becomes its `{ message }`
 * answer. Thrown responses (401 from `requireApiUser`, 400 from
 * `readJsonBody`) pass through unchanged; a fault the database caused
 * becomes the readable 503, any other fault Remix's 500.
 *
 *     export const { loader, action } = apiRoute({ GET: async ({ request }) => json(...) })
 */
export function apiRoute(handlers: Partial<Record<Method, ApiHandler>>) {
	const run = async (args: LoaderFunctionArgs | ActionFunctionArgs) => {
		const method = args.request.method.toUpperCase()
		// A HEAD request is a GET whose body is not sent.
		const handler = handlers[(method === 'HEAD' ? 'GET' : method) as Method]
		if (!handler) return methodNotAllowed()
		try {
			return await handler(args)
		} catch (error) {
			if (error instanceof ServiceError) return toErrorResponse(error)
			if (error instanceof Response) throw error
			// A fault. Remix answers a JSON route's fault with its own 500 and gives the app no later say, so the
			// readable 503 for a fault the database caused is chosen here (docs/decisions/096).
			const unavailable = await unavailableAfterFault(error, args)
			if (unavailable) return unavailable
			throw error
		}
	}
	return { loader: run, action: run }
}
