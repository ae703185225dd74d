import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, Form } from '@remix-run/react'
import { MutedNotice, PremiumFeatureNotice } from '~/components/community/notices'
import { CommunitySections } from '~/components/discussions/community-sections'
import {
	Byline,
	CommentForm,
	EditCommentForm,
	EditPostForm,
	ItemMenu,
	ReportForm,
	Reactions,
	type MenuItem,
} from '~/components/discussions/parts'
import { pageMeta } from '~/components/page-meta'
import { Badge } from '~/components/ui/badge'
import { StatusButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pager } from '~/components/ui/pager'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { useIsSubmitting } from '~/components/forms'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { formatDateTime } from '~/lib/dates'
import {
	BLOCKED_TEXT,
	COMMENT_DELETED_TEXT,
	DISCUSSION_INTENTS,
	POST_DELETED_TEXT,
	POST_LOCKED,
	REMOVED_TEXT,
	readOpenDiscussionForm,
} from '~/lib/discussions'
import { readPageNumber } from '~/lib/paging'
import { isPremium } from '~/lib/subscription'
import { readTimeZone } from '~/web/time-zone.server'
import { getThread, type CommentJSON } from '~/services/discussions/discussions.server'
import { getActiveMute, protectedMemberIds } from '~/services/moderation/mutes.server'
import { isModerator } from '~/services/permissions.server'
import { type RouteHandle } from '~/types'
import { requireUser } from '~/web/auth.server'
import { pageHeadersWithRetryAfter, rethrowAsResponse } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'
import { handleThreadAction } from '~/routes/community/$id/discussions/__thread-actions.server'

/** Client validation and pending labels need JavaScript; every form also works without it. */
export const handle: RouteHandle = { hydrate: true }

/** A comment refused for now (too many in 10 minutes) answers with its Retry-After. */
export const headers = pageHeadersWithRetryAfter

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.post.title || 'Discussion', `A discussion in ${data?.community.name ?? 'a LeaderForge community'}.`)

