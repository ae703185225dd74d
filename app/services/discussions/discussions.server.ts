import mongoose from 'mongoose'
import {
	CommunityModel,
	DiscussionCommentModel,
	DiscussionPostModel,
	DiscussionReactionModel,
	UserModel,
	type Community,
	type DiscussionComment,
	type DiscussionPost,
	type Role,
	type UserJSON,
} from '#models/index'
import { toIso } from '#models/model'
import { type AuditKind } from '~/lib/audit'
import {
	COMMENTING_TOO_FAST,
	COMMENT_DELETED_TEXT,
	POST_DELETED_TEXT,
	REMOVED_TEXT,
	COMMENTS_PAGE_SIZE,
	COMMENT_RATE_LIMIT,
	DISCUSSIONS_READ_ONLY,
	EDITING_TOO_FAST,
	EDIT_RATE_LIMIT,
	NOT_YOUR_COMMENT,
	NOT_YOUR_POST,
	PARENT_NOT_FOUND,
	POSTING_TOO_FAST,
	POST_LOCKED,
	POST_RATE_LIMIT,
	TOP_WINDOW_DAYS,
	type DiscussionSort,
} from '~/lib/discussions'
import { type CommentInput, type PostInput, type PostUpdate } from '~/lib/discussion-schemas'
import { CANNOT_MODERATE_STAFF } from '~/lib/moderation'
import { type PageWindow } from '~/lib/paging'
import { RetryLaterError, ServiceError, notFound } from '~/lib/service-error'
import { markdownToPlainText, renderMarkdown } from '~/platform/markdown.server'
import { createRateLimiter, type RateLimiter } from '~/platform/rate-limit.server'
import { singleton } from '~/platform/singleton.server'
import { noteActivity } from '~/services/account/activity.server'
import { recordAudit } from '~/services/admin/audit.server'
import { preview } from '~/services/chat/private-inbox.server'
import { follow, isFollowing, markPostRead, notifyFollowers } from '~/services/discussions/follows.server'
import {
	mostReactedPostIds,
	reactionCountsOfPosts,
	reactionsOf,
	reactionsOfThread,
	summarizeReactions,
	type ReactionSummary,
} from '~/services/discussions/reactions.server'
import {
	authorsById,
	changeComment,
	changePost,
	commentUrl,
	deletedAuthor,
	findPost,
	findStandingComment,
	findStandingPost,
	insertComment,
	insertPost,
	notePostActivity,
	postUrl,
	removedByModerator,
	type DiscussionAuthor,
} from '~/services/discussions/records.server'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'
import { assertNotMuted } from '~/services/moderation/mutes.server'
import { assertMayTakePart } from '~/services/moderation/participation.server'
import { notifyMentioned } from '~/services/notifications/mentions.server'
import { reviseQuotedDiscussion } from '~/services/notifications/notifications.server'
import { isModerator, type Actor } from '~/services/permissions.server'

/**
 * Discussions (product §2 "Discussions"): posts with comments in each
 * community, beside its chat. Every member reads every community's
 * discussions; Premium members who are not muted write (the chat's rule,
 * `assertMayTakePart`); authors edit and delete their own words; moderators
 * and admins pin, lock and remove. Pages, the JSON calls and the forms all
 * call these functions (docs/decisions/160).
 */

/** Who is writing: the session's user, as a page's `requireUser` gives them. */
export type DiscussionActor = Pick<UserJSON, 'id' | 'name' | 'role' | 'subscriptionStatus'>
export type DiscussionReader = Pick<UserJSON, 'id'>

export interface PostSummaryJSON {
	id: number
	communityId: number
	title: string
	/** The start of the body as plain text. */
	excerpt: string
	author: DiscussionAuthor
	createdAt: string
	editedAt: string | null
	lastActivityAt: string
	pinned: boolean
	locked: boolean
	commentCount: number
	reactionCount: number
	url: string
}

export interface PostJSON {
	id: number
	communityId: number
	/** "" once deleted or removed, like `body` and `html`. */
	title: string
	/** The Markdown as written. */
	body: string
	/** The body rendered and sanitized (decision 099). */
	html: string
	author: DiscussionAuthor
	createdAt: string
	editedAt: string | null
	lastActivityAt: string
	deleted: boolean
	removedByModerator: boolean
	pinned: boolean
	locked: boolean
	commentCount: number
	reactions: ReactionSummary[]
	url: string
}

