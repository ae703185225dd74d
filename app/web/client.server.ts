import { type AppLoadContext } from '@remix-run/node'
import { getConfig } from '~/config.server'

/** The client's address that server.ts put in the load context, for per-client rate limits. */
export function clientAddressOf(context: AppLoadContext): string {
	return context.clientAddress || 'unknown'
}

/** Where the browser reaches the app: APP_ORIGIN when set, else the request's own origin (for return addresses such as Stripe's portal). */
export function publicOriginOf(request: Request): string {
	return getConfig().appOrigin ?? new URL(request.url).origin
}
