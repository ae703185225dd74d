import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorList, Field, FormButtons, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { useConformForm } from '~/components/use-conform-form'
import {
	COMMENT_BODY_MAX,
	DISCUSSION_INTENTS,
	POST_BODY_MAX,
	POST_TITLE_MAX,
	type ReactionKind,
} from '~/lib/discussions'
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_LABELS } from '~/lib/moderation'

/**
 * The pieces of the discussion pages (product §2 "Discussions"): the forms,
 * the reaction buttons and the menus of posts and comments. Every action is
 * a plain form posting to the page, and the longer ones (edit, reply,
 * report) open under what they are about from a link (`?edit=`, `?reply=`,
 * `?report=`), so all of it works without JavaScript, as the chat's message
 * menu does (decision 118).
 */

export const MARKDOWN_HELP = 'Markdown works: **bold**, *italic*, [a link](https://example.com), lists and > quotes.'

export interface ReactionView {
	kind: ReactionKind
	label: string
	count: number
	reacted: boolean
	who: string[]
}

/** The reaction buttons of a post or comment: a form each (pressed when the reader gave it), and who gave them. */
export function Reactions({
	target,
	reactions,
	canReact,
	action,
	about,
}: {
	target: { type: 'post' | 'comment'; id: number }
	reactions: ReactionView[]
	canReact: boolean
	/** Where the forms post (the thread's address). */
	action: string
	/** What the buttons are about, for screen readers ("the post", "Ada's comment"). */
	about: string
}) {
	const given = reactions.filter((reaction) => reaction.count > 0)
	return (
		<div className="space-y-1">
			<ul className="flex flex-wrap gap-2" aria-label={`Reactions to ${about}`}>
				{reactions.map((reaction) => (
					<li key={reaction.kind}>
						{canReact ? (
							<Form method="post" action={action} preventScrollReset>
								<AuthenticityTokenInput />
								<input type="hidden" name="intent" value={DISCUSSION_INTENTS.react} />
								<input type="hidden" name="targetType" value={target.type} />
								<input type="hidden" name="targetId" value={target.id} />
								<input type="hidden" name="kind" value={reaction.kind} />
								<input type="hidden" name="on" value={reaction.reacted ? 'false' : 'true'} />
								<button
									type="submit"
									aria-pressed={reaction.reacted}
									// Starts with what the button shows (WCAG 2.5.3, Label in Name): "Like 2" said to voice control presses it.
									aria-label={`${reaction.label} ${reaction.count}, on ${about}`}
									className={`rounded-full border px-3 py-1 text-xs font-medium ${
										reaction.reacted
											? 'border-brand-600 bg-brand-50 text-brand-700'
											: 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
									}`}
								>
									{`${reaction.label} ${reaction.count}`}
								</button>
							</Form>
						) : (
							<span className="inline-block rounded-full border border-gray-200 px-3 py-1 text-xs text-gray-600">
								{`${reaction.label} ${reaction.count}`}
							</span>
						)}
					</li>
				))}
			</ul>
			{given.length ? (
				<details className="text-xs text-gray-600">
					<summary className="cursor-pointer">Who reacted</summary>
					<ul className="mt-1 space-y-0.5">
						{given.map((reaction) => (
							<li key={reaction.kind}>
								{`${reaction.label}: ${reaction.who.join(', ')}${reaction.count > reaction.who.length ? ` and ${reaction.count - reaction.who.length} more` : ''}`}
							</li>
						))}
					</ul>
				</details>
			) : null}
		</div>
	)
}

export type MenuItem =
	| { kind: 'link'; label: string; to: string }
	| { kind: 'form'; label: string; intent: string; fields: Record<string, string | number>; danger?: boolean }

const menuItemClass = 'block w-full rounded-md px-3 py-1.5 text-left text-sm text-gray-700 hover:bg-gray-100'