export interface CommentJSON {
	id: number
	postId: number
	parentId: number | null
	author: DiscussionAuthor
	/** "" once deleted or removed, or when it is from a member the reader blocked (`hidden`). */
	body: string
	html: string
	createdAt: string
	editedAt: string | null
	deleted: boolean
	removedByModerator: boolean
	/** From a member the reader blocked: kept only as a place for the replies under it. */
	hidden: boolean
	reactions: ReactionSummary[]
	/** A top-level comment's replies, oldest first; always empty for a reply. */
	replies: CommentJSON[]
}

export interface ThreadJSON {
	community: { id: number; name: string }
	post: PostJSON
	/** The top-level comments of this page, oldest first, each with its replies. */
	comments: CommentJSON[]
	page: number
	hasMore: boolean
	following: boolean
}

const postLimiter = singleton('discussion-post-limiter', () => createRateLimiter(POST_RATE_LIMIT))
const commentLimiter = singleton('discussion-comment-limiter', () => createRateLimiter(COMMENT_RATE_LIMIT))
const editLimiter = singleton('discussion-edit-limiter', () => createRateLimiter(EDIT_RATE_LIMIT))

async function assertWithinLimit(limiter: RateLimiter, actor: { id: number }, message: string) {
	const attempt = await limiter.consume(actor.id)
	if (!attempt.allowed) throw new RetryLaterError(message, attempt.retryAfterMs)
}

async function requireCommunity(communityId: number): Promise<Pick<Community, 'id' | 'name'>> {
	const community = await CommunityModel.findOne({ id: communityId, podId: null })
		.select('id name')
		.lean<Pick<Community, 'id' | 'name'>>()
	if (!community) throw notFound('Community not found')
	return community
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/**
 * GET /api/communities/{id}/posts and /community/{id}/discussions: the posts
 * that stand, pinned first, then by latest activity (`latest`) or by most
 * reactions in the last 30 days (`top`, those without any following by
 * latest activity), a page at a time. Posts by members the reader blocked
 * are left out.
 */
export async function listPosts(
	reader: DiscussionReader,
	communityId: number,
	{ sort, window }: { sort: DiscussionSort; window: PageWindow },
): Promise<{ community: { id: number; name: string }; posts: PostSummaryJSON[] }> {
	const community = await requireCommunity(communityId)
	const blocked = await blockedUserIds(reader.id)
	const standing = {
		communityId,
		deletedAt: null,
		...(blocked.length ? { authorId: mongoose.trusted({ $nin: blocked }) } : {}),
	}
	const rows = sort === 'top' ? await readTopPosts(standing, window) : await readLatestPosts(standing, window)
	return { community: { id: community.id, name: community.name }, posts: await summarize(rows) }
}

type PostFilter = Record<string, unknown> & { communityId: number }

function readLatestPosts(filter: PostFilter, window: PageWindow): Promise<DiscussionPost[]> {
	return DiscussionPostModel.find(filter)
		.sort({ pinnedAt: -1, lastActivityAt: -1, id: -1 })
		.skip(window.skip)
		.limit(window.limit)
		.lean<DiscussionPost[]>()
}

/** How many posts "Most reactions this month" ranks; the rest follow by latest activity. */
const TOP_RANKED_POSTS = 1_000

/**
 * Pinned posts, then the posts with the most reactions in the window (one
 * aggregation over the community's reactions since then), then the others
 * by latest activity: one list, read a window at a time.
 */
async function readTopPosts(filter: PostFilter, window: PageWindow): Promise<DiscussionPost[]> {
	const since = new Date(Date.now() - TOP_WINDOW_DAYS * 86_400_000)
	const [pinned, rankedIds] = await Promise.all([
		DiscussionPostModel.find({ ...filter, pinnedAt: mongoose.trusted({ $ne: null }) })
			.sort({ pinnedAt: -1, id: -1 })
			.lean<DiscussionPost[]>(),
		mostReactedPostIds(filter.communityId, since, TOP_RANKED_POSTS),
	])
	const rankedRows = rankedIds.length
		? await DiscussionPostModel.find({ ...filter, pinnedAt: null, id: mongoose.trusted({ $in: rankedIds }) }).lean<
				DiscussionPost[]
			>()
		: []
	const rank = new Map(rankedIds.map((id, index) => [id, index]))
	const head = [...pinned, ...rankedRows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)]
	const fromHead = head.slice(window.skip, window.skip + window.limit)
	const restLimit = window.limit - fromHead.length
	if (restLimit === 0) return fromHead
	const rest = await DiscussionPostModel.find({
		...filter,
		pinnedAt: null,
		...(rankedIds.length ? { id: mongoose.trusted({ $nin: rankedIds }) } : {}),
	})
		.sort({ lastActivityAt: -1, id: -1 })
		.skip(Math.max(0, window.skip - head.length))
		.limit(restLimit)
		.lean<DiscussionPost[]>()
	return [...fromHead, ...rest]
}

