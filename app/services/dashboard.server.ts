import mongoose from 'mongoose'
import {
	DiscussionCommentModel,
	DiscussionPostModel,
	MessageModel,
	type DiscussionComment,
	type DiscussionPost,
	type Message,
	type UserJSON,
} from '#models/index'
import { communityNamesById, roomsVersion } from '~/services/catalogue/communities.server'
import { upcomingEventsFor } from '~/services/events/event-views.server'
import { heldRead } from '~/platform/held-reads.server'
import { markdownToPlainText } from '~/platform/markdown.server'
import { DELETED_MEMBER } from '~/services/chat/messages.server'
import { preview } from '~/services/chat/private-inbox.server'
import { singleton } from '~/platform/singleton.server'
import { getContinueLearning, getWatchStats } from '~/services/learning/progress.server'
import { userNamesById } from '~/services/account/users.server'
import { memberLayoutReads } from '~/services/member-layout.server'
import { commentUrl, postUrl } from '~/services/discussions/records.server'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'

/** product §9 dashboard limits (Continue Learning's 3 lives in the progress service). */
export const DASHBOARD_EVENT_LIMIT = 2
/** Community Activity: the latest messages, posts and comments across the member's rooms. */
export const DASHBOARD_ACTIVITY_LIMIT = 5
/** Read beyond the limit, so that leaving out what a reader blocked still fills it. */
const ACTIVITY_READ = 15

export interface CommunityActivity {
	/** Unique across the kinds ("post:12"). */
	key: string
	kind: 'message' | 'post' | 'comment'
	id: number
	communityId: number
	communityName: string
	author: string
	authorId: number
	/** For a post or comment: the post's title. */
	postTitle: string | null
	preview: string
	createdAt: string
	/** Where it is read: the room, the post, or the comment in its thread. */
	link: string
}

/**
 * How often the dashboard's Community Activity is checked. It is the same for
 * every member of the same communities, and reading it means finding the
 * newest messages, posts and comments of their rooms: once every few seconds
 * at most instead of once per dashboard (docs/decisions/084), and not even
 * then while none of the rooms changed: it is held under the rooms' versions
 * (docs/decisions/089). Something new shows there within this time; the
 * rooms themselves are live.
 */
export const COMMUNITY_ACTIVITY_TTL_MS = 5_000

const sharedActivity = singleton(
	'community-activity',
	() => new Map<string, { checkedAt: number; activity: Promise<CommunityActivity[]> }>(),
)

/**
 * The Community Activity of members of these communities, checked at most
 * once per COMMUNITY_ACTIVITY_TTL_MS by this process for each set of rooms
 * (most members share the default three).
 */
export function getSharedCommunityActivity(communityIds: number[], now = Date.now()): Promise<CommunityActivity[]> {
	if (communityIds.length === 0) return Promise.resolve([])
	const rooms = [...new Set(communityIds)].sort((a, b) => a - b)
	const key = `community-activity:${rooms.join(',')}`
	const shared = sharedActivity.get(key)
	if (shared && now - shared.checkedAt < COMMUNITY_ACTIVITY_TTL_MS) return shared.activity
	const reading = roomsVersion(rooms).then((version) =>
		version ? heldRead(key, version, () => getCommunityActivity(rooms)) : getCommunityActivity(rooms),
	)
	sharedActivity.set(key, { checkedAt: now, activity: reading })
	// Sets of rooms nobody asks for any more go, oldest first.
	if (sharedActivity.size > 1_000) sharedActivity.delete(sharedActivity.keys().next().value!)
	// A failed read is not kept: the next dashboard reads again.
	reading.catch(() => {
		if (sharedActivity.get(key)?.activity === reading) sharedActivity.delete(key)
	})
	return reading
}

/**
 * The latest messages, discussion posts and comments in these rooms, newest
 * first, with their room and author. What was deleted is left out (its words
 * are gone), and so are comments on deleted posts. Newest by time: ids
 * follow time for what is sent live, not for history written in bulk.
 */
