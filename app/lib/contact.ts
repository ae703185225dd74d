/**
 * The contact form's topics and limits (/contact, docs/decisions/065): what
 * the page draws. Its schema, in `contact-schemas.ts`, is loaded by the page
 * only when the form is used (decision 220).
 */

export const CONTACT_TOPICS = [
	{ value: 'team-pricing', label: 'Team pricing' },
	{ value: 'membership', label: 'A question about membership' },
	{ value: 'other', label: 'Something else' },
] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value']

export const CONTACT_MESSAGE_MAX = 5000

export const CONTACT_TOPIC_VALUES = CONTACT_TOPICS.map((topic) => topic.value) as [ContactTopic, ...ContactTopic[]]

export function contactTopicLabel(topic: ContactTopic): string {
	return CONTACT_TOPICS.find((entry) => entry.value === topic)?.label ?? 'Something else'
}

/** A topic from the address (`/contact?topic=team-pricing`), or the first one. */
export function readContactTopic(value: string | null): ContactTopic {
	return CONTACT_TOPIC_VALUES.find((topic) => topic === value) ?? 'membership'
}