async function summarize(posts: DiscussionPost[]): Promise<PostSummaryJSON[]> {
	const ids = posts.map((post) => post.id)
	const [authors, comments, reactions] = await Promise.all([
		authorsById(posts.map((post) => post.authorId)),
		commentCountsOf(ids),
		reactionCountsOfPosts(ids),
	])
	return posts.map((post) => ({
		id: post.id,
		communityId: post.communityId,
		title: post.title,
		excerpt: preview(markdownToPlainText(post.body), 200),
		author: authors.get(post.authorId) ?? deletedAuthor,
		createdAt: toIso(post.createdAt)!,
		editedAt: toIso(post.editedAt),
		lastActivityAt: toIso(post.lastActivityAt)!,
		pinned: Boolean(post.pinnedAt),
		locked: Boolean(post.lockedAt),
		commentCount: comments.get(post.id) ?? 0,
		reactionCount: reactions.get(post.id) ?? 0,
		url: postUrl(post),
	}))
}

/** The comments that stand, per post, in one aggregation. */
async function commentCountsOf(postIds: number[]): Promise<Map<number, number>> {
	if (postIds.length === 0) return new Map()
	const rows = await DiscussionCommentModel.aggregate<{ _id: number; count: number }>([
		{ $match: { postId: mongoose.trusted({ $in: postIds }), deletedAt: null } },
		{ $group: { _id: '$postId', count: { $sum: 1 } } },
	])
	return new Map(rows.map((row) => [row._id, row.count]))
}

/**
 * GET /api/posts/{id} and /community/{id}/discussions/{postId}: the post, its
 * top-level comments oldest first (COMMENTS_PAGE_SIZE a page) each with its
 * replies, reactions with who, and whether the reader follows it. A deleted
 * or removed post still opens (its words gone), so its comments stay
 * readable; comments of members the reader blocked are hidden. Reading the
 * thread reads its new-comments notification.
 */
export async function getThread(reader: DiscussionReader, postId: number, page = 1): Promise<ThreadJSON> {
	const post = await findPost(postId)
	const community = await requireCommunity(post.communityId)
	const blocked = new Set(await blockedUserIds(reader.id))
	if (blocked.has(post.authorId) && !post.deletedAt) throw notFound('Post not found')
	const skip = (page - 1) * COMMENTS_PAGE_SIZE
	const topLevel = await DiscussionCommentModel.find({ postId, parentId: null })
		.sort({ id: 1 })
		.skip(skip)
		.limit(COMMENTS_PAGE_SIZE + 1)
		.lean<DiscussionComment[]>()
	const shown = topLevel.slice(0, COMMENTS_PAGE_SIZE)
	const replies = shown.length
		? await DiscussionCommentModel.find({
				postId,
				parentId: mongoose.trusted({ $in: shown.map((comment) => comment.id) }),
			})
				.sort({ id: 1 })
				.lean<DiscussionComment[]>()
		: []
	const [authors, reactions, counts, following] = await Promise.all([
		authorsById([post.authorId, ...shown.map((c) => c.authorId), ...replies.map((c) => c.authorId)]),
		reactionsOfThread(post.id).then((all) => summarizeReactions(all, reader.id)),
		commentCountsOf([post.id]),
		isFollowing(reader.id, post.id),
	])
	await markPostRead(reader.id, post.id)
	const toComment = (comment: DiscussionComment): CommentJSON =>
		commentJSON(
			comment,
			authors,
			reactionsOf(reactions, { type: 'comment', id: comment.id }),
			blocked.has(comment.authorId),
		)
	const comments = shown.flatMap((comment) => {
		const own = replies.filter((reply) => reply.parentId === comment.id && !blocked.has(reply.authorId)).map(toComment)
		// A blocked member's comment is left out; it stays only as the place of other members' replies to it.
		if (blocked.has(comment.authorId) && own.length === 0) return []
		return [{ ...toComment(comment), replies: own }]
	})
	return {
		community: { id: community.id, name: community.name },
		post: postJSON(post, authors.get(post.authorId) ?? deletedAuthor, {
			reactions: reactionsOf(reactions, { type: 'post', id: post.id }),
			commentCount: counts.get(post.id) ?? 0,
		}),
		comments,
		page,
		hasMore: topLevel.length > COMMENTS_PAGE_SIZE,
		following,
	}
}

