import mongoose from 'mongoose'
import { BlockModel, UserModel, type Block, type User } from '#models/index'
import { toIso } from '#models/model'
import { CANNOT_MESSAGE_MEMBER, NO_SELF_BLOCK, USER_NOT_FOUND, YOU_BLOCKED_MEMBER } from '~/lib/moderation'
import { ServiceError, isDuplicateKeyError, notFound } from '~/lib/service-error'
import { markConversationRead } from '~/services/chat/private-inbox.server'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'
import { publicAssetUrl } from '~/platform/public-pictures.server'

/**
 * Blocking (product §6 "Blocking"): any member may block another. The
 * blocked member cannot send them private messages and disappears from their
 * contacts; room messages stay visible (docs/decisions/113). Every list of
 * people to message asks `blockedUserIds` whom to leave out.
 */

export interface BlockedMemberJSON {
	id: number
	username: string
	name: string
	avatar: string | null
	blockedAt: string
}

async function requireOtherMember(actor: { id: number }, userId: number) {
	if (userId === actor.id) throw new ServiceError(NO_SELF_BLOCK, 400)
	const member = await UserModel.findOne({ id: userId }).select('id name').lean<Pick<User, 'id' | 'name'>>()
	if (!member) throw notFound(USER_NOT_FOUND)
	return member
}

/** Blocks a member; blocking someone already blocked changes nothing. */
export async function blockMember(actor: { id: number }, userId: number): Promise<{ blocked: true }> {
	await requireOtherMember(actor, userId)
	try {
		await BlockModel.updateOne(
			{ blockerId: actor.id, blockedId: userId },
			{ $setOnInsert: { blockerId: actor.id, blockedId: userId, createdAt: new Date() } },
			{ upsert: true },
		)
	} catch (error) {
		// A second tab blocked at the same moment: blocked either way.
		if (!isDuplicateKeyError(error)) throw error
	}
	// Their conversation leaves the blocker's lists, so what they sent stops counting as unread (the badge with it).
	await markConversationRead(actor.id, userId)
	return { blocked: true }
}

/** Unblocks a member; unblocking someone not blocked changes nothing. */
export async function unblockMember(actor: { id: number }, userId: number): Promise<void> {
	await requireOtherMember(actor, userId)
	await BlockModel.deleteOne({ blockerId: actor.id, blockedId: userId })
}

/** Whether `blockerId` blocked `blockedId`, as the blocker's pages show it: from their held list (decision 250). */
export async function hasBlocked(blockerId: number, blockedId: number): Promise<boolean> {
	return (await blockedUserIds(blockerId)).includes(blockedId)
}

/**
 * Whether `senderId` may send private messages to `recipientId`: refused
 * (403) when the recipient blocked them ('You cannot message this member'),
 * or when they blocked the recipient themself (a reply could not come back).
 */
export async function assertMayMessage(senderId: number, recipientId: number): Promise<void> {
	const blocks = await BlockModel.find({
		$or: [
			{ blockerId: recipientId, blockedId: senderId },
			{ blockerId: senderId, blockedId: recipientId },
		],
	})
		.select('blockerId')
		.lean<Array<Pick<Block, 'blockerId'>>>()
	if (blocks.some((block) => block.blockerId === recipientId))
		throw new ServiceError(CANNOT_MESSAGE_MEMBER, 403, 'content')
	if (blocks.length) throw new ServiceError(YOU_BLOCKED_MEMBER, 403, 'content')
}

/** Whether a conversation's composer should show: the reason it cannot, or null. */
export async function messagingRefusal(senderId: number, recipientId: number): Promise<string | null> {
	try {
		await assertMayMessage(senderId, recipientId)
		return null
	} catch (error) {
		if (error instanceof ServiceError) return error.message
		throw error
	}
}

/** The member's "Blocked members" list (their profile and GET /api/users/me/blocks), most recent first. */
export async function listBlockedMembers(actor: { id: number }): Promise<BlockedMemberJSON[]> {
	const blocks = await BlockModel.find({ blockerId: actor.id }).sort({ createdAt: -1 }).lean<Block[]>()
	if (blocks.length === 0) return []
	const users = await UserModel.find({ id: mongoose.trusted({ $in: blocks.map((block) => block.blockedId) }) })
		.select('id username name avatar')
		.lean<Array<Pick<User, 'id' | 'username' | 'name' | 'avatar'>>>()
	const byId = new Map(users.map((user) => [user.id, user]))
	return blocks.flatMap((block) => {
		const user = byId.get(block.blockedId)
		return user
			? [
					{
						id: user.id,
						username: user.username,
						name: user.name,
						avatar: publicAssetUrl(user.avatar),
						blockedAt: toIso(block.createdAt)!,
					},
				]
			: []
	})
}

/** A deleted account's blocks go, both ways: whom they blocked, and who blocked them. */
export async function deleteBlocksOf(userId: number): Promise<void> {
	await BlockModel.deleteMany({ $or: [{ blockerId: userId }, { blockedId: userId }] })
}
