import mongoose, { Types } from 'mongoose'
import { z } from 'zod'
import { OutboxMailModel, type OutboxMail } from '#models/index'
import { getConfig } from '~/config.server'
import { runJobSoon, type Job, type JobContext } from '~/platform/jobs.server'
import { renderMail } from '~/platform/mail/layout.server'
import { classifySendFailure, hasSmtpServer, sendOverSmtp } from '~/platform/mail/transport.server'

/**
 * The outbox between the app and SMTP (docs/decisions/120-mail-outbox.md):
 * `sendMail` only stores the finished message; the outbox job hands it to
 * the SMTP server, retries with back-off while the server cannot take it,
 * and sends each mail at most once.
 */

export interface OutgoingMail {
	/** One recipient address. */
	to: string
	subject: string
	/** The body as plain text. Links (http/https) become links in the HTML part. */
	text: string
	/** The body as HTML, when plain paragraphs are not enough. Trusted: escape members' words with `escapeHtml`. */
	html?: string
	/** What the mail is for, in kebab-case ('password-reset'): in logs and in the outbox. */
	kind: string
	/** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. The layout's own (From, To, Subject, …) cannot be replaced. */
	headers?: Record<string, string>
}

/** The headers the mail's layout and SMTP own. */
const RESERVED_HEADERS = new Set([
	'from',
	'to',
	'cc',
	'bcc',
	'subject',
	'date',
	'message-id',
	'mime-version',
	'content-type',
	'content-transfer-encoding',
	'sender',
	'return-path',
])
const oneLine = (what: string) => (value: string) => !/[\r\n]/.test(value) || `${what} must be one line`

const OutgoingMailSchema = z.object({
	to: z.string().trim().email().max(320),
	subject: z
		.string()
		.trim()
		.min(1)
		.max(250)
		.refine((value) => !/[\r\n]/.test(value), 'subject must be one line'),
	text: z.string().trim().min(1).max(100_000),
	html: z.string().trim().min(1).max(500_000).optional(),
	kind: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/, 'kind must be kebab-case, e.g. password-reset'),
	headers: z
		.record(z.string().max(4_000))
		.default({})
		.superRefine((headers, context) => {
			for (const [name, value] of Object.entries(headers)) {
				const problem = !/^[A-Za-z][A-Za-z0-9-]{0,75}$/.test(name)
					? `header name ${JSON.stringify(name)} is not valid`
					: RESERVED_HEADERS.has(name.toLowerCase())
						? `header ${name} is set by the mail service`
						: oneLine(`header ${name}`)(value)
				if (problem !== true) context.addIssue({ code: z.ZodIssueCode.custom, message: problem })
			}
		}),
})

export const OUTBOX_JOB_NAME = 'mail-outbox'

/** Attempts before a mail the server keeps refusing (temporarily) is given up: about five hours of retries. */
const MAX_ATTEMPTS = 12
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = 3_600_000
/** One run hands over mail for at most this long, well inside the job's lock. */
const RUN_BUDGET_MS = 60_000
/** A send claimed this long ago and never settled belonged to a process that died (every SMTP wait ends far sooner). */
const INTERRUPTED_AFTER_MS = 10 * 60_000
const KEEP_SENT_MS = 30 * 86_400_000
const KEEP_UNSENT_MS = 90 * 86_400_000

/** The wait after failed attempt `attempt` (1, 2, …): 30 s, 1 min, 2 min, … up to an hour. */
export function retryDelayMs(attempt: number): number {
	return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_RETRY_MS)
}

function domainOf(address: string): string {
	return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost'
}

/**
 * Queues a mail and returns at once: the outbox job sends it (right away
 * when this process runs the job, else within seconds). Never waits for
 * SMTP and never fails because of it. A mistake in the mail itself (a bad
 * address, a reserved header) is a programming error and throws.
 *
 * Returns the outbox id, or null when mail is disabled (MAIL_DISABLED=true)
 * or the mail could not be stored (logged).
 */