function postJSON(
	post: DiscussionPost,
	author: DiscussionAuthor,
	{ reactions, commentCount }: { reactions: ReactionSummary[]; commentCount: number },
): PostJSON {
	const deleted = Boolean(post.deletedAt)
	return {
		id: post.id,
		communityId: post.communityId,
		title: deleted ? '' : post.title,
		body: deleted ? '' : post.body,
		html: deleted ? '' : renderMarkdown(post.body),
		author,
		createdAt: toIso(post.createdAt)!,
		editedAt: deleted ? null : toIso(post.editedAt),
		lastActivityAt: toIso(post.lastActivityAt)!,
		deleted,
		removedByModerator: removedByModerator(post),
		pinned: Boolean(post.pinnedAt),
		locked: Boolean(post.lockedAt),
		commentCount,
		reactions,
		url: postUrl(post),
	}
}

function commentJSON(
	comment: DiscussionComment,
	authors: Map<number, DiscussionAuthor>,
	reactions: ReactionSummary[],
	hidden: boolean,
): CommentJSON {
	const deleted = Boolean(comment.deletedAt)
	const silent = deleted || hidden
	return {
		id: comment.id,
		postId: comment.postId,
		parentId: comment.parentId ?? null,
		author: hidden ? deletedAuthorOfHidden : (authors.get(comment.authorId) ?? deletedAuthor),
		body: silent ? '' : comment.body,
		html: silent ? '' : renderMarkdown(comment.body),
		createdAt: toIso(comment.createdAt)!,
		editedAt: silent ? null : toIso(comment.editedAt),
		deleted,
		removedByModerator: removedByModerator(comment),
		hidden,
		reactions: silent ? [] : reactions,
		replies: [],
	}
}

/** A blocked member's comment names nobody: the reader chose not to see them. */
const deletedAuthorOfHidden: DiscussionAuthor = { id: null, name: 'A member you blocked', username: null, avatar: null }

/** One post as its thread's head shows it (after a write: the JSON calls answer it). */
async function presentPost(post: DiscussionPost, readerId: number): Promise<PostJSON> {
	const [authors, reactions, counts] = await Promise.all([
		authorsById([post.authorId]),
		reactionsOfThread(post.id).then((all) => summarizeReactions(all, readerId)),
		commentCountsOf([post.id]),
	])
	return postJSON(post, authors.get(post.authorId) ?? deletedAuthor, {
		reactions: reactionsOf(reactions, { type: 'post', id: post.id }),
		commentCount: counts.get(post.id) ?? 0,
	})
}

async function presentComment(comment: DiscussionComment, readerId: number): Promise<CommentJSON> {
	const [authors, reactions] = await Promise.all([
		authorsById([comment.authorId]),
		reactionsOfThread(comment.postId).then((all) => summarizeReactions(all, readerId)),
	])
	return commentJSON(comment, authors, reactionsOf(reactions, { type: 'comment', id: comment.id }), false)
}

// ---------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------

/** Tells the members a post or comment names with @username; not those who blocked its author. */
async function notifyMentionsIn(
	text: string,
	author: DiscussionActor,
	where: { title: string; link: string; sourceKey: string },
): Promise<void> {
	try {
		await notifyMentioned(text, author, {
			kind: 'discussion_mention',
			title: `${author.name} mentioned you in "${preview(where.title, 80)}"`,
			text: preview(markdownToPlainText(text)),
			link: where.link,
			sourceDiscussionKey: where.sourceKey,
		})
	} catch (error) {
		// The post is stored: a failed notification never makes it fail (and be posted twice).
		console.error('After a discussion post (mentions):', error)
	}
}

