import { LIMITS } from '~/lib/limits'

/**
 * What the administration panel draws of its fields (the resource types, the
 * lengths), apart from its zod schemas in ~/lib/admin-schemas, which
 * re-exports them: the panel's page carries no zod until a dialog is opened
 * (decision 254).
 */

/** Must match RESOURCE_TYPES of models/resource.ts (a unit test checks): models import mongoose, which the browser cannot. */
export const RESOURCE_TYPE_VALUES = [
	'pdf',
	'doc',
	'docx',
	'xls',
	'xlsx',
	'ppt',
	'pptx',
	'image',
	'video',
	'link',
	'article',
	'worksheet',
	'template',
	'book',
	'tool',
	'other',
] as const
export type ResourceTypeValue = (typeof RESOURCE_TYPE_VALUES)[number]

/** product §2: the types the resource dialog offers, pdf first (the default). */
export const RESOURCE_TYPE_OPTIONS = ['pdf', 'article', 'worksheet', 'template', 'book', 'tool', 'other'] as const

export function resourceTypeLabel(type: string): string {
	return type === 'pdf' ? 'PDF' : type.charAt(0).toUpperCase() + type.slice(1)
}

export const ADMIN_LIMITS = {
	title: 200,
	name: 100,
	description: 5000,
	category: 100,
	location: 200,
	url: LIMITS.url,
	durationMinutes: 10_000,
	search: 100,
} as const
