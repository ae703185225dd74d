import mongoose from 'mongoose'
import { UserModel } from '#models/index'
import { mentionedUsernames } from '~/lib/mentions'
import { notify, type NotificationInput } from '~/services/notifications/notifications.server'

/** A text names at most this many people: more is a roll call, not a mention. */
export const MENTIONS_PER_TEXT = 20

/**
 * Tells the members a text names with @username (product §2 "Chat panel",
 * "Discussions"): each one named is notified once, except the author and
 * anyone who blocked the author (notify's rule, decision 201). Unknown names
 * are ignored. The chat's room messages and the discussions' posts and
 * comments both notify through here.
 */
export async function notifyMentioned(
	text: string,
	author: { id: number },
	notice: Pick<
		NotificationInput,
		'kind' | 'title' | 'text' | 'link' | 'sourceMessageId' | 'sourceDiscussionKey' | 'groupKey' | 'tellWhenGroupStarts'
	>,
): Promise<number[]> {
	const usernames = mentionedUsernames(text).slice(0, MENTIONS_PER_TEXT)
	if (usernames.length === 0) return []
	const people = await UserModel.find({ usernameKey: mongoose.trusted({ $in: usernames }) })
		.select('id')
		.lean<Array<{ id: number }>>()
	const named = people.map((person) => person.id).filter((id) => id !== author.id)
	if (named.length === 0) return []
	const notified = await notify(named, { ...notice, fromUserId: author.id })
	return notified.map((notification) => notification.recipientId)
}