/** POST /api/communities/{id}/posts and the new-post form: Premium members who are not muted, 5 per 10 minutes. */
export async function createPost(actor: DiscussionActor, communityId: number, input: PostInput): Promise<PostJSON> {
	await assertMayTakePart(actor, DISCUSSIONS_READ_ONLY)
	await requireCommunity(communityId)
	await assertWithinLimit(postLimiter, actor, POSTING_TOO_FAST)
	noteActivity(actor.id)
	const post = await insertPost({ communityId, authorId: actor.id, title: input.title, body: input.body })
	await follow(actor.id, post.id)
	await notifyMentionsIn(`${post.title}\n\n${post.body}`, actor, {
		title: post.title,
		link: postUrl(post),
		sourceKey: `post:${post.id}`,
	})
	return presentPost(post, actor.id)
}

/** PATCH /api/posts/{id} and the edit form: the author only (403), while the post stands (409); '(edited)'. */
export async function editPost(actor: DiscussionActor, postId: number, changes: PostUpdate): Promise<PostJSON> {
	const post = await findStandingPost(postId)
	if (post.authorId !== actor.id) throw new ServiceError(NOT_YOUR_POST, 403)
	await assertNotMuted(actor.id)
	await assertWithinLimit(editLimiter, actor, EDITING_TOO_FAST)
	const title = changes.title ?? post.title
	const body = changes.body ?? post.body
	if (title === post.title && body === post.body) return presentPost(post, actor.id)
	return presentPost(await changePost(post, { title, body, editedAt: new Date() }), actor.id)
}

/**
 * Who removes what (product §6): a moderator or admin removes anyone's post
 * or comment, except that a moderator cannot remove an admin's or another
 * moderator's (403), as in the chat.
 */
async function assertMayRemove(actor: Actor, authorId: number): Promise<string> {
	const author = await UserModel.findOne({ id: authorId }).select('name role').lean<{ name: string; role: Role }>()
	if (actor.role === 'moderator' && (author?.role === 'admin' || author?.role === 'moderator'))
		throw new ServiceError(CANNOT_MODERATE_STAFF, 403)
	return author?.name ?? deletedAuthor.name
}

/**
 * DELETE /api/posts/{id} and the delete forms: its author deletes it
 * ('This post was deleted by its author.'); a moderator or admin removes
 * anyone's ('Removed by a moderator'), recorded in the audit log. Its
 * comments stay readable. 403 for anyone else, 409 when it is gone already.
 */
export async function deletePost(actor: Actor, postId: number): Promise<PostJSON> {
	const post = await findStandingPost(postId)
	if (post.authorId !== actor.id) {
		if (!isModerator(actor)) throw new ServiceError(NOT_YOUR_POST, 403)
		const authorName = await assertMayRemove(actor, post.authorId)
		const removed = await changePost(post, { deletedAt: new Date(), deletedBy: actor.id })
		await auditModeration(actor, 'post.removed', post, `Removed the post "${post.title}" by ${authorName}`, {
			title: post.title,
			body: post.body,
		})
		await reviseQuotedDiscussion(`post:${post.id}`, REMOVED_TEXT)
		return presentPost(removed, actor.id)
	}
	const deleted = await changePost(post, { deletedAt: new Date(), deletedBy: actor.id })
	await reviseQuotedDiscussion(`post:${post.id}`, POST_DELETED_TEXT)
	return presentPost(deleted, actor.id)
}

async function auditModeration(
	actor: Actor,
	kind: AuditKind,
	post: DiscussionPost,
	summary: string,
	before?: Record<string, unknown>,
) {
	await recordAudit(actor, { kind, target: { type: 'post', id: post.id, label: post.title }, summary, before })
}

function assertModerator(actor: Actor) {
	if (!isModerator(actor)) throw new ServiceError('Only moderators and admins can do that', 403)
}

/** POST /api/posts/{id}/pin and the Pin button (moderators and admins): pinned posts stay on top of the list. */
export async function setPinned(actor: DiscussionActor, postId: number, pinned: boolean): Promise<PostJSON> {
	assertModerator(actor)
	const post = await findStandingPost(postId)
	if (Boolean(post.pinnedAt) === pinned) return presentPost(post, actor.id)
	const changed = await changePost(post, { pinnedAt: pinned ? new Date() : null })
	await auditModeration(
		actor,
		pinned ? 'post.pinned' : 'post.unpinned',
		post,
		`${pinned ? 'Pinned' : 'Unpinned'} the post "${post.title}"`,
	)
	return presentPost(changed, actor.id)
}

