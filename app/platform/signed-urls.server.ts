import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Short-lived signed addresses (docs/decisions/177): a path with an expiry
 * time and an HMAC-SHA256 of both, so a file can be fetched without a
 * session cookie, by anyone holding the address, until it expires. A proxy
 * or CDN can keep such an answer: it is the same for everyone.
 *
 *     /media/streams/{key}/720p/seg_00003.ts?expires=1767225600&signature=…
 */

export const EXPIRES_PARAM = 'expires'
export const SIGNATURE_PARAM = 'signature'

/** A key for one purpose, derived from a longer-lived secret, so a signature is worth nothing anywhere else. */
export function deriveSigningKey(secret: string, purpose: string): Buffer {
	return createHmac('sha256', secret).update(`signing-key:${purpose}`).digest()
}

function signatureOf(path: string, expires: number, key: Buffer): string {
	return createHmac('sha256', key).update(`${expires}:${path}`).digest('base64url')
}

/** `path` (no query) signed until `expires`, in Unix seconds. */
export function signPath(path: string, expires: number, key: Buffer): string {
	return `${path}?${EXPIRES_PARAM}=${expires}&${SIGNATURE_PARAM}=${signatureOf(path, expires, key)}`
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid'

/**
 * Whether a request's path and query values carry a good signature: the
 * expiry a whole number of seconds, the signature the one for this path and
 * expiry (compared in constant time), and the expiry still ahead of `now`.
 * Query values may be anything a client sent (a list, nothing).
 */
export function checkSignedPath(
	path: string,
	expires: unknown,
	signature: unknown,
	key: Buffer,
	now = Date.now(),
): SignatureCheck {
	if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid'
	const expected = Buffer.from(signatureOf(path, Number(expires), key))
	const sent = Buffer.from(signature)
	if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'invalid'
	return Number(expires) * 1000 > now ? 'valid' : 'expired'
}