/** A post's or comment's menu: a <details> of links (forms that open under it) and one-click forms. */
export function ItemMenu({ label, items, action }: { label: string; items: MenuItem[]; action: string }) {
	if (items.length === 0) return null
	return (
		<details data-menu className="group relative shrink-0">
			<summary className="flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-800 group-open:bg-gray-100 [&::-webkit-details-marker]:hidden">
				<span className="sr-only">{label}</span>
				<svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
					<path d="M4 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm7.5 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM19 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
				</svg>
			</summary>
			<div className="absolute right-0 top-full z-20 mt-1 hidden w-48 rounded-lg border border-gray-200 bg-white p-1 shadow-md group-open:block">
				{items.map((item) =>
					item.kind === 'link' ? (
						<Link key={item.label} to={item.to} preventScrollReset className={menuItemClass}>
							{item.label}
						</Link>
					) : (
						<Form key={item.label} method="post" action={action} preventScrollReset>
							<AuthenticityTokenInput />
							<input type="hidden" name="intent" value={item.intent} />
							{Object.entries(item.fields).map(([name, value]) => (
								<input key={name} type="hidden" name={name} value={value} />
							))}
							<button type="submit" className={`${menuItemClass} ${item.danger ? 'text-red-700' : ''}`}>
								{item.label}
							</button>
						</Form>
					),
				)}
			</div>
		</details>
	)
}

const panelClass = 'space-y-3 rounded-lg border border-gray-200 bg-white p-4'

/**
 * A post's form: starting one on a community's discussions (with its heading),
 * or its author's edit under the post (`?edit=post`, with the post's words).
 */
function PostForm({
	action,
	edit,
}: {
	action: string
	/** The post being edited, and where 'Cancel' goes back to; absent for a new post. */
	edit?: { post: { title: string; body: string }; cancel: string }
}) {
	const intent = edit ? DISCUSSION_INTENTS.editPost : DISCUSSION_INTENTS.createPost
	const [form, fields] = useConformForm({
		id: edit ? 'edit-post' : 'new-post',
		schema: () => import('~/lib/discussion-schemas').then((m) => (edit ? m.EditPostFormSchema : m.NewPostFormSchema)),
		intent,
		defaultValue: edit ? { title: edit.post.title, body: edit.post.body } : undefined,
	})
	return (
		<Form
			method="post"
			action={action}
			{...(edit ? { 'aria-label': 'Edit post' } : { 'aria-labelledby': 'start-discussion-heading' })}
			className={panelClass}
			{...getFormProps(form)}
		>
			{edit ? null : (
				<h2 id="start-discussion-heading" className="text-base font-semibold text-gray-900">
					Start a discussion
				</h2>
			)}
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={intent} />
			<FormErrors errors={form.errors} />
			<Field
				label="Title"
				inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: POST_TITLE_MAX }}
				errors={fields.title.errors}
			/>
			<TextareaField
				label="Post"
				textareaProps={{ ...getTextareaProps(fields.body), rows: edit ? 8 : 6, maxLength: POST_BODY_MAX }}
				help={MARKDOWN_HELP}
				errors={fields.body.errors}
			/>
			{edit ? (
				<FormButtons cancel={edit.cancel} intent={intent} label="Save" pendingLabel="Saving..." />
			) : (
				<FormButtons intent={intent} label="Publish" pendingLabel="Publishing..." />
			)}
		</Form>
	)
}

/** The new-post form of a community's discussions. */
export const NewPostForm = ({ action }: { action: string }) => <PostForm action={action} />

/** The author's edit form, under the post (`?edit=post`). */
export const EditPostForm = ({
	post,
	action,
	cancel,
}: {
	post: { title: string; body: string }
	action: string
	cancel: string
}) => <PostForm action={action} edit={{ post, cancel }} />

/** The comment form: at the foot of the thread, or under a comment as a reply (`parentId`). */
export function CommentForm({
	action,
	parent,
	cancel,
}: {
	action: string
	/** The comment replied to, when this is a reply form. */
	parent?: { id: number; author: string }
	cancel?: string
}) {
	const id = parent ? `reply-${parent.id}` : 'comment-form'
	const [form, fields] = useConformForm({
		id,
		schema: () => import('~/lib/discussion-schemas').then((m) => m.CommentFormSchema),
		intent: parent ? `${DISCUSSION_INTENTS.comment}-${parent.id}` : DISCUSSION_INTENTS.comment,
		defaultValue: parent ? { parentId: parent.id } : undefined,
	})
	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			aria-label={parent ? `Reply to ${parent.author}` : 'Add a comment'}
			className={panelClass}
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={DISCUSSION_INTENTS.comment} />
			{parent ? <input {...getInputProps(fields.parentId, { type: 'hidden' })} /> : null}
			<FormErrors errors={form.errors} />
			<TextareaField
				label={parent ? `Your reply to ${parent.author}` : 'Add a comment'}
				textareaProps={{
					...getTextareaProps(fields.body),
					rows: parent ? 3 : 4,
					maxLength: COMMENT_BODY_MAX,
					autoFocus: Boolean(parent),
				}}
				help={MARKDOWN_HELP}
				errors={fields.body.errors}
			/>
			<ErrorList errors={fields.parentId.errors} />
			<FormButtons
				cancel={cancel}
				intent={DISCUSSION_INTENTS.comment}
				label={parent ? 'Reply' : 'Comment'}
				pendingLabel="Posting..."
			/>
		</Form>
	)
}

