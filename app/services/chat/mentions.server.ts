import mongoose from 'mongoose'
import { UserModel, type MessageJSON } from '#models/index'
import { mentionedUsernames } from '~/lib/mentions'
import { notify } from '~/services/notifications/notifications.server'
import { preview } from '~/services/chat/private-inbox.server'

/** A room message names at most this many people: more is a roll call, not a mention. */
const MENTIONS_PER_MESSAGE = 20

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
	const usernames = mentionedUsernames(message.content).slice(0, MENTIONS_PER_MESSAGE)
	if (usernames.length === 0) return
	const people = await UserModel.find({ usernameKey: mongoose.trusted({ $in: usernames }) })
		.select('id')
		.lean<Array<{ id: number }>>()
	const recipients = people.map((person) => person.id).filter((id) => id !== author.id)
	if (recipients.length === 0) return
	await notify(recipients, {
		kind: 'mention',
		title: `${author.name} mentioned you in ${room.name}`,
		text: preview(message.content),
		link: `/community/${room.id}`,
		sourceMessageId: message.id,
	})
}
