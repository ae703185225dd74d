import mongoose from 'mongoose'
import {
	DiscussionFollowModel,
	discussionGroupKey,
	type DiscussionComment,
	type DiscussionFollow,
	type DiscussionPost,
} from '#models/index'
import { isDuplicateKeyError } from '~/lib/service-error'
import { markdownToPlainText } from '~/platform/markdown.server'
import { preview } from '~/services/chat/private-inbox.server'
import { commentUrl, findStandingPost } from '~/services/discussions/records.server'
import { markGroupRead, notify } from '~/services/notifications/notifications.server'

/**
 * Following a post (product §2 "Discussions"): a follower gets a
 * notification when someone comments, one per post until they read it (the
 * notification is brought up to date meanwhile, and emailed once: decision
 * 164). Authors and commenters follow by themselves; anyone may follow or
 * stop following any post they can read.
 */

/** PUT and DELETE /api/posts/{id}/follow, and the Follow button: idempotent. */
export async function setFollowing(actor: { id: number }, postId: number, following: boolean): Promise<boolean> {
	const post = await findStandingPost(postId)
	if (following) await follow(actor.id, post.id)
	else await DiscussionFollowModel.deleteOne({ postId: post.id, userId: actor.id })
	return following
}

/** Follows a post (the author's own, a commenter's): one record per member and post, however often it is asked. */
export async function follow(userId: number, postId: number): Promise<void> {
	try {
		await DiscussionFollowModel.updateOne(
			{ postId, userId },
			{ $setOnInsert: { postId, userId, createdAt: new Date() } },
			{ upsert: true },
		)
	} catch (error) {
		if (!isDuplicateKeyError(error)) throw error
	}
}

export async function isFollowing(userId: number, postId: number): Promise<boolean> {
	return Boolean(await DiscussionFollowModel.exists({ postId, userId }))
}

/**
 * Tells a post's followers about a new comment: all but its author, and but
 * those who blocked the author (they do not see it). One unread notification
 * per post and follower, brought up to date by later comments; its email
 * goes once, when it starts.
 */
export async function notifyFollowers(
	post: DiscussionPost,
	comment: DiscussionComment,
	author: { id: number; name: string },
): Promise<void> {
	const followers = await DiscussionFollowModel.find({ postId: post.id, userId: mongoose.trusted({ $ne: author.id }) })
		.select('userId')
		.lean<Array<Pick<DiscussionFollow, 'userId'>>>()
	if (followers.length === 0) return
	await notify(
		followers.map((follower) => follower.userId),
		{
			kind: 'discussion_comment',
			title: `New comments on "${preview(post.title, 80)}"`,
			text: `${author.name}: ${preview(markdownToPlainText(comment.body))}`,
			link: commentUrl(comment),
			groupKey: discussionGroupKey(post.id),
			tellWhenGroupStarts: true,
			sourceDiscussionKey: `comment:${comment.id}`,
			// A follower who blocked the comment's author hears nothing of it (decision 201).
			fromUserId: author.id,
		},
	)
}

/** Opening a post reads its new-comments notification (as opening a conversation does its messages'). */
export async function markPostRead(userId: number, postId: number): Promise<void> {
	await markGroupRead(userId, discussionGroupKey(postId))
}

/** The posts a member follows, for their data export. */
export async function followsOf(userId: number): Promise<Array<{ postId: number; since: string }>> {
	const follows = await DiscussionFollowModel.find({ userId }).sort({ createdAt: 1 }).lean<DiscussionFollow[]>()
	return follows.map((record) => ({ postId: record.postId, since: record.createdAt.toISOString() }))
}

/** The account is being deleted: it follows nothing any more. */
export async function deleteFollowsOf(userId: number): Promise<void> {
	await DiscussionFollowModel.deleteMany({ userId })
}
