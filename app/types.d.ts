import '@remix-run/node'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** The CSP nonce of this request (server/app.ts). */
		cspNonce: string
		/**
		 * Whether this request's failure was the database's doing (`watchRequestFailure`, platform/database.server.ts):
		 * a failure it caused is answered with the readable 503 (web/unavailable.server.ts, docs/decisions/096).
		 */
		failure: {
			/** Notes an error the request met (handleError, apiRoute); true when it is the database being out of reach. */
			noteError(error: unknown): boolean
			causedByDatabase(): Promise<boolean>
		}
		/** The client's IP address as Express sees it (server/remix-handler.ts), for per-client rate limits. */
		clientAddress: string
	}
}

/** What a route module's `handle` may say. */
export interface RouteHandle {
	/** Ship the JavaScript for this page (an island): see docs/architecture.md "Pages without JavaScript". */
	hydrate?: boolean
	/** Run the time-zone client hint script on this page (app/lib/time-zone-hint.ts). */
	timeZoneHint?: boolean
}
