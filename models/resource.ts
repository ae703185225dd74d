import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

export const RESOURCE_TYPES = [
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
export type ResourceType = (typeof RESOURCE_TYPES)[number]

export interface Resource {
	id: number
	title: string
	description?: string | null
	url: string
	type: string
	createdBy: number
	createdAt: Date
}

export interface ResourceJSON {
	id: number
	title: string
	description: string | null
	url: string
	type: string
	createdBy: number
	createdAt: string
}

export function toResourceJSON(resource: Resource): ResourceJSON {
	return {
		id: resource.id,
		title: resource.title,
		description: resource.description ?? null,
		url: resource.url,
		type: resource.type,
		createdBy: resource.createdBy,
		createdAt: toIso(resource.createdAt)!,
	}
}

const resourceSchema = new Schema<Resource>(
	{
		id: { type: Number, required: true, unique: true },
		title: { type: String, required: true, trim: true },
		description: { type: String, default: null },
		url: { type: String, required: true, trim: true },
		type: { type: String, required: true, default: 'pdf', index: true },
		createdBy: { type: Number, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toResourceJSON(ret as unknown as Resource) } },
)

export const ResourceModel = defineModel<Resource>('Resource', resourceSchema)
