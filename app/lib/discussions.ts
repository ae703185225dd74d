import { type ReactionKind } from '#models/discussion-reaction'

/**
 * Discussions (product §2 "Discussions"): the rules and the texts, shared
 * by the service, the page actions, the JSON calls and the browser; the zod
 * schemas are in `discussion-schemas.ts` (docs/decisions/220). Posts and
 * comments are Markdown, rendered on the server (decision 099); here they
 * are only text of a bounded length.
 */

export const POST_TITLE_MIN = 3
export const POST_TITLE_MAX = 150
export const POST_BODY_MAX = 10_000
export const COMMENT_BODY_MAX = 5_000
/** Posts per page of a community's list; top-level comments per page of a thread (their replies come with them). */
export const POSTS_PAGE_SIZE = 20
export const COMMENTS_PAGE_SIZE = 50
/** "Most reactions this month": reactions of the last 30 days. */
export const TOP_WINDOW_DAYS = 30
/** The names shown under a reaction ("who"): the first few, then "and n more". */
export const REACTORS_SHOWN = 10

/** product §2: posting limits per member, shared across processes (docs/decisions/141). */
export const POST_RATE_LIMIT = { name: 'discussion-post', limit: 5, windowMs: 10 * 60_000 } as const
export const COMMENT_RATE_LIMIT = { name: 'discussion-comment', limit: 30, windowMs: 10 * 60_000 } as const
/** Reactions and edits: generous, only against a script. */
export const REACTION_RATE_LIMIT = { name: 'discussion-reaction', limit: 120, windowMs: 10 * 60_000 } as const
export const EDIT_RATE_LIMIT = { name: 'discussion-edit', limit: 60, windowMs: 10 * 60_000 } as const

/** The model's kinds (models/discussion-reaction.ts), written again here so the browser never loads a model. */
export const REACTION_KINDS = ['like', 'insightful', 'celebrate'] as const satisfies readonly ReactionKind[]
export type { ReactionKind }
export const REACTION_LABELS: Record<ReactionKind, string> = {
	like: 'Like',
	insightful: 'Insightful',
	celebrate: 'Celebrate',
}

export const SORTS = ['latest', 'top'] as const
export type DiscussionSort = (typeof SORTS)[number]
export const SORT_LABELS: Record<DiscussionSort, string> = {
	latest: 'Latest activity',
	top: 'Most reactions this month',
}

export const DISCUSSIONS_READ_ONLY =
	'Discussions are read-only for free accounts. Upgrade to Premium to join the conversation.'
export const POSTING_TOO_FAST = 'You are posting too quickly. Please wait a few minutes and try again.'
export const COMMENTING_TOO_FAST = 'You are commenting too quickly. Please wait a few minutes and try again.'
export const REACTING_TOO_FAST = 'You are reacting too quickly. Please wait a few minutes and try again.'
export const EDITING_TOO_FAST = 'You are editing too quickly. Please wait a few minutes and try again.'
export const POST_NOT_FOUND = 'Post not found'
export const COMMENT_NOT_FOUND = 'Comment not found'
export const POST_LOCKED = 'This discussion is locked: it takes no new comments.'
export const POST_GONE = 'This post has been deleted'
export const COMMENT_GONE = 'This comment has been deleted'
export const NOT_YOUR_POST = 'You can only edit or delete your own posts'
export const NOT_YOUR_COMMENT = 'You can only edit or delete your own comments'
export const PARENT_NOT_FOUND = 'The comment you reply to is not in this discussion'

/** What a thread shows in place of what is gone (product §2 "Discussions"). */
export const POST_DELETED_TEXT = 'This post was deleted by its author.'
export const COMMENT_DELETED_TEXT = 'Comment deleted'
export const REMOVED_TEXT = 'Removed by a moderator'
export const BLOCKED_TEXT = 'Hidden: a comment from a member you blocked.'

/** The `{kind}` of the reaction calls' address: 404 for anything else, like an unknown id. */
export function parseReactionKind(value: string | undefined): ReactionKind | null {
	return REACTION_KINDS.find((kind) => kind === value) ?? null
}

/** `?sort=` of the list: the default for anything else. */
export function readSort(value: string | null | undefined): DiscussionSort {
	return value === 'top' ? 'top' : 'latest'
}

// ---------------------------------------------------------------------------
// The pages' forms (without JavaScript): one intent each
// ---------------------------------------------------------------------------

export const DISCUSSION_INTENTS = {
	createPost: 'create-post',
	comment: 'comment',
	editPost: 'edit-post',
	deletePost: 'delete-post',
	editComment: 'edit-comment',
	deleteComment: 'delete-comment',
	react: 'react',
	follow: 'follow',
	pin: 'pin-post',
	lock: 'lock-post',
	reportPost: 'report-post',
	reportComment: 'report-comment',
} as const

/** Which form a thread has open under a post or comment (without JavaScript, from the page's address). */
export type OpenDiscussionForm =
	| { kind: 'edit-post' }
	| { kind: 'report-post' }
	| { kind: 'edit-comment'; commentId: number }
	| { kind: 'report-comment'; commentId: number }
	| { kind: 'reply'; commentId: number }

/** `?edit=post`, `?report=post`, `?edit={commentId}`, `?report={commentId}`, `?reply={commentId}`; anything mangled opens none. */
export function readOpenDiscussionForm(params: URLSearchParams): OpenDiscussionForm | null {
	const id = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : null)
	const edit = params.get('edit')
	if (edit === 'post') return { kind: 'edit-post' }
	const report = params.get('report')
	if (report === 'post') return { kind: 'report-post' }
	const editId = id(edit)
	if (editId) return { kind: 'edit-comment', commentId: editId }
	const reportId = id(report)
	if (reportId) return { kind: 'report-comment', commentId: reportId }
	const replyId = id(params.get('reply'))
	if (replyId) return { kind: 'reply', commentId: replyId }
	return null
}
