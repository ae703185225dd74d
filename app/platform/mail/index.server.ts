import { getConfig, type AppConfig } from '~/config.server'
import { startMailCatcher } from '~/platform/mail/catcher.server'
import { closeSmtpConnection, useSmtpServer } from '~/platform/mail/transport.server'

/**
 * The mail service (ARCHITECTURE.md "Mail"; docs/decisions/120-mail-outbox.md).
 *
 * Other services send with `sendMail({ to, subject, text, kind })` and
 * nothing else: it queues the mail in the outbox and returns; the outbox job
 * delivers it over SMTP. Every mail gets a plain-text and an HTML part and
 * the footer (product, link to the app, postal address).
 */
export { sendMail, mailOutboxJob, type OutgoingMail } from '~/platform/mail/outbox.server'
export { escapeHtml } from '~/platform/mail/layout.server'
export { listCaughtMail, type CaughtMailJSON } from '~/platform/mail/catcher.server'

export type MailSettings = AppConfig['mail']

/** Whether this server catches its mail (outside production without SMTP_URL): /dev/mail and /api/dev/mail exist only then. */
export function isMailCatcherInUse(): boolean {
	return getConfig().mail.useCatcher
}

/**
 * Sets up sending for this process, at start-up: SMTP_URL, or the embedded
 * catcher on 127.0.0.1 (MAIL_CATCHER_PORT, else a free port), or nothing
 * with MAIL_DISABLED=true. Says which on one line. `stop()` on shutdown.
 */
export async function startMail(settings: MailSettings = getConfig().mail): Promise<{ stop: () => Promise<void> }> {
	if (settings.disabled) {
		console.log('Mail: disabled (MAIL_DISABLED=true), nothing is sent')
		return { stop: async () => {} }
	}
	if (settings.smtpUrl) {
		useSmtpServer(settings.smtpUrl)
		console.log(`Mail: sent through the SMTP server at SMTP_URL (${new URL(settings.smtpUrl).host})`)
		return { stop: async () => closeSmtpConnection() }
	}
	const catcher = await startMailCatcher({ port: settings.catcherPort })
	useSmtpServer(catcher.url)
	console.log(`Mail: caught by the embedded SMTP server at ${catcher.url}, read it at /dev/mail`)
	return {
		stop: async () => {
			closeSmtpConnection()
			await catcher.stop()
		},
	}
}
