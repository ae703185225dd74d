/**
 * Whether a browser's request comes from the app's own pages: its `Origin`
 * must be APP_ORIGIN when that is set, else the scheme and host the request
 * was addressed to (so the demo works at both localhost and 127.0.0.1),
 * compared whole: `https://host` is not `http://host` (docs/decisions/200).
 * Used by the socket handshake, the cross-site gate in front of pages and
 * the JSON API (server/gates.ts), and nowhere else.
 */
export function isSameOrigin(
	origin: string,
	{
		host,
		protocol,
		appOrigin,
	}: { host: string | undefined; protocol: 'http' | 'https'; appOrigin: string | undefined },
): boolean {
	// Browsers send "null" for opaque origins (sandboxed frames, some cross-site redirects): never ours.
	if (origin === 'null') return false
	try {
		const url = new URL(origin)
		if (appOrigin) return url.origin === new URL(appOrigin).origin
		return host !== undefined && url.origin === new URL(`${protocol}://${host}`).origin
	} catch {
		return false
	}
}

/** This machine's own names: what the server answers to without APP_ORIGIN (the demo, development, tests). */
const LOOPBACK_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a request's `Host` names this server (docs/decisions/200):
 * APP_ORIGIN's host name when it is set, else this machine's own names. A
 * page another site serves under a name that points here (DNS rebinding)
 * sends its own name, and is refused before anything else runs.
 */
export function isOwnHostName(host: string | undefined, appOrigin: string | undefined): boolean {
	if (!host) return false
	try {
		const { hostname } = new URL(`http://${host}`)
		return appOrigin ? hostname === new URL(appOrigin).hostname : LOOPBACK_HOST_NAMES.has(hostname)
	} catch {
		return false
	}
}

/** The media type of a Content-Type header, without its parameters: `application/json; charset=utf-8` is `application/json`. */
export function mediaTypeOf(contentType: string | null | undefined): string {
	return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}
