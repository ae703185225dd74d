import { z } from 'zod'
import { CONTACT_MESSAGE_MAX, CONTACT_TOPIC_VALUES } from '~/lib/contact'
import { EmailSchema, LIMITS, isOneLineText, oneLineTextMessage, requiredText } from '~/lib/schemas'

/**
 * The contact form (/contact, docs/decisions/065): one schema for the
 * browser and the action; its topics and limits are in `contact.ts`.
 */

export const ContactSchema = z.object({
	name: requiredText('Name is required')
		.trim()
		.min(1, 'Name is required')
		.max(LIMITS.name, `Name must be at most ${LIMITS.name} characters long`)
		// The name goes into the subject of a mail: one line of visible text.
		.refine(isOneLineText, oneLineTextMessage('Name')),
	email: EmailSchema,
	topic: z.enum(CONTACT_TOPIC_VALUES, { errorMap: () => ({ message: 'Choose what your message is about' }) }),
	message: requiredText('Message is required')
		.trim()
		.min(1, 'Message is required')
		.max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`),
})
export type ContactMessage = z.infer<typeof ContactSchema>
