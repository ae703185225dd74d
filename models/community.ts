import { Schema } from 'mongoose'
import { defineModel, toIso } from './model'

export interface Community {
	id: number
	name: string
	description?: string | null
	/** A short code (EL, NM, WL) on member screens, or an image URL set in the admin form. */
	icon?: string | null
	createdAt: Date
	createdBy: number
}

export interface CommunityJSON {
	id: number
	name: string
	description: string | null
	icon: string | null
	createdAt: string
	createdBy: number
}

export function toCommunityJSON(community: Community): CommunityJSON {
	return {
		id: community.id,
		name: community.name,
		description: community.description ?? null,
		icon: community.icon ?? null,
		createdAt: toIso(community.createdAt)!,
		createdBy: community.createdBy,
	}
}

const communitySchema = new Schema<Community>(
	{
		id: { type: Number, required: true, unique: true },
		name: { type: String, required: true, trim: true },
		description: { type: String, default: null },
		icon: { type: String, default: null },
		createdAt: { type: Date, required: true, default: () => new Date() },
		createdBy: { type: Number, required: true },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toCommunityJSON(ret as unknown as Community) } },
)

export const CommunityModel = defineModel<Community>('Community', communitySchema)
