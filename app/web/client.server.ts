import { getConfig } from '~/config.server'

/** A route's load context (`context` of a loader or action), which carries the client's address (server/remix-handler.ts). */
export type ClientContext = object

/**
 * The address of the client behind this request: Express's `req.ip`, which
 * server/remix-handler.ts puts in the load context (with TRUST_PROXY, the address the
 * trusted proxies report; nothing here reads X-Forwarded-For by hand).
 */
export function clientAddressOf(context: ClientContext): string {
	const { clientAddress } = context as { clientAddress?: unknown }
	return typeof clientAddress === 'string' && clientAddress ? clientAddress : 'unknown'
}

/** Where the browser reaches the app: APP_ORIGIN when set, else the request's own origin (for return addresses such as Stripe's portal). */
export function publicOriginOf(request: Request): string {
	return getConfig().appOrigin ?? new URL(request.url).origin
}
