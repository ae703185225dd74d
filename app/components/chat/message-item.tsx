import { Form, Link } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { Avatar } from '~/components/ui/avatar'
import { lazyIsland } from '~/components/lazy-island'
import { CHAT_INTENTS, type ChatMessage, type OpenMessageForm } from '~/lib/chat'
import { formatMessageTime } from '~/lib/dates'
import { DELETED_BY_AUTHOR_TEXT, EDITED_MARK, REMOVED_BY_MODERATOR_TEXT } from '~/lib/moderation'
import { MessageText } from '~/components/chat/message-text'

/** A message's forms come after the page's first scripts, with Conform (decision 254). */
const EditForm = lazyIsland(() => import('~/components/chat/message-forms').then((module) => module.EditForm))
const ReportForm = lazyIsland(() => import('~/components/chat/message-forms').then((module) => module.ReportForm))
const MuteForm = lazyIsland(() => import('~/components/chat/message-forms').then((module) => module.MuteForm))

/**
 * One message of a chat panel: the sender, the time, the text (or 'Message
 * deleted' / 'Removed by a moderator', and '(edited)'), and a <details> menu
 * of what the reader may do with it: edit or delete their own message within
 * 15 minutes, report someone else's, and for moderators delete it or mute its
 * sender. Every action is a plain form posting to the chat page, and the
 * longer ones (edit, report, mute) open under the message from a link
 * (`?edit=`, `?report=`, `?mute=`), so all of it works without JavaScript.
 */

/** What the reader may do with one message (decided by the chat panel). */
export interface MessageActions {
	edit: boolean
	delete: boolean
	report: boolean
	mute: boolean
}

export function MessageItem({
	message,
	mine,
	continued,
	hydrated,
	actions,
	open,
	hrefs,
	viewerUsername,
}: {
	message: ChatMessage
	mine: boolean
	continued: boolean
	hydrated: boolean
	actions: MessageActions
	/** The form open under this message, from the page's address. */
	open: OpenMessageForm
	/** The page (`page`), the page with one form open, where the forms post. */
	hrefs: { page: string; edit: string; report: string; mute: string }
	/** The reader's username: a mention of them is marked out. */
	viewerUsername: string
}) {
	const name = message.senderName ?? 'Member'
	const hasActions = actions.edit || actions.delete || actions.report || actions.mute
	return (
		<li className={`flex gap-2 ${mine ? 'flex-row-reverse' : ''}`} data-message-id={message.id}>
			{/* The avatar is its own 2rem column; under a continued message an empty one keeps the text aligned. */}
			{continued ? <div className="w-8 shrink-0" /> : <Avatar name={name} size="sm" />}
			<div className={`flex max-w-[80%] flex-col ${mine ? 'items-end' : 'items-start'}`}>
				{continued ? null : (
					<div className={`mb-0.5 flex items-baseline gap-2 text-xs ${mine ? 'flex-row-reverse' : ''}`}>
						<span className="font-semibold text-gray-800">{mine ? 'You' : name}</span>
						<time dateTime={message.createdAt} className="text-gray-500">
							{formatMessageTime(message.createdAt, { local: hydrated })}
						</time>
					</div>
				)}
				<div className={`flex items-start gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
					<MessageBody message={message} mine={mine} viewerUsername={viewerUsername} />
					{hasActions ? (
						<MessageMenu
							message={message}
							name={mine ? 'your message' : `the message from ${name}`}
							actions={actions}
							hrefs={hrefs}
							opensTowards={mine ? 'right' : 'left'}
						/>
					) : null}
				</div>
				{open === 'edit' && actions.edit ? (
					<EditForm message={message} action={hrefs.edit} cancel={hrefs.page} />
				) : null}
				{open === 'report' && actions.report ? (
					<ReportForm message={message} action={hrefs.report} cancel={hrefs.page} />
				) : null}
				{open === 'mute' && actions.mute ? (
					<MuteForm message={message} name={name} action={hrefs.mute} cancel={hrefs.page} />
				) : null}
			</div>
		</li>
	)
}

function MessageBody({
	message,
	mine,
	viewerUsername,
}: {
	message: ChatMessage
	mine: boolean
	viewerUsername: string
}) {
	if (message.deleted) {
		return (
			<p className="rounded-2xl border border-dashed border-gray-300 px-3 py-2 text-sm italic text-gray-600">
				{message.removedByModerator ? REMOVED_BY_MODERATOR_TEXT : DELETED_BY_AUTHOR_TEXT}
			</p>
		)
	}
	const text = <MessageText content={message.content} viewerUsername={viewerUsername} onDark={mine} />
	return (
		<p
			className={`chat-bubble ${
				mine ? 'rounded-tr-sm bg-brand-600 text-white' : 'rounded-tl-sm bg-gray-100 text-gray-900'
			}`}
		>
			{/* The text in an element of its own only beside the edited mark, so the text alone is still one element's. */}
			{message.editedAt ? (
				<>
					<span>{text}</span>
					<span className={`ml-1.5 text-xs ${mine ? 'text-brand-100' : 'text-gray-600'}`}>{EDITED_MARK}</span>
				</>
			) : (
				text
			)}
		</p>
	)
}

const menuItemClass = 'chat-menu-item'

function MessageMenu({
	message,
	name,
	actions,
	hrefs,
	opensTowards,
}: {
	message: ChatMessage
	name: string
	actions: MessageActions
	hrefs: { page: string; edit: string; report: string; mute: string }
	/** Over the message's own bubble, so the open menu never reaches past the panel's edge (320 px phones). */
	opensTowards: 'left' | 'right'
}) {
	return (
		<details data-menu className="group relative shrink-0">
			{/* Named by its label and drawn by its class (the three dots): nothing inside, for fifty of them a page. */}
			<summary className="chat-menu-button" aria-label={`Actions for ${name}`} />
			{/* Out of the layout while closed (a closed <details> may still count its content's width), and
			    opening upwards: the history scrolls towards older messages only (it is anchored at the
			    newest, column-reverse), so a menu opening below the last message could not be reached. */}
			<div className={`chat-menu ${opensTowards === 'left' ? 'right-0' : 'left-0'}`}>
				{actions.edit ? (
					<Link to={hrefs.edit} preventScrollReset className={menuItemClass}>
						Edit
					</Link>
				) : null}
				{actions.delete ? (
					<Form method="post" action={hrefs.page} preventScrollReset>
						<AuthenticityTokenInput />
						<input type="hidden" name="intent" value={CHAT_INTENTS.delete} />
						<input type="hidden" name="messageId" value={message.id} />
						<button type="submit" className={`${menuItemClass} text-red-700`}>
							Delete
						</button>
					</Form>
				) : null}
				{actions.report ? (
					<Link to={hrefs.report} preventScrollReset className={menuItemClass}>
						Report
					</Link>
				) : null}
				{actions.mute ? (
					<Link to={hrefs.mute} preventScrollReset className={menuItemClass}>
						{`Mute ${message.senderName ?? 'member'}`}
					</Link>
				) : null}
			</div>
		</details>
	)
}