export async function sendMail(mail: OutgoingMail): Promise<string | null> {
	const parsed = OutgoingMailSchema.safeParse(mail)
	if (!parsed.success) throw new TypeError(`sendMail: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
	const { to, subject, text, html, kind, headers } = parsed.data
	const settings = getConfig().mail
	if (settings.disabled) {
		console.log(`Mail disabled (MAIL_DISABLED=true): ${kind} mail not sent`)
		return null
	}
	const parts = renderMail(
		{ subject, text, html },
		{ postalAddress: settings.postalAddress, origin: settings.linkOrigin },
	)
	const _id = new Types.ObjectId()
	try {
		await OutboxMailModel.create({
			_id,
			kind,
			to,
			from: settings.from,
			subject,
			...parts,
			headers,
			messageId: `<${_id.toHexString()}.${kind}@${domainOf(settings.from)}>`,
			status: 'pending',
			attempts: 0,
			nextAttemptAt: new Date(),
		})
	} catch (error) {
		console.error(`Mail ${kind} could not be queued:`, error instanceof Error ? error.message : error)
		return null
	}
	runJobSoon(OUTBOX_JOB_NAME)
	return _id.toHexString()
}

/** Takes the next due mail for this run: one atomic update, so two processes never both send it. */
function claimNextMail(now: Date): Promise<OutboxMail | null> {
	return OutboxMailModel.findOneAndUpdate(
		{ status: 'pending', nextAttemptAt: mongoose.trusted({ $lte: now }) },
		{ $set: { status: 'sending', claimedAt: now }, $inc: { attempts: 1 } },
		{ sort: { nextAttemptAt: 1 }, new: true },
	).lean<OutboxMail>()
}

function settle(mail: OutboxMail, update: Partial<OutboxMail>) {
	return OutboxMailModel.updateOne({ _id: mail._id, status: 'sending', claimedAt: mail.claimedAt }, { $set: update })
}

/** Sends a claimed mail and records the outcome. Returns whether the run should go on to the next mail. */
async function deliver(mail: OutboxMail, at: () => Date): Promise<boolean> {
	try {
		await sendOverSmtp({
			from: mail.from,
			to: mail.to,
			subject: mail.subject,
			text: mail.text,
			html: mail.html,
			headers: mail.headers,
			messageId: mail.messageId,
		})
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error)
		const failure = classifySendFailure(error)
		const now = at()
		if (failure === 'retry' && mail.attempts < MAX_ATTEMPTS) {
			const nextAttemptAt = new Date(now.getTime() + retryDelayMs(mail.attempts))
			console.error(
				`Mail ${mail._id} (${mail.kind}): attempt ${mail.attempts} failed, next at ${nextAttemptAt.toISOString()}: ${reason}`,
			)
			await settle(mail, { status: 'pending', nextAttemptAt, lastError: reason })
			// The server is down or pushing back: the other mail waits for the next run.
			return false
		}
		if (failure === 'unknown') {
			console.error(
				`Mail ${mail._id} (${mail.kind}): the connection broke during the send; it may have arrived, so it is not sent again: ${reason}`,
			)
		} else {
			console.error(
				`Mail ${mail._id} (${mail.kind}) not delivered after ${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}, given up: ${reason}`,
			)
		}
		await settle(mail, {
			status: failure === 'unknown' ? 'unknown' : 'failed',
			lastError: reason,
			purgeAt: new Date(now.getTime() + KEEP_UNSENT_MS),
		})
		return true
	}
	const sentAt = at()
	await settle(mail, { status: 'sent', sentAt, lastError: null, purgeAt: new Date(sentAt.getTime() + KEEP_SENT_MS) })
	return true
}

/**
 * Sends that a process began and never finished (it crashed or was killed
 * mid-send) may have reached the server. They are marked 'unknown' and not
 * sent again: at most once (docs/decisions/120).
 */
async function settleInterruptedSends(now: Date): Promise<void> {
	const result = await OutboxMailModel.updateMany(
		{ status: 'sending', claimedAt: mongoose.trusted({ $lte: new Date(now.getTime() - INTERRUPTED_AFTER_MS) }) },
		{
			$set: {
				status: 'unknown',
				lastError: 'The send was interrupted (the process stopped); it may have arrived, so it is not sent again',
				purgeAt: new Date(now.getTime() + KEEP_UNSENT_MS),
			},
		},
	)
	if (result.modifiedCount > 0)
		console.error(
			`Mail: ${result.modifiedCount} interrupted send${result.modifiedCount === 1 ? '' : 's'} marked unknown, not sent again`,
		)
}

/** The outbox job's run: due mail, oldest first, one at a time, for at most a minute. */
export async function deliverDueMail({ now, signal }: JobContext): Promise<void> {
	if (!hasSmtpServer()) return
	const startedAt = Date.now()
	const at = () => new Date(now.getTime() + Date.now() - startedAt)
	await settleInterruptedSends(now)
	while (!signal.aborted && Date.now() - startedAt < RUN_BUDGET_MS) {
		const mail = await claimNextMail(at())
		if (!mail) return
		if (!(await deliver(mail, at))) return
	}
}

export const mailOutboxJob: Job = {
	name: OUTBOX_JOB_NAME,
	// New mail is sent at once (sendMail asks for a run); the ticks pick up retries and other processes' mail.
	everyMs: 10_000,
	lockMs: 120_000,
	run: deliverDueMail,
}
