import mongoose from 'mongoose'
import {
	CommunityModel,
	DiscussionCommentModel,
	DiscussionFollowModel,
	DiscussionPostModel,
	DiscussionReactionModel,
	MessageModel,
	type Community,
	type CommunityJSON,
} from '#models/index'
import { type CommunityInput } from '~/lib/admin-schemas'
import { type PageWindow } from '~/lib/paging'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { OLDEST_FIRST, placeInList } from '~/platform/list-place.server'
import { catalogueWriter } from '~/services/catalogue/writer.server'
import { type Actor } from '~/services/permissions.server'
import { communityDocument, forgetCommunity } from '~/services/community/memberships.server'
import { dropCommunityDiscussionsFromSearch } from '~/services/discussions/records.server'
import { communityJSON } from '~/platform/public-pictures.server'

function communityFilter(search: string | undefined) {
	// A peer pod's chat room is no community: never listed, never a page (decision 211).
	return { ...anyFieldContains(search, ['name', 'description']), podId: null }
}

/** Communities by id; a page with `window`; `search` matches the name or description, ignoring case. */
export async function listCommunities(
	{ search }: { search?: string } = {},
	window?: PageWindow,
): Promise<CommunityJSON[]> {
	const communities = await CommunityModel.find(communityFilter(search))
		.sort(OLDEST_FIRST)
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<Community[]>()
	return communities.map(communityJSON)
}

/** Where a community is in the admin table's list (docs/decisions/249): how many come before it, or null when the search leaves it out. */
export function placeOfCommunity({ id }: CommunityJSON, { search }: { search?: string }): Promise<number | null> {
	return placeInList(CommunityModel, communityFilter(search), OLDEST_FIRST, { id })
}

export async function getCommunity(id: number): Promise<CommunityJSON | null> {
	const community = await communityDocument(id)
	// A pod's room is a community document too, and never a community (decision 211).
	return community && community.podId == null ? communityJSON(community) : null
}

/**
 * What goes with a community: its chat history, its discussions (posts,
 * comments, reactions, follows) and its place in every member's list.
 */
async function deleteCommunityDependents(communityId: number): Promise<void> {
	await dropCommunityDiscussionsFromSearch(communityId)
	const postIds = (await DiscussionPostModel.find({ communityId }).select('id').lean<Array<{ id: number }>>()).map(
		(post) => post.id,
	)
	await Promise.all([
		MessageModel.deleteMany({ communityId }),
		DiscussionReactionModel.deleteMany({ communityId }),
		postIds.length ? DiscussionFollowModel.deleteMany({ postId: mongoose.trusted({ $in: postIds }) }) : null,
		DiscussionCommentModel.deleteMany({ communityId }),
		forgetCommunity(communityId),
	])
	await DiscussionPostModel.deleteMany({ communityId })
}

// Administration (product §2 "Communities"): deleting a community deletes its chat history and its discussions.
const communityWriter = catalogueWriter({
	model: CommunityModel,
	counter: 'communities',
	toJSON: communityJSON,
	notFoundMessage: 'Community not found',
	deleteDependents: deleteCommunityDependents,
	audit: { type: 'community', label: (community) => community.name },
})
export const createCommunity = (actor: Actor, input: CommunityInput) => communityWriter.create(actor, input)
export const updateCommunity = (actor: Actor, id: number, changes: Partial<CommunityInput>) =>
	communityWriter.update(actor, id, changes)
export const deleteCommunity = (actor: Actor, id: number) => communityWriter.remove(actor, id)

/**
 * One value that changes whenever the messages or discussions of any of
 * these rooms, a writer's name, or a room's name change, or a room comes or
 * goes: the rooms' ids, names and versions (docs/decisions/089). Null when a
 * room has no version (one written without the model's defaults): nothing
 * is then held on it.
 */
export async function roomsVersion(ids: number[]): Promise<string | null> {
	const rooms = await CommunityModel.find({ id: mongoose.trusted({ $in: ids }) })
		.sort({ id: 1 })
		.select('id name historyVersion discussionVersion')
		.lean<Array<Pick<Community, 'id' | 'name' | 'historyVersion' | 'discussionVersion'>>>()
	if (rooms.some((room) => !room.historyVersion || !room.discussionVersion)) return null
	return JSON.stringify(rooms.map((room) => [room.id, room.name, room.historyVersion, room.discussionVersion]))
}

/** Rooms' names by id, one query for the lot. */
export async function communityNamesById(ids: number[]): Promise<Record<number, string>> {
	const unique = [...new Set(ids)]
	if (unique.length === 0) return {}
	const rooms = await CommunityModel.find({ id: mongoose.trusted({ $in: unique }) })
		.select('id name')
		.lean<Array<Pick<Community, 'id' | 'name'>>>()
	return Object.fromEntries(rooms.map((room) => [room.id, room.name]))
}
