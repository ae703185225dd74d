import { BlockModel, type Block } from '#models/index'
import { sharedInRequest } from '~/platform/request-context.server'

/**
 * The ids of the members `userId` has blocked, who leave the blocker's
 * contacts, conversations, discussions, directory, search and activity
 * (product §6 "Blocking"). Read once per page (decision 227): `/messages`
 * asks for its contacts and again for its conversations. On a module of its
 * own so that the private inbox reads it too: `blocks.server.ts` imports the
 * inbox (a block marks the blocked member's messages read).
 */
export function blockedUserIds(userId: number): Promise<readonly number[]> {
	return sharedInRequest(`blocked-users:${userId}`, async () => {
		const blocks = await BlockModel.find({ blockerId: userId })
			.select('blockedId')
			.lean<Array<Pick<Block, 'blockedId'>>>()
		return blocks.map((block) => block.blockedId)
	})
}
