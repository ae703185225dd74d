import mongoose from 'mongoose'
import {
	DiscussionCommentModel,
	DiscussionPostModel,
	UserModel,
	nextId,
	type DiscussionComment,
	type DiscussionPost,
	type User,
} from '#models/index'
import { COMMENT_GONE, COMMENT_NOT_FOUND, POST_GONE, POST_NOT_FOUND } from '~/lib/discussions'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { ServiceError, notFound } from '~/lib/service-error'
import { markdownToPlainText } from '~/platform/markdown.server'
import { publicAssetUrl } from '~/platform/public-pictures.server'
import {
	dropFromIndex,
	idsInOrder,
	idsOrTheirRange,
	writeIndexed,
	type SearchDocument,
} from '~/platform/search-index.server'
import { DELETED_MEMBER } from '~/services/chat/messages.server'

/**
 * The stored posts and comments of the discussions (product §2
 * "Discussions"), and the one place they are written: every create, edit,
 * deletion, removal, pin and lock of the discussion services goes through
 * `insertPost`, `changePost`, `insertComment` and `changeComment`, so what
 * must follow a write (the rooms' discussion versions, in the models'
 * middleware; the global search's index, here: `writeIndexed`) has one place
 * to hook in. What the search needs of each is `searchEntryOfPost` and
 * `searchEntryOfComment` (docs/decisions/160, 166).
 */

/** A post or comment's author as a thread shows them: 'Deleted member' once the account is gone. */
export interface DiscussionAuthor {
	id: number | null
	name: string
	username: string | null
	avatar: string | null
}

export async function authorsById(ids: number[]): Promise<Map<number, DiscussionAuthor>> {
	const unique = [...new Set(ids)]
	if (unique.length === 0) return new Map()
	const users = await UserModel.find({ id: mongoose.trusted({ $in: unique }) })
		.select('id name username avatar')
		.lean<Array<Pick<User, 'id' | 'name' | 'username' | 'avatar'>>>()
	return new Map(
		users.map((user) => [
			user.id,
			{ id: user.id, name: user.name, username: user.username, avatar: publicAssetUrl(user.avatar) },
		]),
	)
}

export const deletedAuthor: DiscussionAuthor = { id: null, name: DELETED_MEMBER, username: null, avatar: null }

/** The post, standing or not; 404 when there is none. */
export async function findPost(postId: number): Promise<DiscussionPost> {
	const post = await DiscussionPostModel.findOne({ id: postId }).lean<DiscussionPost>()
	if (!post) throw notFound(POST_NOT_FOUND)
	return post
}

/** The post, when it still stands: 404 when there is none, 409 once deleted or removed. */
export async function findStandingPost(postId: number): Promise<DiscussionPost> {
	const post = await findPost(postId)
	if (post.deletedAt) throw new ServiceError(POST_GONE, 409)
	return post
}

export async function findComment(commentId: number): Promise<DiscussionComment> {
	const comment = await DiscussionCommentModel.findOne({ id: commentId }).lean<DiscussionComment>()
	if (!comment) throw notFound(COMMENT_NOT_FOUND)
	return comment
}

export async function findStandingComment(commentId: number): Promise<DiscussionComment> {
	const comment = await findComment(commentId)
	if (comment.deletedAt) throw new ServiceError(COMMENT_GONE, 409)
	return comment
}

// ---------------------------------------------------------------------------
// The one place posts and comments are written
// ---------------------------------------------------------------------------

export async function insertPost(
	post: Pick<DiscussionPost, 'communityId' | 'authorId' | 'title' | 'body'>,
	now = new Date(),
): Promise<DiscussionPost> {
	const id = await nextId('discussionPosts')
	return writeIndexed(
		{ kind: 'post' },
		[id],
		async () => {
			const stored = await DiscussionPostModel.create({
				...post,
				id,
				createdAt: now,
				lastActivityAt: now,
				editedAt: null,
				deletedAt: null,
				deletedBy: null,
				pinnedAt: null,
				lockedAt: null,
			})
			return stored.toObject()
		},
		postsForSearch,
	)
}

type PostChange = Partial<
	Pick<DiscussionPost, 'title' | 'body' | 'editedAt' | 'deletedAt' | 'deletedBy' | 'pinnedAt' | 'lockedAt'>
>

/**
 * Changes a post that still stands: 409 when it was deleted or removed
 * meanwhile. Deleting or removing it takes its comments out of the search
 * with it (a comment is found only while its post stands).
 */
