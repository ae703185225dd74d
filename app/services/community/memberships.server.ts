import mongoose from 'mongoose'
import { CommunityModel, UserModel, type Community, type PublicUserJSON } from '#models/index'
import { type PageWindow } from '~/lib/paging'
import { notFound } from '~/lib/service-error'
import { currentStamps, heldRead } from '~/platform/held-reads.server'
import { type Job } from '~/platform/jobs.server'
import { sharedInRequest } from '~/platform/request-context.server'
import { findPublicUsers } from '~/services/account/people.server'

/**
 * Memberships of communities (product §2 "Communities"): a member joins and
 * leaves any community; a new account starts in the three default ones. The
 * member's communities are a list on their account (`communityIds`), so "who
 * is in this community, by name" and "how many" are one index read each,
 * and joining is one atomic `$addToSet` (docs/decisions/161). They drive the
 * sidebar's "Your Communities", the dashboard, the member lists, the
 * directory's filter and the weekly digest; they do not gate anything: every
 * member reads every room, and Premium members post in any.
 */

/** product §2: the communities every new account joins (it may leave them). */
export const DEFAULT_COMMUNITY_NAMES = ['Executive Leadership', 'New Managers', 'Women in Leadership'] as const

export interface MembershipJSON {
	communityId: number
	member: boolean
	memberCount: number
}

/** A community as the sidebar and the profile show it among the member's own. */
export interface JoinedCommunity {
	id: number
	name: string
	icon: string | null
}

/** The default communities that exist, in the spec's order. */
export async function defaultCommunityIds(): Promise<number[]> {
	const rooms = await CommunityModel.find({ name: mongoose.trusted({ $in: [...DEFAULT_COMMUNITY_NAMES] }) })
		.select('id name')
		.lean<Array<Pick<Community, 'id' | 'name'>>>()
	return DEFAULT_COMMUNITY_NAMES.flatMap((name) => rooms.filter((room) => room.name === name).map((room) => room.id))
}

/**
 * An account that has never had memberships (made before they existed) gets
 * the default communities: one conditional write, so it happens once, and
 * never to an account that has chosen (an empty list is a choice).
 */
export async function giveDefaultMemberships(userId: number): Promise<void> {
	await UserModel.updateOne(
		{ id: userId, communityIds: mongoose.trusted({ $exists: false }) },
		{ $set: { communityIds: await defaultCommunityIds() } },
	)
}

async function requireCommunity(communityId: number): Promise<void> {
	if (!(await CommunityModel.exists({ id: communityId, podId: null }))) throw notFound('Community not found')
}

/** POST /api/communities/{id}/membership and the Join forms: joining twice changes nothing. */
export async function joinCommunity(actor: { id: number }, communityId: number): Promise<MembershipJSON> {
	await requireCommunity(communityId)
	await giveDefaultMemberships(actor.id)
	await UserModel.updateOne({ id: actor.id }, { $addToSet: { communityIds: communityId } })
	return { communityId, member: true, memberCount: await countMembers(communityId) }
}

/** DELETE /api/communities/{id}/membership and the Leave forms: leaving twice changes nothing. */
export async function leaveCommunity(actor: { id: number }, communityId: number): Promise<MembershipJSON> {
	await requireCommunity(communityId)
	await giveDefaultMemberships(actor.id)
	await UserModel.updateOne({ id: actor.id }, { $pull: { communityIds: communityId } })
	return { communityId, member: false, memberCount: await countMembers(communityId) }
}

export async function countMembers(communityId: number): Promise<number> {
	// Held under the `people` stamp, which every change of who is in which community renews (decision 226).
	return heldRead(`member-count:${communityId}`, await currentStamps(['people']), () =>
		UserModel.countDocuments({ communityIds: communityId }).exec(),
	)
}

/**
 * A community's (or a pod room's) document, read once per page: the room page
 * asks for it twice, for what it shows and for who may read it (decision 226).
 * Shared, so never changed by a caller.
 */
export function communityDocument(communityId: number): Promise<Community | null> {
	return sharedInRequest(`community:${communityId}`, () =>
		CommunityModel.findOne({ id: communityId }).lean<Community>().exec(),
	)
}

/** Member counts of several communities (the /community list's cards), one index count each. */
export async function memberCountsOf(communityIds: number[]): Promise<Record<number, number>> {
	const counts = await Promise.all(communityIds.map((id) => countMembers(id)))
	return Object.fromEntries(communityIds.map((id, index) => [id, counts[index]!]))
}

/** The member's communities that exist, in the order they joined them (the sidebar, the dashboard, the digest). */
export async function joinedCommunities(user: { communityIds: number[] }): Promise<JoinedCommunity[]> {
	if (user.communityIds.length === 0) return []
	const rooms = await CommunityModel.find({ id: mongoose.trusted({ $in: user.communityIds }) })
		.select('id name icon')
		.lean<Array<Pick<Community, 'id' | 'name' | 'icon'>>>()
	return user.communityIds.flatMap((id) => {
		const room = rooms.find((candidate) => candidate.id === id)
		return room ? [{ id: room.id, name: room.name, icon: room.icon ?? null }] : []
	})
}

/** Pages of a community's member list that start within this many rows are held (docs/decisions/089). */
const HELD_MEMBER_ROWS = 150

/**
 * A page of a community's members by name (its page's 'Community Members'),
 * without those who hid themselves from the directory. The same for every
 * reader, so its first pages are held by this process under the `people`
 * stamp, which a membership, a hidden switch or a public field renews
 * (models/user.ts).
 */
export async function listCommunityMembers(communityId: number, window: PageWindow): Promise<PublicUserJSON[]> {
	const read = () =>
		findPublicUsers({ communityIds: communityId, hiddenFromDirectory: mongoose.trusted({ $ne: true }) }, window)
	if (window.skip >= HELD_MEMBER_ROWS) return read()
	return heldRead(
		`community-members:${communityId}:${window.skip}:${window.limit}`,
		await currentStamps(['people']),
		read,
	)
}

/** A deleted community leaves every member's list. */
export async function forgetCommunity(communityId: number): Promise<void> {
	await UserModel.updateMany({ communityIds: communityId }, { $pull: { communityIds: communityId } })
}

/**
 * Gives the default communities to the accounts made before memberships
 * existed (decision 161), a batch a run, until none is left. Leased, so it
 * runs once however many processes start it (decision 121).
 */
export const defaultMembershipsJob: Job = {
	name: 'default-memberships',
	everyMs: 10 * 60_000,
	async run({ signal }) {
		const startedAt = Date.now()
		const defaults = await defaultCommunityIds()
		for (;;) {
			// Well inside the lease (60 s): the next run goes on where this one stopped.
			if (signal.aborted || Date.now() - startedAt > 45_000) return
			const batch = await UserModel.find({ communityIds: mongoose.trusted({ $exists: false }) })
				.select('id')
				.limit(500)
				.lean<Array<{ id: number }>>()
			if (batch.length === 0) return
			await UserModel.updateMany(
				{
					id: mongoose.trusted({ $in: batch.map((user) => user.id) }),
					communityIds: mongoose.trusted({ $exists: false }),
				},
				{ $set: { communityIds: defaults } },
			)
		}
	},
}
