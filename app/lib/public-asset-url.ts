/**
 * The fingerprint on a picture's address (docs/decisions/088): pages and JSON
 * name a file under public/ as `/images/avatars/maria.svg?v=<hash>`, and
 * server/app.ts caches such an address for a year while `v` is the file's current
 * hash. What is stored (a video's thumbnail, an avatar) is the plain path.
 */
export const FINGERPRINT_PARAM = 'v'

const FINGERPRINTED = new RegExp(`^(/[^?#]*)\\?${FINGERPRINT_PARAM}=[A-Za-z0-9_-]*$`)

/**
 * The stored form of an address a page or a JSON call handed out: a local
 * path with our fingerprint and nothing else as its query loses the
 * fingerprint (an admin who saves the edit form unchanged, a client that
 * sends back what it read). Anything else is returned as it is.
 */
export function withoutFingerprint(url: string): string {
	if (url.startsWith('//')) return url
	return FINGERPRINTED.exec(url)?.[1] ?? url
}
