import { randomUUID } from 'node:crypto'
import mongoose, { Schema, type UpdateQuery } from 'mongoose'
import { renewLayoutsOnWrite } from '#models/layout-version'
import { afterWrite, defineModel, mayChange, toIso } from '#models/model'

export interface Community {
	id: number
	name: string
	description?: string | null
	/** A short code (EL, NM, WL) on member screens, or an image URL set in the admin form. */
	icon?: string | null
	createdAt: Date
	createdBy: number
	/**
	 * Changes whenever the room's messages change (a new random value on each
	 * write, models/message.ts), so a process that cached the room's newest
	 * page under one value knows it is stale as soon as the value differs,
	 * whichever process wrote (docs/decisions/089). Random, not counted: a
	 * room deleted and created again never repeats an old value.
	 */
	historyVersion?: string | null
	/**
	 * The same for the room's discussions: a new random value whenever one of
	 * its posts or comments is written (models/discussion-post.ts,
	 * models/discussion-comment.ts), so the dashboard's Community Activity a
	 * process holds is read again (docs/decisions/089, 160).
	 */
	discussionVersion?: string | null
	/**
	 * Set on a peer pod's own chat room (docs/decisions/211): the room is
	 * private to that pod's members, never listed, never a community page.
	 */
	podId?: number | null
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
		historyVersion: { type: String, default: () => randomUUID() },
		discussionVersion: { type: String, default: () => randomUUID() },
		podId: { type: Number, default: null },
	},
	{ id: false, versionKey: false, toJSON: { transform: (_doc, ret) => toCommunityJSON(ret as unknown as Community) } },
)

// The sidebar of every member page names the member's communities, from reads held under their layout version (decision
// 193): a new name or icon, or a community deleted, renews the versions of its members. Its message and discussion
// versions, renewed with every message, do not.
renewLayoutsOnWrite(communitySchema, {
	async owners(query) {
		const filter = query.getFilter()
		return {
			communityIds:
				typeof filter.id === 'number' ? [filter.id] : ((await query.model.distinct('id', filter)) as number[]),
		}
	},
	ownersOf: (community) => ({ communityIds: [community.id] }),
	concerns: (update) => mayChange(update as UpdateQuery<unknown> | null, ['name', 'icon']),
})

export const CommunityModel = defineModel<Community>('Community', communitySchema)

/**
 * Gives rooms a new history version: the rooms named, or every room when a
 * write could not say which rooms it touched. Called after the write, never
 * before, so a page read under the old version may be older than the write
 * but is never kept once the write is done.
 */
async function advanceVersions(
	field: 'historyVersion' | 'discussionVersion',
	rooms: number[] | 'every room',
): Promise<void> {
	if (rooms !== 'every room' && rooms.length === 0) return
	const filter = rooms === 'every room' ? {} : { id: rooms.length === 1 ? rooms[0] : mongoose.trusted({ $in: rooms }) }
	await CommunityModel.updateMany(filter, { $set: { [field]: randomUUID() } })
}

/** advanceVersions of the rooms' chat after a write that is already done (the model middleware's call). */
export function afterHistoryChange(rooms: number[] | 'every room'): Promise<void> {
	return afterWrite("advancing the rooms' history versions", () => advanceVersions('historyVersion', rooms))
}

/** The same for the rooms' discussions (posts and comments). */
export function afterDiscussionChange(rooms: number[] | 'every room'): Promise<void> {
	return afterWrite("advancing the rooms' discussion versions", () => advanceVersions('discussionVersion', rooms))
}

/** The rooms named by documents that carry a `communityId`, each once. */
export function roomsOf(documents: Array<{ communityId?: number | null }>): number[] {
	return [
		...new Set(
			documents.flatMap((document) => (typeof document.communityId === 'number' ? [document.communityId] : [])),
		),
	]
}
