import mongoose from 'mongoose'
import { PUBLIC_USER_FIELDS, UserModel, type PublicUserJSON, type Role, type User } from '#models/index'
import { type DirectoryFilter } from '~/lib/directory'
import { type PageWindow } from '~/lib/paging'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { publicUserJSON } from '~/platform/public-pictures.server'
import { findPublicUsers } from '~/services/account/people.server'
import { joinedCommunities, type JoinedCommunity } from '~/services/community/memberships.server'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'

/**
 * The member directory (product §2 "Member directory"): every member who has
 * not hidden themselves, searched by name, username, headline, location and
 * interests (as plain text, ignoring case), filtered by community and by
 * role, by name a page at a time. Members the reader blocked are left out,
 * as from their contacts (docs/decisions/162).
 */

const STAFF_ROLES: readonly Role[] = ['admin', 'moderator', 'content_manager']

/** The fields a directory search looks in. */
const SEARCHED_FIELDS = ['name', 'username', 'headline', 'location', 'interests']

export async function listDirectory(
	reader: { id: number },
	{ q, communityId, role }: DirectoryFilter,
	window: PageWindow,
): Promise<PublicUserJSON[]> {
	const blocked = await blockedUserIds(reader.id)
	const filter: Record<string, unknown> = {
		...anyFieldContains(q, SEARCHED_FIELDS),
		hiddenFromDirectory: mongoose.trusted({ $ne: true }),
	}
	if (communityId !== undefined) filter.communityIds = communityId
	if (role === 'staff') filter.role = mongoose.trusted({ $in: [...STAFF_ROLES] })
	else if (role) filter.role = role
	if (blocked.length) filter.id = mongoose.trusted({ $nin: blocked })
	return findPublicUsers(filter, window)
}

/**
 * Of these members, the ones the directory lists (not hidden), as other
 * members see them: the global search's members (docs/decisions/167).
 * Blocks are the reader's, left to the caller.
 */
export function listedMembers(ids: number[]): Promise<PublicUserJSON[]> {
	if (ids.length === 0) return Promise.resolve([])
	return findPublicUsers({ id: mongoose.trusted({ $in: ids }), hiddenFromDirectory: mongoose.trusted({ $ne: true }) })
}

/**
 * /members/{id}: what other members see of someone (hidden from the
 * directory or not: they still appear beside what they write), and the
 * communities the reader and they have in common.
 */
export async function getMemberCard(
	reader: { id: number; communityIds: number[] },
	memberId: number,
): Promise<{ member: PublicUserJSON; communitiesInCommon: JoinedCommunity[] } | null> {
	// One read: what others may see of them, and their communities for the ones in common.
	const theirs = await UserModel.findOne({ id: memberId }).select(`${PUBLIC_USER_FIELDS} communityIds`).lean<User>()
	if (!theirs) return null
	const common = reader.communityIds.filter((id) => theirs.communityIds?.includes(id))
	return { member: publicUserJSON(theirs), communitiesInCommon: await joinedCommunities({ communityIds: common }) }
}
