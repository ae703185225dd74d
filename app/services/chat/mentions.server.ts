import mongoose from 'mongoose'
import { UserModel, type MessageJSON } from '#models/index'
import { mentionedUsernames } from '~/lib/mentions'
import { notify } from '~/services/notifications/notifications.server'
import { preview } from '~/services/chat/private-inbox.server'

/** A room message names at most this many people: more is a roll call, not a mention. */
const MENTIONS_PER_MESSAGE = 20

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
		// A member who blocked the author hears nothing of it (decision 201).
		fromUserId: author.id,
		// Mentions in a room while the last one is unread bring it up to date: one notification, one email.
		groupKey: mentionGroupKey(room.id),
		emailWhenGroupStarts: true,
	})
}
