import { type MessageJSON } from '#models/index'
import { notifyMentioned } from '~/services/notifications/mentions.server'
import { preview } from '~/services/chat/private-inbox.server'

/**
 * Tells the members a community message mentions with @username (product §2
 * "Chat panel"): every account may read every room, free members included, so
 * each one named is notified, except the author. Unknown names are ignored.
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
	})
}
