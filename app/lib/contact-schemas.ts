import { z } from 'zod'
import { EmailSchema, LIMITS, isOneLineText, oneLineTextMessage, requiredText } from '~/lib/schemas'

/**
 * The contact form (/contact, docs/decisions/065): one schema for the
 * browser and the action.
 */

export const CONTACT_TOPICS = [
	{ value: 'team-pricing', label: 'Team pricing' },
	{ value: 'membership', label: 'A question about membership' },
	{ value: 'other', label: 'Something else' },
] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

export const CONTACT_MESSAGE_MAX = 5000

const topicValues = CONTACT_TOPICS.map((topic) => topic.value) as [ContactTopic, ...ContactTopic[]]

export const ContactSchema = z.object({
	name: requiredText('Name is required')
		.trim()
		.min(1, 'Name is required')
		.max(LIMITS.name, `Name must be at most ${LIMITS.name} characters long`)
		// The name goes into the subject of a mail: one line of visible text.
		.refine(isOneLineText, oneLineTextMessage('Name')),
	email: EmailSchema,
	topic: z.enum(topicValues, { errorMap: () => ({ message: 'Choose what your message is about' }) }),
	message: requiredText('Message is required')
		.trim()
		.min(1, 'Message is required')
		.max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`),
})
export type ContactMessage = z.infer<typeof ContactSchema>

export function contactTopicLabel(topic: ContactTopic): string {
	return CONTACT_TOPICS.find((entry) => entry.value === topic)?.label ?? 'Something else'
}

/** A topic from the address (`/contact?topic=team-pricing`), or the first one. */
export function readContactTopic(value: string | null): ContactTopic {
	return topicValues.find((topic) => topic === value) ?? 'membership'
}