/** POST /api/posts/{id}/lock and the Lock button (moderators and admins): a locked post takes no new comments. */
export async function setLocked(actor: DiscussionActor, postId: number, locked: boolean): Promise<PostJSON> {
	assertModerator(actor)
	const post = await findStandingPost(postId)
	if (Boolean(post.lockedAt) === locked) return presentPost(post, actor.id)
	const changed = await changePost(post, { lockedAt: locked ? new Date() : null })
	await auditModeration(
		actor,
		locked ? 'post.locked' : 'post.unlocked',
		post,
		`${locked ? 'Locked' : 'Unlocked'} the post "${post.title}"`,
	)
	return presentPost(changed, actor.id)
}

// ---------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------

/**
 * POST /api/posts/{id}/comments and the comment forms: Premium members who
 * are not muted, 30 per 10 minutes, on a post that stands (409) and is not
 * locked (409). `parentId` makes it a reply to a top-level comment of the
 * same post (a reply to a reply joins its thread: one level of replies).
 * The commenter follows the post; its followers and the members it mentions
 * are told.
 */
export async function createComment(actor: DiscussionActor, postId: number, input: CommentInput): Promise<CommentJSON> {
	await assertMayTakePart(actor, DISCUSSIONS_READ_ONLY)
	const post = await findStandingPost(postId)
	if (post.lockedAt) throw new ServiceError(POST_LOCKED, 409)
	let parentId: number | null = null
	if (input.parentId) {
		const parent = await DiscussionCommentModel.findOne({
			id: input.parentId,
			postId: post.id,
		}).lean<DiscussionComment>()
		if (!parent) throw new ServiceError(PARENT_NOT_FOUND, 400, 'parentId')
		parentId = parent.parentId ?? parent.id
	}
	await assertWithinLimit(commentLimiter, actor, COMMENTING_TOO_FAST)
	noteActivity(actor.id)
	const comment = await insertComment({
		postId: post.id,
		communityId: post.communityId,
		authorId: actor.id,
		parentId,
		body: input.body,
	})
	await notePostActivity(post, comment.createdAt)
	await follow(actor.id, post.id)
	try {
		await notifyFollowers(post, comment, actor)
	} catch (error) {
		console.error('After a discussion comment (followers):', error)
	}
	await notifyMentionsIn(comment.body, actor, {
		title: post.title,
		link: commentUrl(comment),
		sourceKey: `comment:${comment.id}`,
	})
	return presentComment(comment, actor.id)
}

/** PATCH /api/comments/{id} and the edit form: the author only (403), while it stands (409); '(edited)'. */
export async function editComment(actor: DiscussionActor, commentId: number, body: string): Promise<CommentJSON> {
	const comment = await findStandingComment(commentId)
	if (comment.authorId !== actor.id) throw new ServiceError(NOT_YOUR_COMMENT, 403)
	await assertNotMuted(actor.id)
	await assertWithinLimit(editLimiter, actor, EDITING_TOO_FAST)
	if (body === comment.body) return presentComment(comment, actor.id)
	return presentComment(await changeComment(comment, { body, editedAt: new Date() }), actor.id)
}

/**
 * DELETE /api/comments/{id} and the delete forms: the author deletes
 * ('Comment deleted'), a moderator or admin removes ('Removed by a
 * moderator'; not an admin's or another moderator's as a moderator). Its
 * replies stay.
 */
export async function deleteComment(actor: Actor, commentId: number): Promise<CommentJSON> {
	const comment = await findStandingComment(commentId)
	if (comment.authorId !== actor.id) {
		if (!isModerator(actor)) throw new ServiceError(NOT_YOUR_COMMENT, 403)
		const authorName = await assertMayRemove(actor, comment.authorId)
		const removed = await changeComment(comment, { deletedAt: new Date(), deletedBy: actor.id })
		await recordAudit(actor, {
			kind: 'comment.removed',
			target: { type: 'comment', id: comment.id, label: `Comment by ${authorName}` },
			summary: `Removed a comment by ${authorName} on post ${comment.postId}`,
			before: { body: comment.body },
		})
		await reviseQuotedDiscussion(`comment:${comment.id}`, REMOVED_TEXT)
		return presentComment(removed, actor.id)
	}
	const deleted = await changeComment(comment, { deletedAt: new Date(), deletedBy: actor.id })
	await reviseQuotedDiscussion(`comment:${comment.id}`, COMMENT_DELETED_TEXT)
	return presentComment(deleted, actor.id)
}

