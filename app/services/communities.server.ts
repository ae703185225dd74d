import mongoose from 'mongoose'
import {
	CommunityModel,
	PUBLIC_USER_FIELDS,
	UserModel,
	toCommunityJSON,
	toPublicUserJSON,
	type Community,
	type CommunityJSON,
	type PublicUserJSON,
	type User,
} from '#models/index'
import { escapeRegExp } from './videos.server'

export async function listCommunities(): Promise<CommunityJSON[]> {
	const communities = await CommunityModel.find().sort({ id: 1 }).lean<Community[]>()
	return communities.map(toCommunityJSON)
}

export async function getCommunity(id: number): Promise<CommunityJSON | null> {
	const community = await CommunityModel.findOne({ id }).lean<Community>()
	return community ? toCommunityJSON(community) : null
}

type PublicUser = Pick<User, 'id' | 'username' | 'name' | 'avatar' | 'bio' | 'role'>

/**
 * The members of the community, by name: every account belongs to every
 * room (SPEC §2 Community Members, and the contact list of /messages, which
 * searches by name or username and leaves out the viewer).
 */
export async function listMembers({ search, excludeUserId }: { search?: string; excludeUserId?: number } = {}): Promise<PublicUserJSON[]> {
	const filter: Record<string, unknown> = {}
	if (excludeUserId !== undefined) filter.id = mongoose.trusted({ $ne: excludeUserId })
	if (search?.trim()) {
		const pattern = new RegExp(escapeRegExp(search.trim()), 'i')
		filter.$or = [{ name: mongoose.trusted({ $regex: pattern }) }, { username: mongoose.trusted({ $regex: pattern }) }]
	}
	const users = await UserModel.find(filter).select(PUBLIC_USER_FIELDS).sort({ name: 1, id: 1 }).lean<PublicUser[]>()
	return users.map(toPublicUserJSON)
}

/** One member as other members may see them, or null. */
export async function getMember(id: number): Promise<PublicUserJSON | null> {
	const user = await UserModel.findOne({ id }).select(PUBLIC_USER_FIELDS).lean<PublicUser>()
	return user ? toPublicUserJSON(user) : null
}