/**
 * /community/{id}/discussions/{postId} (product §2 "Discussions"): the post,
 * its comments oldest first with one level of replies (50 top-level comments
 * a page, `?page=`), reactions with who, Follow, the comment form, and the
 * menus of the post and each comment (edit, delete, report; pin, lock and
 * remove for moderators). Opening it reads its new-comments notification.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const communityId = requireNumericId(params.id, 'Community')
	const postId = requireNumericId(params.postId, 'Post')
	const url = new URL(request.url)
	const page = readPageNumber(url.searchParams.get('page'))
	const thread = await getThread(user, postId, page).catch(rethrowAsResponse)
	// The post's own address, when it was opened under another community's.
	if (thread.community.id !== communityId) throw redirect(thread.post.url)
	const canWrite = isPremium(user)
	const moderator = isModerator(user)
	const [mute, protectedIds] = await Promise.all([
		canWrite ? getActiveMute(user.id) : null,
		moderator && user.role === 'moderator' ? protectedMemberIds() : ([] as number[]),
	])
	const { timeZone } = readTimeZone(request.headers.get('Cookie'))
	const when = (iso: string) => formatDateTime(iso, timeZone)
	const withTime = (comment: CommentJSON): CommentJSON & { time: string } => ({
		...comment,
		time: when(comment.createdAt),
	})
	return json({
		me: { id: user.id },
		community: thread.community,
		post: { ...thread.post, time: when(thread.post.createdAt) },
		comments: thread.comments.map((comment) => ({ ...withTime(comment), replies: comment.replies.map(withTime) })),
		page: thread.page,
		hasMore: thread.hasMore,
		following: thread.following,
		canWrite,
		mute,
		moderator,
		protectedIds,
		openForm: readOpenDiscussionForm(url.searchParams),
		timeZone,
	})
}

export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	requireNumericId(params.id, 'Community')
	const postId = requireNumericId(params.postId, 'Post')
	return handleThreadAction(request, user, postId)
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>
type Comment = Data['comments'][number]

export default function Thread() {
	const data = useLoaderData<typeof loader>()
	const { community, post, comments, page, hasMore, canWrite, mute, timeZone, openForm } = data
	const toast = useFormActionToast()
	const here = post.url
	const mayModerate = (authorId: number | null) =>
		data.moderator && authorId !== null && authorId !== data.me.id && !data.protectedIds.includes(authorId)
	const mine = post.author.id === data.me.id
	const postMenu: MenuItem[] = post.deleted
		? []
		: [
				...(mine
					? [
							{ kind: 'link' as const, label: 'Edit', to: `${here}?edit=post` },
							{
								kind: 'form' as const,
								label: 'Delete',
								intent: DISCUSSION_INTENTS.deletePost,
								fields: {},
								danger: true,
							},
						]
					: [{ kind: 'link' as const, label: 'Report', to: `${here}?report=post` }]),
				...(data.moderator
					? [
							{
								kind: 'form' as const,
								label: post.pinned ? 'Unpin' : 'Pin to the top',
								intent: DISCUSSION_INTENTS.pin,
								fields: { pinned: String(!post.pinned) },
							},
							{
								kind: 'form' as const,
								label: post.locked ? 'Unlock' : 'Lock',
								intent: DISCUSSION_INTENTS.lock,
								fields: { locked: String(!post.locked) },
							},
						]
					: []),
				...(mayModerate(post.author.id)
					? [
							{
								kind: 'form' as const,
								label: 'Remove post',
								intent: DISCUSSION_INTENTS.deletePost,
								fields: {},
								danger: true,
							},
						]
					: []),
			]
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<CommunitySections community={community} active="discussions" />
			<Link
				to={`/community/${community.id}/discussions`}
				className="text-sm font-medium text-brand-600 hover:text-brand-700"
			>
				{`← ${community.name} discussions`}
			</Link>
			<Card className="space-y-4 p-5">
				<div className="flex items-start gap-3">
					<div className="min-w-0 flex-1 space-y-1">
						<div className="flex flex-wrap items-center gap-2">
							{post.pinned ? <Badge tone="brand">Pinned</Badge> : null}
							{post.locked ? <Badge tone="amber">Locked</Badge> : null}
						</div>
						<h1 className="break-words text-2xl font-bold text-gray-900">
							{post.deleted ? (post.removedByModerator ? 'Removed post' : 'Deleted post') : post.title}
						</h1>
						<Byline author={post.author} time={post.time} createdAt={post.createdAt} edited={Boolean(post.editedAt)} />
					</div>
					<ItemMenu
						label={mine ? 'Actions for your post' : `Actions for the post from ${post.author.name}`}
						items={postMenu}
						action={here}
					/>
				</div>
				{post.deleted ? (
					<p className="rounded-lg border border-dashed border-gray-300 px-3 py-2 text-sm italic text-gray-600">
						{post.removedByModerator ? REMOVED_TEXT : POST_DELETED_TEXT}
					</p>
				) : (
					// Rendered and sanitized on the server (renderMarkdown, decision 099): no raw HTML, no script.
					<div className="rich-text" dangerouslySetInnerHTML={{ __html: post.html }} />
				)}
				{openForm?.kind === 'edit-post' && mine && !post.deleted ? (
					<EditPostForm post={post} action={`${here}?edit=post`} cancel={here} />
				) : null}
				{openForm?.kind === 'report-post' && !mine && !post.deleted ? (
					<ReportForm what="this post" action={`${here}?report=post`} cancel={here} />
				) : null}
				{post.deleted ? null : (
					<div className="flex flex-wrap items-start justify-between gap-3 border-t border-gray-100 pt-3">
						<Reactions
							target={{ type: 'post', id: post.id }}
							reactions={post.reactions}
							canReact={canWrite}
							action={here}
							about="the post"
						/>
						<FollowButton following={data.following} action={here} />
					</div>
				)}
			</Card>

			<section aria-labelledby="comments-title" className="space-y-4">
				<h2 id="comments-title" className="text-lg font-semibold text-gray-900">
					{`Comments (${post.commentCount})`}
				</h2>
				{comments.length === 0 ? (
					<p className="text-sm text-gray-600">No comments yet.</p>
				) : (
					<ol className="space-y-4" aria-label="Comments">
						{comments.map((comment) => (
							<li key={comment.id} className="space-y-3">
								<CommentCard comment={comment} data={data} mayModerate={mayModerate} />
								{comment.replies.length ? (
									<ol
										className="ml-6 space-y-3 border-l-2 border-gray-100 pl-4"
										aria-label={`Replies to ${comment.author.name}`}
									>
										{comment.replies.map((reply) => (
											<li key={reply.id}>
												<CommentCard comment={reply} data={data} mayModerate={mayModerate} />
											</li>
										))}
									</ol>
								) : null}
							</li>
						))}
					</ol>
				)}
				<Pager label="Pages of comments" page={page} hasMore={hasMore} />
				{post.deleted ? null : !canWrite ? (
					<PremiumFeatureNotice />
				) : mute ? (
					<MutedNotice mute={mute} timeZone={timeZone} />
				) : post.locked ? (
					<p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">{POST_LOCKED}</p>
				) : (
					<CommentForm action={here} />
				)}
			</section>
			<ActionToast toast={toast} />
		</div>
	)
}

/** Follow, or stop following: new comments notify followers, once per post until they read it. */
function FollowButton({ following, action }: { following: boolean; action: string }) {
	const pending = useIsSubmitting(DISCUSSION_INTENTS.follow)
	return (
		<Form method="post" action={action} preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={DISCUSSION_INTENTS.follow} />
			<input type="hidden" name="following" value={String(!following)} />
			<StatusButton
				variant="secondary"
				size="sm"
				pending={pending}
				pendingLabel={following ? 'Unfollowing...' : 'Following...'}
				aria-pressed={following}
			>
				{following ? 'Following' : 'Follow'}
			</StatusButton>
		</Form>
	)
}