async function getCommunityActivity(rooms: number[], limit = ACTIVITY_READ): Promise<CommunityActivity[]> {
	const inRooms = { communityId: mongoose.trusted({ $in: rooms }), deletedAt: null }
	const [messages, posts, comments] = await Promise.all([
		MessageModel.find({ ...inRooms, isPrivate: false })
			.sort({ createdAt: -1, id: -1 })
			.limit(limit)
			.lean<Message[]>(),
		DiscussionPostModel.find(inRooms).sort({ createdAt: -1, id: -1 }).limit(limit).lean<DiscussionPost[]>(),
		DiscussionCommentModel.find(inRooms).sort({ createdAt: -1, id: -1 }).limit(limit).lean<DiscussionComment[]>(),
	])
	const commentedPosts = comments.length
		? await DiscussionPostModel.find({ id: mongoose.trusted({ $in: comments.map((comment) => comment.postId) }) })
				.select('id title deletedAt')
				.lean<Array<Pick<DiscussionPost, 'id' | 'title' | 'deletedAt'>>>()
		: []
	const postOf = new Map(commentedPosts.map((post) => [post.id, post]))
	const items = [
		...messages.map((message) => ({
			kind: 'message' as const,
			id: message.id,
			communityId: message.communityId!,
			authorId: message.senderId,
			postTitle: null,
			text: message.content,
			createdAt: message.createdAt,
			link: `/community/${message.communityId}`,
		})),
		...posts.map((post) => ({
			kind: 'post' as const,
			id: post.id,
			communityId: post.communityId,
			authorId: post.authorId,
			postTitle: post.title,
			text: markdownToPlainText(post.body),
			createdAt: post.createdAt,
			link: postUrl(post),
		})),
		...comments.flatMap((comment) => {
			const post = postOf.get(comment.postId)
			if (!post || post.deletedAt) return []
			return [
				{
					kind: 'comment' as const,
					id: comment.id,
					communityId: comment.communityId,
					authorId: comment.authorId,
					postTitle: post.title,
					text: markdownToPlainText(comment.body),
					createdAt: comment.createdAt,
					link: commentUrl(comment),
				},
			]
		}),
	]
		.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime() || b.id - a.id)
		.slice(0, limit)
	if (items.length === 0) return []
	const [roomNames, authorNames] = await Promise.all([
		communityNamesById(items.map((item) => item.communityId)),
		userNamesById(items.map((item) => item.authorId)),
	])
	return items.flatMap((item) => {
		const communityName = roomNames[item.communityId]
		if (!communityName) return []
		return [
			{
				key: `${item.kind}:${item.id}`,
				kind: item.kind,
				id: item.id,
				communityId: item.communityId,
				communityName,
				author: authorNames[item.authorId] ?? DELETED_MEMBER,
				authorId: item.authorId,
				postTitle: item.postTitle,
				preview: preview(item.text, 160),
				createdAt: new Date(item.createdAt).toISOString(),
				link: item.link,
			},
		]
	})
}

/**
 * The member's Community Activity: their rooms' latest, without the posts
 * and comments of members they blocked (the discussions hide those from
 * them, product §6); room messages stay, as in the rooms.
 */
async function activityFor(userId: number, communityIds: number[]): Promise<CommunityActivity[]> {
	const [activity, blocked] = await Promise.all([getSharedCommunityActivity(communityIds), blockedUserIds(userId)])
	return activity
		.filter((item) => item.kind === 'message' || !blocked.includes(item.authorId))
		.slice(0, DASHBOARD_ACTIVITY_LIMIT)
}

/** Everything the dashboard shows for one member, read in parallel. */
export async function getDashboard(
	user: Pick<UserJSON, 'id' | 'subscriptionStatus' | 'communityIds'>,
	timeZone: string,
	now = new Date(),
) {
	// Counts are counted and the two next events read as two: nothing here reads a whole collection (docs/decisions/081);
	// the events, the same for everyone, are held between visits under their stamps (decision 199).
	// The member's communities as the layout holds them (docs/decisions/193): the page reads them no second time.
	const { communities } = await memberLayoutReads(user)
	const [videos, continueLearning, upcoming, activity] = await Promise.all([
		getWatchStats(user.id),
		getContinueLearning(user.id),
		upcomingEventsFor(user, { skip: 0, limit: DASHBOARD_EVENT_LIMIT }, now, timeZone),
		activityFor(
			user.id,
			communities.map((community) => community.id),
		),
	])
	return {
		activity,
		eventActions: upcoming.actions,
		videos,
		continueLearning,
		communityCount: communities.length,
		upcomingEventCount: upcoming.count,
		upcomingEvents: upcoming.events,
	}
}
