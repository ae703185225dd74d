import '@remix-run/node'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** The CSP nonce of this request (server/app.ts). */
		cspNonce: string
		/** Set by handleError when this request failed because the database was out of reach (server/remix-handler.ts answers 503). */
		failure: { databaseOutage: boolean }
		/** The client's IP address as Express sees it (server/remix-handler.ts), for per-client rate limits. */
		clientAddress: string
	}
}

/** What a route module's `handle` may say. */
export interface RouteHandle {
	/** Ship the JavaScript for this page (an island): see docs/architecture.md "Pages without JavaScript". */
	hydrate?: boolean
	/** Run the time-zone client hint script on this page (app/lib/time-zone.ts). */
	timeZoneHint?: boolean
}