export async function changePost(
	post: Pick<DiscussionPost, 'id' | 'communityId'>,
	change: PostChange,
): Promise<DiscussionPost> {
	const write = () =>
		writeIndexed(
			{ kind: 'post' },
			[post.id],
			async () => {
				const stored = await DiscussionPostModel.findOneAndUpdate(
					{ id: post.id, communityId: post.communityId, deletedAt: null },
					{ $set: change },
					{ new: true },
				).lean<DiscussionPost>()
				if (!stored) throw new ServiceError(POST_GONE, 409)
				return stored
			},
			postsForSearch,
		)
	if (!change.deletedAt) return write()
	return writeIndexed({ kind: 'comment' }, await commentIdsOf(post.id), write, commentsForSearch)
}

async function commentIdsOf(postId: number): Promise<number[]> {
	const rows = await DiscussionCommentModel.find({ postId }).select('id').lean<Array<{ id: number }>>()
	return rows.map(({ id }) => id)
}

/** A new comment is the post's latest activity (never moved back by a comment written earlier but stored later). */
export async function notePostActivity(post: Pick<DiscussionPost, 'id' | 'communityId'>, at: Date): Promise<void> {
	await DiscussionPostModel.updateOne({ id: post.id, communityId: post.communityId }, { $max: { lastActivityAt: at } })
}

export async function insertComment(
	comment: Pick<DiscussionComment, 'postId' | 'communityId' | 'authorId' | 'parentId' | 'body'>,
	now = new Date(),
): Promise<DiscussionComment> {
	const id = await nextId('discussionComments')
	return writeIndexed(
		{ kind: 'comment' },
		[id],
		async () => {
			const stored = await DiscussionCommentModel.create({
				...comment,
				id,
				createdAt: now,
				editedAt: null,
				deletedAt: null,
				deletedBy: null,
			})
			return stored.toObject()
		},
		commentsForSearch,
	)
}

export async function changeComment(
	comment: Pick<DiscussionComment, 'id' | 'communityId'>,
	change: Partial<Pick<DiscussionComment, 'body' | 'editedAt' | 'deletedAt' | 'deletedBy'>>,
): Promise<DiscussionComment> {
	return writeIndexed(
		{ kind: 'comment' },
		[comment.id],
		async () => {
			const stored = await DiscussionCommentModel.findOneAndUpdate(
				{ id: comment.id, communityId: comment.communityId, deletedAt: null },
				{ $set: change },
				{ new: true },
			).lean<DiscussionComment>()
			if (!stored) throw new ServiceError(COMMENT_GONE, 409)
			return stored
		},
		commentsForSearch,
	)
}

/**
 * A community's posts and comments leave the search before the community's
 * deletion removes them (catalogue/communities.server.ts): they are read by
 * id and dropped from the index, without being read one by one.
 */
export async function dropCommunityDiscussionsFromSearch(communityId: number): Promise<void> {
	const [posts, comments] = await Promise.all([
		DiscussionPostModel.find({ communityId }).select('id').lean<Array<{ id: number }>>(),
		DiscussionCommentModel.find({ communityId }).select('id').lean<Array<{ id: number }>>(),
	])
	await dropFromIndex(
		'post',
		posts.map(({ id }) => id),
	)
	await dropFromIndex(
		'comment',
		comments.map(({ id }) => id),
	)
}

// ---------------------------------------------------------------------------
// What a search index needs of a post or a comment
// ---------------------------------------------------------------------------

/**
 * A post or comment as a search index would hold it: its words as plain
 * text (the Markdown's marks out), where it is and who may see it. `visible`
 * is false once it is deleted or removed: it must leave the index at once.
 * Every member may read every community's discussions (product §6); blocks
 * are the reader's, applied with `authorId` when results are read.
 */
export interface DiscussionSearchEntry {
	type: 'post' | 'comment'
	id: number
	postId: number
	communityId: number
	authorId: number
	title: string
	text: string
	visible: boolean
	deleted: boolean
	removedByModerator: boolean
	createdAt: Date
	url: string
}

export const postUrl = (post: Pick<DiscussionPost, 'id' | 'communityId'>) =>
	`/community/${post.communityId}/discussions/${post.id}`

