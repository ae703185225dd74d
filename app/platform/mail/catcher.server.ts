import { type AddressInfo } from 'node:net'
import { simpleParser, type HeaderLines } from 'mailparser'
import mongoose from 'mongoose'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { CaughtMailModel, type CaughtMail } from '#models/index'

/**
 * The embedded SMTP server outside production (docs/decisions/120): with no
 * SMTP_URL, mail goes over real SMTP to this server on 127.0.0.1, which
 * parses it and stores it for /dev/mail and GET /api/dev/mail. So the
 * sending code that runs in production runs in development, demo and tests.
 */

/** Only the newest mail is kept. */
export const CAUGHT_MAIL_LIMIT = 500
/** No mail of this app comes near it; a larger one is refused with 552. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024

export interface MailCatcher {
	port: number
	/** The SMTP URL to send to, e.g. smtp://127.0.0.1:2525 */
	url: string
	stop(): Promise<void>
}

/** What GET /api/dev/mail answers for each caught mail. */
export interface CaughtMailJSON {
	id: string
	to: string
	from: string
	subject: string
	text: string
	html: string | null
	headers: Record<string, string>
	createdAt: string
}

function smtpError(message: string, responseCode: number) {
	return Object.assign(new Error(message), { responseCode })
}

/** Header lines as one object by lower-case name, folded lines unfolded. */
function headersOf(lines: HeaderLines): Record<string, string> {
	const headers: Record<string, string> = {}
	for (const { key, line } of lines) {
		// Names become document keys: skip anything that is not a plain header name.
		if (!/^[a-z0-9-]+$/.test(key)) continue
		const value = line
			.slice(line.indexOf(':') + 1)
			.replace(/\r?\n[ \t]+/g, ' ')
			.trim()
		headers[key] = key in headers ? `${headers[key]}\n${value}` : value
	}
	return headers
}

async function storeCaughtMail(raw: Buffer, session: SMTPServerSession): Promise<void> {
	const parsed = await simpleParser(raw)
	const from = parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : '')
	await CaughtMailModel.create({
		to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
		from,
		subject: parsed.subject ?? '',
		text: parsed.text ?? '',
		html: typeof parsed.html === 'string' ? parsed.html : null,
		headers: headersOf(parsed.headerLines),
		messageId: parsed.messageId ?? null,
		createdAt: new Date(),
	})
	await forgetOldestCaughtMail()
}

/** Keeps the newest CAUGHT_MAIL_LIMIT: every process on the database catches into one list. */
async function forgetOldestCaughtMail(): Promise<void> {
	const surplus = await CaughtMailModel.find()
		.sort({ createdAt: -1, _id: -1 })
		.skip(CAUGHT_MAIL_LIMIT)
		.select('_id')
		.lean()
	if (surplus.length > 0)
		await CaughtMailModel.deleteMany({ _id: mongoose.trusted({ $in: surplus.map((mail) => mail._id) }) })
}

function receive(stream: SMTPServerDataStream, session: SMTPServerSession, done: (error?: Error | null) => void) {
	const chunks: Buffer[] = []
	let size = 0
	stream.on('data', (chunk: Buffer) => {
		size += chunk.length
		if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk)
	})
	stream.on('end', () => {
		if (stream.sizeExceeded || size > MAX_MESSAGE_BYTES)
			return done(smtpError('Message too large for the mail catcher', 552))
		storeCaughtMail(Buffer.concat(chunks), session).then(
			() => done(),
			(error: unknown) => {
				console.error('Mail catcher: could not store a mail:', error instanceof Error ? error.message : error)
				// A temporary refusal: the sender keeps the mail and tries again.
				done(smtpError('Could not store the mail, try again later', 451))
			},
		)
	})
}

/** Starts the catcher on 127.0.0.1 (`port` 0: a free port). No authentication, no TLS: it is only reachable from this machine. */
export function startMailCatcher({ port = 0 }: { port?: number } = {}): Promise<MailCatcher> {
	const server = new SMTPServer({
		banner: 'LeaderForge mail catcher (development only)',
		authOptional: true,
		disabledCommands: ['AUTH', 'STARTTLS'],
		size: MAX_MESSAGE_BYTES,
		logger: false,
		// Shutdown does not wait for a client that lingers.
		closeTimeout: 1_000,
		onData: receive,
	})
	return new Promise((resolve, reject) => {
		server.server.once('error', reject)
		server.listen(port, '127.0.0.1', () => {
			server.server.off('error', reject)
			// A listening catcher never keeps the process alive on its own.
			server.server.unref()
			const actualPort = (server.server.address() as AddressInfo).port
			resolve({
				port: actualPort,
				url: `smtp://127.0.0.1:${actualPort}`,
				stop: () => new Promise<void>((done) => server.close(() => done())),
			})
		})
	})
}

function toCaughtMailJSON(mail: CaughtMail): CaughtMailJSON {
	return {
		id: mail._id.toHexString(),
		to: mail.to.join(', '),
		from: mail.from,
		subject: mail.subject,
		text: mail.text,
		html: mail.html,
		headers: mail.headers ?? {},
		createdAt: mail.createdAt.toISOString(),
	}
}

/** Caught mail, newest first; `to` keeps the mail to one address. */
export async function listCaughtMail({
	to,
	limit = CAUGHT_MAIL_LIMIT,
	skip = 0,
}: { to?: string; limit?: number; skip?: number } = {}): Promise<CaughtMailJSON[]> {
	const filter = to ? { to: to.trim().toLowerCase() } : {}
	const mail = await CaughtMailModel.find(filter)
		.sort({ createdAt: -1, _id: -1 })
		.skip(skip)
		.limit(limit)
		.lean<CaughtMail[]>()
	return mail.map(toCaughtMailJSON)
}
