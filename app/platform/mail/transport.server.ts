import nodemailer, { type NodemailerError, type SendMailOptions, type Transporter } from 'nodemailer'
import { singleton } from '~/platform/singleton.server'

/**
 * The SMTP connection details of this process: SMTP_URL, or the embedded
 * catcher's address outside production. Set once at start-up (`startMail`);
 * the outbox job sends through it. Shared by both server bundles.
 */
const current = singleton('mail-transport', () => ({ transport: null as Transporter | null }))

/**
 * Bounds on every wait of a send, well inside the outbox's lock on a mail:
 * nodemailer's defaults (two minutes to connect, ten of silence) would hold
 * a send, and a shutdown, far longer than any healthy SMTP server needs.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 }

export function useSmtpServer(smtpUrl: string): void {
	current.transport?.close()
	current.transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS })
}

export function closeSmtpConnection(): void {
	current.transport?.close()
	current.transport = null
}

export function hasSmtpServer(): boolean {
	return current.transport !== null
}

/** Hands one message to the SMTP server. Throws what nodemailer throws. */
export async function sendOverSmtp(message: SendMailOptions): Promise<void> {
	if (!current.transport) throw new Error('No SMTP server configured in this process')
	await current.transport.sendMail(message)
}

/**
 * What a failed send means for the mail (docs/decisions/120):
 * - 'retry': the server never took it (it could not be reached, or it
 *   answered with a temporary refusal): safe to try again later.
 * - 'failed': the server refused it for good (a 5xx answer).
 * - 'unknown': the connection broke without an answer, possibly after the
 *   message was handed over: it may have been delivered.
 */
export type SendFailure = 'retry' | 'failed' | 'unknown'

/** Failures that happen before any message can be handed over. */
const NEVER_CONNECTED_CODES = new Set([
	'EDNS',
	'ETLS',
	'EAUTH',
	'ENOAUTH',
	'EOAUTH2',
	'EPROXY',
	'ECONFIG',
	'EREQUIRETLS',
])
const NEVER_CONNECTED_SOCKET_CODES = new Set([
	'ECONNREFUSED',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EADDRNOTAVAIL',
])
const NEVER_CONNECTED_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT'])

export function classifySendFailure(error: unknown): SendFailure {
	const failure = (error ?? {}) as NodemailerError
	// Before the message: our own set-up (credentials, TLS, DNS) failed. Not this mail's fault, so never final for it.
	if (failure.code && NEVER_CONNECTED_CODES.has(failure.code)) return 'retry'
	// The server answered "no": nothing was accepted. 5xx (but 503) is final, the rest may pass later.
	if (typeof failure.responseCode === 'number') return failure.permanent ? 'failed' : 'retry'
	const socketCode = failure.originalCode ?? failure.code
	if (socketCode && NEVER_CONNECTED_SOCKET_CODES.has(socketCode)) return 'retry'
	if (failure.timeoutType && NEVER_CONNECTED_TIMEOUTS.has(failure.timeoutType)) return 'retry'
	return 'unknown'
}
