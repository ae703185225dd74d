import { redirect } from '@remix-run/node'
import { type UserJSON } from '#models/index'
import { DISCUSSION_INTENTS } from '~/lib/discussions'
import {
	CommentFormSchema,
	CommentIdFormSchema,
	EditCommentFormSchema,
	EditPostFormSchema,
	FollowFormSchema,
	LockFormSchema,
	PinFormSchema,
	ReactFormSchema,
} from '~/lib/discussion-schemas'
import { CommentReportFormSchema, PostReportFormSchema } from '~/lib/moderation-schemas'
import { EmptyFormSchema } from '~/lib/schemas'
import {
	createComment,
	deleteComment,
	deletePost,
	editComment,
	editPost,
	setLocked,
	setPinned,
} from '~/services/discussions/discussions.server'
import { setFollowing } from '~/services/discussions/follows.server'
import { setReaction } from '~/services/discussions/reactions.server'
import { createReport } from '~/services/moderation/reports.server'
import { readProtectedForm } from '~/web/csrf.server'
import { handleFormSubmission } from '~/web/form.server'
import { jsonError } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

const REPORT_SENT = { title: 'Report sent', description: 'Thank you. A moderator will look at it soon.' }

/**
 * The forms of a discussion thread (without JavaScript, and with it): one
 * intent each, every one through the same service function as the JSON
 * calls. Success goes back to the thread (to the comment, for a comment),
 * with a notice where something left the page; a refusal comes back on its
 * form, with a notice.
 */
export async function handleThreadAction(request: Request, user: UserJSON, postId: number): Promise<Response> {
	const formData = await readProtectedForm(request)
	const intent = formData.get('intent')
	const here = new URL(request.url).pathname
	const back = (anchor = '') => redirect(`${here}${anchor}`, 303)
	const form = <Schema extends Parameters<typeof handleFormSubmission>[0]['schema']>(
		schema: Schema,
		failureTitle: string,
		onValid: Parameters<typeof handleFormSubmission<Schema>>[0]['onValid'],
		options: { announceInvalid?: boolean; resultIntent?: string } = {},
	) =>
		handleFormSubmission({
			request,
			formData,
			schema,
			intent: options.resultIntent ?? String(intent),
			failureTitle,
			announceInvalid: options.announceInvalid,
			onValid,
		})

	switch (intent) {
		case DISCUSSION_INTENTS.comment: {
			// A reply's answer belongs to the reply form it came from, not to the form at the thread's foot.
			const parentId = formData.get('parentId')
			return form(
				CommentFormSchema,
				'Could not post the comment',
				async ({ body, parentId }) => {
					const comment = await createComment(user, postId, { body, parentId })
					return back(`#comment-${comment.id}`)
				},
				{ resultIntent: parentId ? `${DISCUSSION_INTENTS.comment}-${parentId}` : DISCUSSION_INTENTS.comment },
			)
		}
		case DISCUSSION_INTENTS.editPost:
			return form(EditPostFormSchema, 'Could not edit the post', async (changes) => {
				await editPost(user, postId, changes)
				return back()
			})
		case DISCUSSION_INTENTS.deletePost:
			return form(
				EmptyFormSchema,
				'Could not delete the post',
				async () => {
					const post = await deletePost(user, postId)
					return redirectWithToast(
						here,
						{ title: post.removedByModerator ? 'Post removed' : 'Post deleted' },
						{ status: 303 },
					)
				},
				{ announceInvalid: true },
			)
		case DISCUSSION_INTENTS.editComment:
			return form(EditCommentFormSchema, 'Could not edit the comment', async ({ commentId, body }) => {
				await editComment(user, commentId, body)
				return back(`#comment-${commentId}`)
			})
		case DISCUSSION_INTENTS.deleteComment:
			return form(
				CommentIdFormSchema,
				'Could not delete the comment',
				async ({ commentId }) => {
					const comment = await deleteComment(user, commentId)
					return redirectWithToast(
						`${here}#comment-${commentId}`,
						{ title: comment.removedByModerator ? 'Comment removed' : 'Comment deleted' },
						{ status: 303 },
					)
				},
				{ announceInvalid: true },
			)
		case DISCUSSION_INTENTS.react:
			return form(
				ReactFormSchema,
				'Could not react',
				async ({ targetType, targetId, kind, on }) => {
					await setReaction(user, { type: targetType, id: targetId }, kind, on)
					return back(targetType === 'comment' ? `#comment-${targetId}` : '')
				},
				{ announceInvalid: true },
			)
		case DISCUSSION_INTENTS.follow:
			return form(
				FollowFormSchema,
				'Could not change following',
				async ({ following }) => {
					await setFollowing(user, postId, following)
					return redirectWithToast(
						here,
						following
							? { title: 'Following', description: 'You will be told about new comments.' }
							: { title: 'Not following', description: 'You will not be told about new comments.' },
						{ status: 303 },
					)
				},
				{ announceInvalid: true },
			)
		case DISCUSSION_INTENTS.pin:
			return form(
				PinFormSchema,
				'Could not pin the post',
				async ({ pinned }) => {
					await setPinned(user, postId, pinned)
					return redirectWithToast(here, { title: pinned ? 'Post pinned' : 'Post unpinned' }, { status: 303 })
				},
				{ announceInvalid: true },
			)
		case DISCUSSION_INTENTS.lock:
			return form(
				LockFormSchema,
				'Could not lock the post',
				async ({ locked }) => {
					await setLocked(user, postId, locked)
					return redirectWithToast(here, { title: locked ? 'Post locked' : 'Post unlocked' }, { status: 303 })
				},
				{ announceInvalid: true },
			)
		case DISCUSSION_INTENTS.reportPost:
			return form(PostReportFormSchema, 'Report failed', async ({ reason, details }) => {
				await createReport(user, { postId, reason, details })
				return redirectWithToast(here, REPORT_SENT, { status: 303 })
			})
		case DISCUSSION_INTENTS.reportComment:
			return form(CommentReportFormSchema, 'Report failed', async ({ commentId, reason, details }) => {
				await createReport(user, { commentId, reason, details })
				return redirectWithToast(`${here}#comment-${commentId}`, REPORT_SENT, { status: 303 })
			})
		default:
			throw jsonError(400, 'Unknown action')
	}
}
