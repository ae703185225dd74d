import { UserModel } from '#models/index'
import { getConfig } from '~/config.server'
import { contactTopicLabel } from '~/lib/contact'
import { type ContactMessage } from '~/lib/contact-schemas'
import { PRODUCT_NAME } from '~/lib/product'
import { ServiceError } from '~/lib/service-error'
import { singleton } from '~/platform/singleton.server'
import { sendMail } from '~/platform/mail/index.server'
import { createRateLimiter } from '~/platform/rate-limit.server'

/**
 * The contact form (product §2 "Contact", docs/decisions/065): a visitor's
 * or member's message goes by email to every admin, with Reply-To set to the
 * sender, so answering is replying to the mail. Nothing else is kept or done
 * with the address.
 */

/** Per client address (the route counts it with enforceClientRateLimit): a person writes a few; a script is stopped. */
export const CONTACT_LIMIT = { name: 'contact-form-client', limit: 10, windowMs: 60 * 60_000 } as const

export const contactFormLimiter = () => singleton('contact-form-limiter', () => createRateLimiter(CONTACT_LIMIT))

export const CONTACT_UNAVAILABLE = `The contact form cannot send messages right now. Please try again later.`

/** Whether the form can deliver anything at all: with MAIL_DISABLED=true it cannot, and the page says so instead of taking a message. */
export function isContactFormAvailable(): boolean {
	return !getConfig().mail.disabled
}

/** Mails the message to every admin. 503 when there is nobody to send it to or mail is off. */
export async function sendContactMessage({ name, email, topic, message }: ContactMessage): Promise<void> {
	if (!isContactFormAvailable()) throw new ServiceError(CONTACT_UNAVAILABLE, 503)
	const admins = await UserModel.find({ role: 'admin' })
		.select('email')
		.sort({ id: 1 })
		.lean<Array<{ email: string }>>()
	const recipients = [...new Set(admins.map((admin) => admin.email).filter(Boolean))]
	if (!recipients.length) throw new ServiceError(CONTACT_UNAVAILABLE, 503)
	const topicLabel = contactTopicLabel(topic)
	const text = [
		`${name} <${email}> wrote through the ${PRODUCT_NAME} contact form about: ${topicLabel}.`,
		message,
		`Reply to this email to answer: your reply goes to ${email}.`,
	].join('\n\n')
	const queued = await Promise.all(
		recipients.map((to) =>
			sendMail({
				to,
				kind: 'contact-form',
				subject: `Contact form: ${topicLabel}, from ${name}`,
				text,
				headers: { 'Reply-To': email },
			}),
		),
	)
	if (queued.every((id) => id === null)) throw new ServiceError(CONTACT_UNAVAILABLE, 503)
}