function CommentCard({
	comment,
	data,
	mayModerate,
}: {
	comment: Comment | Comment['replies'][number]
	data: Data
	mayModerate: (authorId: number | null) => boolean
}) {
	const { post, openForm, canWrite, mute } = data
	const here = post.url
	const anchor = `#comment-${comment.id}`
	const mine = comment.author.id === data.me.id
	const standing = !comment.deleted && !comment.hidden
	const topLevelId = comment.parentId ?? comment.id
	const mayReply = standing && canWrite && !mute && !post.locked && !post.deleted
	const items: MenuItem[] = standing
		? [
				...(mayReply
					? [{ kind: 'link' as const, label: 'Reply', to: `${here}?reply=${topLevelId}#comment-${topLevelId}` }]
					: []),
				...(mine
					? [
							{ kind: 'link' as const, label: 'Edit', to: `${here}?edit=${comment.id}${anchor}` },
							{
								kind: 'form' as const,
								label: 'Delete',
								intent: DISCUSSION_INTENTS.deleteComment,
								fields: { commentId: comment.id },
								danger: true,
							},
						]
					: [{ kind: 'link' as const, label: 'Report', to: `${here}?report=${comment.id}${anchor}` }]),
				...(mayModerate(comment.author.id)
					? [
							{
								kind: 'form' as const,
								label: 'Remove comment',
								intent: DISCUSSION_INTENTS.deleteComment,
								fields: { commentId: comment.id },
								danger: true,
							},
						]
					: []),
			]
		: []
	const open = (kind: 'edit-comment' | 'report-comment' | 'reply') =>
		openForm?.kind === kind && openForm.commentId === comment.id
	return (
		<article id={`comment-${comment.id}`} aria-label={`Comment by ${comment.author.name}`} className="scroll-mt-20">
			<Card className="space-y-2 p-4">
				<div className="flex items-start gap-3">
					<div className="min-w-0 flex-1">
						<Byline
							author={comment.author}
							time={comment.time}
							createdAt={comment.createdAt}
							edited={Boolean(comment.editedAt)}
						/>
					</div>
					<ItemMenu
						label={mine ? 'Actions for your comment' : `Actions for the comment from ${comment.author.name}`}
						items={items}
						action={here}
					/>
				</div>
				{standing ? (
					<div className="rich-text" dangerouslySetInnerHTML={{ __html: comment.html }} />
				) : (
					<p className="text-sm italic text-gray-600">
						{comment.hidden ? BLOCKED_TEXT : comment.removedByModerator ? REMOVED_TEXT : COMMENT_DELETED_TEXT}
					</p>
				)}
				{standing ? (
					<Reactions
						target={{ type: 'comment', id: comment.id }}
						reactions={comment.reactions}
						canReact={canWrite}
						action={here}
						about={`the comment from ${comment.author.name}`}
					/>
				) : null}
			</Card>
			{open('edit-comment') && mine && standing ? (
				<div className="mt-2">
					<EditCommentForm comment={comment} action={`${here}?edit=${comment.id}`} cancel={`${here}${anchor}`} />
				</div>
			) : null}
			{open('report-comment') && !mine && standing ? (
				<div className="mt-2">
					<ReportForm
						commentId={comment.id}
						what="this comment"
						action={`${here}?report=${comment.id}`}
						cancel={`${here}${anchor}`}
					/>
				</div>
			) : null}
			{open('reply') && mayReply ? (
				<div className="mt-2">
					<CommentForm
						action={`${here}?reply=${comment.id}`}
						parent={{ id: comment.id, author: comment.author.name }}
						cancel={`${here}${anchor}`}
					/>
				</div>
			) : null}
		</article>
	)
}
