/**
 * Whether a browser's request comes from the app's own pages: its `Origin`
 * must be APP_ORIGIN when that is set, else the host the request was
 * addressed to (so the demo works at both localhost and 127.0.0.1). Used by
 * the socket handshake, the cross-site gate in front of pages and the JSON
 * API (server/gates.ts), and nowhere else.
 */
export function isSameOrigin(
	origin: string,
	{ host, appOrigin }: { host: string | undefined; appOrigin: string | undefined },
): boolean {
	// Browsers send "null" for opaque origins (sandboxed frames, some cross-site redirects): never ours.
	if (origin === 'null') return false
	try {
		const url = new URL(origin)
		if (appOrigin) return url.origin === new URL(appOrigin).origin
		return host !== undefined && url.host === host.toLowerCase()
	} catch {
		return false
	}
}

/** The media type of a Content-Type header, without its parameters: `application/json; charset=utf-8` is `application/json`. */
export function mediaTypeOf(contentType: string | null | undefined): string {
	return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}
