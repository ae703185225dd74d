import { BlockModel, type Block } from '#models/index'
import { heldRead } from '~/platform/held-reads.server'
import { layoutVersionOf } from '~/services/account/users.server'

/**
 * The ids of the members `userId` has blocked, who leave the blocker's
 * contacts, conversations, discussions, directory, search and activity
 * (product §6 "Blocking"). Held by this process under the blocker's layout
 * version, which every write to their blocks renews (models/block.ts,
 * decision 250): read once, and again only after a block or unblock, so
 * `/messages` asking for its contacts and again for its conversations
 * (decision 227) shares the one read. On a module of its own so that the
 * private inbox reads it too: `blocks.server.ts` imports the inbox (a block
 * marks the blocked member's messages read).
 */
export async function blockedUserIds(userId: number): Promise<readonly number[]> {
	return heldRead(`blocked-users:${userId}`, await layoutVersionOf(userId), async () => {
		const blocks = await BlockModel.find({ blockerId: userId })
			.select('blockedId')
			.lean<Array<Pick<Block, 'blockedId'>>>()
		return blocks.map((block) => block.blockedId)
	})
}
