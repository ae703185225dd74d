import mongoose from 'mongoose'
import { UserModel } from '#models/index'
import { mentionedUsernames } from '~/lib/mentions'
import { notify, type NotificationInput } from '~/services/notifications/notifications.server'

/** A text names at most this many people: more is a roll call, not a mention. */
export const MENTIONS_PER_TEXT = 20

/**
 * Tells the members a text names with @username (product §2 "Chat panel",
 * "Discussions"): each one named is notified once, except the author and
 * anyone `skip` picks out of those named (members who blocked the author). Unknown names
 * are ignored. The chat's room messages and the discussions' posts and
 * comments both notify through here.
 */
export async function notifyMentioned(
	text: string,
	author: { id: number },
	notice: Pick<NotificationInput, 'kind' | 'title' | 'text' | 'link' | 'sourceMessageId' | 'sourceDiscussionKey'>,
	{ skip }: { skip?: (named: number[]) => Promise<Set<number>> } = {},
): Promise<number[]> {
	const usernames = mentionedUsernames(text).slice(0, MENTIONS_PER_TEXT)
	if (usernames.length === 0) return []
	const people = await UserModel.find({ usernameKey: mongoose.trusted({ $in: usernames }) })
		.select('id')
		.lean<Array<{ id: number }>>()
	const named = people.map((person) => person.id).filter((id) => id !== author.id)
	const leftOut = skip && named.length ? await skip(named) : new Set<number>()
	const recipients = named.filter((id) => !leftOut.has(id))
	if (recipients.length === 0) return []
	await notify(recipients, notice)
	return recipients
}