export const commentUrl = (comment: Pick<DiscussionComment, 'id' | 'postId' | 'communityId'>) =>
	`/community/${comment.communityId}/discussions/${comment.postId}#comment-${comment.id}`

export const removedByModerator = (record: { authorId: number; deletedBy: number | null; deletedAt: Date | null }) =>
	Boolean(record.deletedAt) && record.deletedBy !== null && record.deletedBy !== record.authorId

export function searchEntryOfPost(post: DiscussionPost): DiscussionSearchEntry {
	return {
		type: 'post',
		id: post.id,
		postId: post.id,
		communityId: post.communityId,
		authorId: post.authorId,
		title: post.title,
		text: markdownToPlainText(post.body),
		visible: !post.deletedAt,
		deleted: Boolean(post.deletedAt),
		removedByModerator: removedByModerator(post),
		createdAt: post.createdAt,
		url: postUrl(post),
	}
}

/** A comment's entry carries its post's title (what a result is about); `visible` also needs the post to stand. */
export function searchEntryOfComment(
	comment: DiscussionComment,
	post: Pick<DiscussionPost, 'title' | 'deletedAt'>,
): DiscussionSearchEntry {
	return {
		type: 'comment',
		id: comment.id,
		postId: comment.postId,
		communityId: comment.communityId,
		authorId: comment.authorId,
		title: post.title,
		text: markdownToPlainText(comment.body),
		visible: !comment.deletedAt && !post.deletedAt,
		deleted: Boolean(comment.deletedAt),
		removedByModerator: removedByModerator(comment),
		createdAt: comment.createdAt,
		url: commentUrl(comment),
	}
}

/** The entries of these posts, standing or not (the search reads them again before it shows one). */
export async function searchEntriesOfPosts(ids: number[]): Promise<DiscussionSearchEntry[]> {
	if (ids.length === 0) return []
	const posts = await DiscussionPostModel.find({ id: idsOrTheirRange(ids) }).lean<DiscussionPost[]>()
	return posts.map(searchEntryOfPost)
}

/** The entries of these comments, with the author of the post each is on (whose blockers do not see the thread). */
export async function searchEntriesOfComments(
	ids: number[],
): Promise<Array<DiscussionSearchEntry & { postAuthorId: number }>> {
	if (ids.length === 0) return []
	const comments = await DiscussionCommentModel.find({ id: idsOrTheirRange(ids) }).lean<DiscussionComment[]>()
	const posts = new Map(
		(
			await DiscussionPostModel.find({
				id: idsOrTheirRange([...new Set(comments.map((comment) => comment.postId))]),
			}).lean<DiscussionPost[]>()
		).map((post) => [post.id, post]),
	)
	return comments.flatMap((comment) => {
		const post = posts.get(comment.postId)
		return post ? [{ ...searchEntryOfComment(comment, post), postAuthorId: post.authorId }] : []
	})
}

/** Posts as the search index holds them: the ones that stand, their title and words. */
async function postsForSearch(ids: number[]): Promise<Map<number, SearchDocument>> {
	const entries = await searchEntriesOfPosts(ids)
	return new Map(
		entries
			.filter((entry) => entry.visible)
			.map((entry) => [
				entry.id,
				{
					fields: [
						{ text: entry.title, weight: SEARCH_TITLE_WEIGHT },
						{ text: entry.text, weight: 1 },
					],
					audience: 'everyone',
					authorIds: [entry.authorId],
				},
			]),
	)
}

/** Comments as the search index holds them: the ones that stand on a post that stands, their words. */
async function commentsForSearch(ids: number[]): Promise<Map<number, SearchDocument>> {
	const entries = await searchEntriesOfComments(ids)
	return new Map(
		entries
			.filter((entry) => entry.visible)
			.map((entry) => [
				entry.id,
				{
					fields: [{ text: entry.text, weight: 1 }],
					audience: 'everyone',
					authorIds: [entry.authorId, entry.postAuthorId],
				},
			]),
	)
}

/** What the search index reads of the discussions (services/search/sources.server.ts): each kind's documents, and its ids for a rebuild. */
export const discussionsForSearch = {
	posts: {
		read: postsForSearch,
		idsAfter: (after: number, limit: number) => idsInOrder(DiscussionPostModel, after, limit, { deletedAt: null }),
	},
	comments: {
		read: commentsForSearch,
		idsAfter: (after: number, limit: number) => idsInOrder(DiscussionCommentModel, after, limit, { deletedAt: null }),
	},
}