// ---------------------------------------------------------------------------
// For the moderation queue, the data export and the dashboard
// ---------------------------------------------------------------------------

/** A post or comment as moderators see it (a report's evidence): its words even when deleted, and where it is. */
export interface ModeratedDiscussionItem {
	type: 'post' | 'comment'
	id: number
	postId: number
	communityId: number
	postTitle: string
	content: string
	authorId: number
	authorName: string
	createdAt: string
	editedAt: string | null
	deleted: boolean
	url: string
}

export async function findPostForModeration(postId: number): Promise<ModeratedDiscussionItem | null> {
	const post = await DiscussionPostModel.findOne({ id: postId }).lean<DiscussionPost>()
	if (!post) return null
	const authors = await authorsById([post.authorId])
	return moderatedPost(post, authors)
}

function moderatedPost(post: DiscussionPost, authors: Map<number, DiscussionAuthor>): ModeratedDiscussionItem {
	return {
		type: 'post',
		id: post.id,
		postId: post.id,
		communityId: post.communityId,
		postTitle: post.title,
		content: excerptOfPost(post),
		authorId: post.authorId,
		authorName: authors.get(post.authorId)?.name ?? deletedAuthor.name,
		createdAt: toIso(post.createdAt)!,
		editedAt: toIso(post.editedAt),
		deleted: Boolean(post.deletedAt),
		url: postUrl(post),
	}
}

/** What a report of a post keeps as its words: the title and the body. */
const excerptOfPost = (post: Pick<DiscussionPost, 'title' | 'body'>) => `${post.title}\n\n${post.body}`

export async function findCommentForModeration(commentId: number): Promise<ModeratedDiscussionItem | null> {
	const comment = await DiscussionCommentModel.findOne({ id: commentId }).lean<DiscussionComment>()
	if (!comment) return null
	const [post, authors] = await Promise.all([
		DiscussionPostModel.findOne({ id: comment.postId }).select('title').lean<Pick<DiscussionPost, 'title'>>(),
		authorsById([comment.authorId]),
	])
	return moderatedComment(comment, post?.title ?? '', authors)
}

function moderatedComment(
	comment: DiscussionComment,
	postTitle: string,
	authors: Map<number, DiscussionAuthor>,
): ModeratedDiscussionItem {
	return {
		type: 'comment',
		id: comment.id,
		postId: comment.postId,
		communityId: comment.communityId,
		postTitle,
		content: comment.body,
		authorId: comment.authorId,
		authorName: authors.get(comment.authorId)?.name ?? deletedAuthor.name,
		createdAt: toIso(comment.createdAt)!,
		editedAt: toIso(comment.editedAt),
		deleted: Boolean(comment.deletedAt),
		url: commentUrl(comment),
	}
}

/**
 * A reported post or comment's context for the queue: for a comment, the
 * post it is on and the comments just before and after it in the thread;
 * for a post, its first comments.
 */
export async function discussionContext(
	item: Pick<ModeratedDiscussionItem, 'type' | 'id' | 'postId'>,
	count = 2,
): Promise<ModeratedDiscussionItem[]> {
	const post = await DiscussionPostModel.findOne({ id: item.postId }).lean<DiscussionPost>()
	if (!post) return []
	const [before, after] =
		item.type === 'post'
			? [
					[],
					await DiscussionCommentModel.find({ postId: post.id })
						.sort({ id: 1 })
						.limit(count)
						.lean<DiscussionComment[]>(),
				]
			: await Promise.all([
					DiscussionCommentModel.find({ postId: post.id, id: mongoose.trusted({ $lt: item.id }) })
						.sort({ id: -1 })
						.limit(count)
						.lean<DiscussionComment[]>(),
					DiscussionCommentModel.find({ postId: post.id, id: mongoose.trusted({ $gt: item.id }) })
						.sort({ id: 1 })
						.limit(count)
						.lean<DiscussionComment[]>(),
				])
	const comments = [...before.reverse(), ...after]
	const authors = await authorsById([post.authorId, ...comments.map((comment) => comment.authorId)])
	return [
		...(item.type === 'comment' ? [moderatedPost(post, authors)] : []),
		...comments.map((comment) => moderatedComment(comment, post.title, authors)),
	]
}

