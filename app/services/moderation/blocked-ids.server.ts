import { BlockModel, type Block } from '#models/index'
import { heldRead } from '~/platform/held-reads.server'
import { sharedInRequest } from '~/platform/request-context.server'
import { layoutVersionOf } from '~/services/account/users.server'

/**
 * The ids of the members `userId` has blocked, who leave the blocker's
 * contacts, conversations, discussions, directory, search and activity
 * (product §6 "Blocking"). Read once per page (decision 227): `/messages`
 * asks for its contacts and again for its conversations. Held by this
 * process between pages under the blocker's layout version, which every
 * write to their blocks renews (models/block.ts, decision 250): a page where
 * the list did not change reads no block. On a module of its own so that the
 * private inbox reads it too: `blocks.server.ts` imports the inbox (a block
 * marks the blocked member's messages read).
 */
export function blockedUserIds(userId: number): Promise<readonly number[]> {
	return sharedInRequest(`blocked-users:${userId}`, async () =>
		heldRead(`blocked-users:${userId}`, await layoutVersionOf(userId), async () => {
			const blocks = await BlockModel.find({ blockerId: userId })
				.select('blockedId')
				.lean<Array<Pick<Block, 'blockedId'>>>()
			return blocks.map((block) => block.blockedId)
		}),
	)
}
