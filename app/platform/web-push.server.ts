import webPush from 'web-push'
import { getConfig } from '~/config.server'

/**
 * Hands one push to a browser's push service (docs/decisions/181). The
 * maintained `web-push` library does what must not be done by hand: it
 * encrypts the payload for the browser's keys (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292). The request itself goes out with fetch, which
 * takes a timeout and answers plainly whether a connection was ever made.
 */

export interface PushTarget {
	endpoint: string
	/** The browser's P-256 public key and auth secret, base64url. */
	p256dh: string
	auth: string
}

export interface PushOptions {
	/** How long the push service may keep the push for an offline device. */
	ttlSeconds: number
}

/**
 * - `sent`: the push service took it.
 * - `gone`: the subscription no longer exists (404, 410): forget the device.
 * - `retry`: nothing was delivered and a later attempt may pass (429, 5xx, no connection).
 * - `failed`: refused for good (400, 401, 403, 413: our request or our keys).
 * - `unknown`: the connection broke after the push went out: it may have arrived.
 */
export type PushOutcome =
	| { result: 'sent' }
	| { result: 'gone' | 'failed' | 'unknown'; reason: string }
	| { result: 'retry'; reason: string; retryAfterMs: number | null }

/** A push service that has not answered by then is given up on for this attempt. */
const REQUEST_TIMEOUT_MS = 15_000

/** Failures before any byte left: the push service never saw the push. */
const NEVER_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ECONNABORTED',
	'CERT_HAS_EXPIRED',
	'UND_ERR_CONNECT_TIMEOUT',
	'UND_ERR_SOCKET',
])

function retryAfterMs(value: string | null): number | null {
	if (!value) return null
	const seconds = Number(value)
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
	const date = Date.parse(value)
	return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

export async function sendPush(target: PushTarget, payload: string, { ttlSeconds }: PushOptions): Promise<PushOutcome> {
	const push = getConfig().push
	if (!push.enabled) return { result: 'failed', reason: 'push notifications are not set up (VAPID keys)' }
	const request = webPush.generateRequestDetails(
		{ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
		payload,
		{
			vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
			TTL: ttlSeconds,
			contentEncoding: 'aes128gcm',
		},
	)
	let response: Response
	try {
		response = await fetch(request.endpoint, {
			method: request.method,
			headers: request.headers as Record<string, string>,
			body: request.body ? new Uint8Array(request.body) : undefined,
			redirect: 'error',
			signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
		})
	} catch (error) {
		const cause = (error as { cause?: { code?: string; message?: string } }).cause
		const reason = cause?.message ?? (error instanceof Error ? error.message : String(error))
		if (cause?.code && NEVER_CONNECTED.has(cause.code)) return { result: 'retry', reason, retryAfterMs: null }
		return { result: 'unknown', reason }
	}
	// The answer's body says nothing we act on; read it so the connection is free again.
	const body = (await response.text().catch(() => '')).slice(0, 200)
	const status = response.status
	if (status >= 200 && status < 300) return { result: 'sent' }
	const reason = `the push service answered ${status}${body ? `: ${body}` : ''}`
	if (status === 404 || status === 410) return { result: 'gone', reason }
	if (status === 429 || status >= 500) {
		return { result: 'retry', reason, retryAfterMs: retryAfterMs(response.headers.get('Retry-After')) }
	}
	return { result: 'failed', reason }
}
