import { type MessageJSON } from '#models/index'
import { notifyMentioned } from '~/services/notifications/mentions.server'
import { preview } from '~/services/chat/private-inbox.server'

/** One unread mention notification per room and member at a time: later mentions there bring it up to date. */
const mentionGroupKey = (roomId: number) => `mention:${roomId}`

/**
 * Tells the members a community message mentions with @username (product §2
 * "Chat panel"): every account may read every room, free members included, so
 * each one named is notified, except the author and anyone who blocked the
 * author (decision 201). Unknown names are ignored. While a member's mention
 * notification of a room is unread, the next mentions there update it
 * instead of adding one, and bring no new email: a burst of mentions is one
 * notification and one email, however many people mention them.
 */
export async function notifyMentions(
	message: MessageJSON,
	author: { id: number; name: string },
	room: { id: number; name: string },
): Promise<void> {
	await notifyMentioned(message.content, author, {
		kind: 'mention',
		title: `${author.name} mentioned you in ${room.name}`,
		text: preview(message.content),
		link: `/community/${room.id}`,
		sourceMessageId: message.id,
		// Mentions in a room while the last one is unread bring it up to date: one notification, one email.
		groupKey: mentionGroupKey(room.id),
		tellWhenGroupStarts: true,
	})
}