/** The one removal a report makes: the post or the comment, by the moderator resolving it. */
export async function removeReported(actor: Actor, target: { type: 'post' | 'comment'; id: number }): Promise<void> {
	if (target.type === 'post') await deletePost(actor, target.id)
	else await deleteComment(actor, target.id)
}

/** A member's posts and comments, for their data export: their words, where, and whether they stand. */
export async function discussionsWrittenBy(userId: number) {
	const [posts, comments] = await Promise.all([
		DiscussionPostModel.find({ authorId: userId }).sort({ id: 1 }).lean<DiscussionPost[]>(),
		DiscussionCommentModel.find({ authorId: userId }).sort({ id: 1 }).lean<DiscussionComment[]>(),
	])
	return {
		posts: posts.map((post) => ({
			id: post.id,
			communityId: post.communityId,
			title: post.title,
			body: post.body,
			createdAt: toIso(post.createdAt),
			editedAt: toIso(post.editedAt),
			deleted: Boolean(post.deletedAt),
		})),
		comments: comments.map((comment) => ({
			id: comment.id,
			postId: comment.postId,
			body: comment.body,
			createdAt: toIso(comment.createdAt),
			editedAt: toIso(comment.editedAt),
			deleted: Boolean(comment.deletedAt),
		})),
	}
}

/** A post as the weekly digest lists it: its title, where, and how much happened. */
export interface ActiveDiscussion {
	id: number
	communityId: number
	title: string
	url: string
	comments: number
	reactions: number
}

/**
 * The posts of these communities with the most comments and reactions since
 * `since` (a new post counts as one), most first: the weekly digest's "most
 * active discussions". Deleted and removed posts are left out.
 */
export async function mostActiveDiscussions(
	communityIds: number[],
	since: Date,
	limit: number,
): Promise<ActiveDiscussion[]> {
	if (communityIds.length === 0) return []
	const recent = { communityId: mongoose.trusted({ $in: communityIds }), createdAt: mongoose.trusted({ $gte: since }) }
	const [comments, reactions, newPosts] = await Promise.all([
		DiscussionCommentModel.aggregate<{ _id: number; count: number }>([
			{ $match: { ...recent, deletedAt: null } },
			{ $group: { _id: '$postId', count: { $sum: 1 } } },
		]),
		DiscussionReactionModel.aggregate<{ _id: number; count: number }>([
			{ $match: recent },
			{ $group: { _id: '$postId', count: { $sum: 1 } } },
		]),
		DiscussionPostModel.find({ ...recent, deletedAt: null })
			.select('id')
			.lean<Array<{ id: number }>>(),
	])
	const tally = new Map<number, { comments: number; reactions: number; score: number }>()
	const add = (postId: number, field: 'comments' | 'reactions' | null, count: number) => {
		const entry = tally.get(postId) ?? { comments: 0, reactions: 0, score: 0 }
		if (field) entry[field] += count
		entry.score += count
		tally.set(postId, entry)
	}
	for (const row of comments) add(row._id, 'comments', row.count)
	for (const row of reactions) add(row._id, 'reactions', row.count)
	for (const post of newPosts) add(post.id, null, 1)
	const ranked = [...tally.entries()].sort(([a, x], [b, y]) => y.score - x.score || b - a).slice(0, limit * 2)
	if (ranked.length === 0) return []
	const posts = await DiscussionPostModel.find({
		id: mongoose.trusted({ $in: ranked.map(([id]) => id) }),
		deletedAt: null,
	}).lean<DiscussionPost[]>()
	return ranked
		.flatMap(([id, counts]) => {
			const post = posts.find((candidate) => candidate.id === id)
			return post ? [{ id, communityId: post.communityId, title: post.title, url: postUrl(post), ...counts }] : []
		})
		.slice(0, limit)
		.map(({ score: _score, ...discussion }) => discussion)
}