/** The author's edit form, under a comment (`?edit={commentId}`). */
export function EditCommentForm({
	comment,
	action,
	cancel,
}: {
	comment: { id: number; body: string }
	action: string
	cancel: string
}) {
	const [form, fields] = useConformForm({
		id: `edit-comment-${comment.id}`,
		schema: () => import('~/lib/discussion-schemas').then((m) => m.EditCommentFormSchema),
		intent: DISCUSSION_INTENTS.editComment,
		defaultValue: { commentId: comment.id, body: comment.body },
	})
	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			aria-label="Edit comment"
			className={panelClass}
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={DISCUSSION_INTENTS.editComment} />
			<input {...getInputProps(fields.commentId, { type: 'hidden' })} />
			<FormErrors errors={form.errors} />
			<TextareaField
				label="New text"
				textareaProps={{ ...getTextareaProps(fields.body), rows: 4, maxLength: COMMENT_BODY_MAX, autoFocus: true }}
				errors={fields.body.errors}
			/>
			<FormButtons cancel={cancel} intent={DISCUSSION_INTENTS.editComment} label="Save" pendingLabel="Saving..." />
		</Form>
	)
}

/** The report form, under the post (`?report=post`) or a comment (`?report={commentId}`). */
export function ReportForm({
	commentId,
	what,
	action,
	cancel,
}: {
	commentId?: number
	/** "this post", "this comment". */
	what: string
	action: string
	cancel: string
}) {
	const intent = commentId ? DISCUSSION_INTENTS.reportComment : DISCUSSION_INTENTS.reportPost
	const [form, fields] = useConformForm({
		id: commentId ? `report-comment-${commentId}` : 'report-post',
		// The fields are the comment form's (the post's has no commentId, and sends none).
		schema: () =>
			import('~/lib/moderation-schemas').then(
				(m) => (commentId ? m.CommentReportFormSchema : m.PostReportFormSchema) as typeof m.CommentReportFormSchema,
			),
		intent,
		defaultValue: { commentId, reason: 'spam' },
	})
	return (
		<Form
			method="post"
			action={action}
			preventScrollReset
			aria-label={`Report ${what}`}
			className={panelClass}
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={intent} />
			{commentId ? <input {...getInputProps(fields.commentId, { type: 'hidden' })} /> : null}
			<FormErrors errors={form.errors} />
			<SelectField
				label={`Why are you reporting ${what}?`}
				selectProps={getSelectProps(fields.reason)}
				options={REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] }))}
				errors={fields.reason.errors}
			/>
			<TextareaField
				label="Details"
				textareaProps={{ ...getTextareaProps(fields.details), rows: 2, maxLength: REPORT_DETAILS_MAX }}
				help="Needed for Other; optional otherwise."
				errors={fields.details.errors}
			/>
			<FormButtons cancel={cancel} intent={intent} label="Send report" pendingLabel="Sending..." />
		</Form>
	)
}

/** A post's or comment's byline: the author (a link to their card), the time, '(edited)'. */
export function Byline({
	author,
	time,
	createdAt,
	edited,
	children,
}: {
	author: { id: number | null; name: string }
	time: string
	createdAt: string
	edited: boolean
	children?: ReactNode
}) {
	return (
		<p className="flex flex-wrap items-baseline gap-x-2 text-sm text-gray-600">
			{author.id ? (
				<Link to={`/members/${author.id}`} className="font-medium text-gray-900 hover:underline">
					{author.name}
				</Link>
			) : (
				<span className="font-medium text-gray-900">{author.name}</span>
			)}
			<time dateTime={createdAt}>{time}</time>
			{edited ? <span>(edited)</span> : null}
			{children}
		</p>
	)
}
