import { getFormProps } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ErrorList } from '~/components/forms'
import { Avatar } from '~/components/ui/avatar'
import { useConformForm } from '~/components/use-conform-form'
import { ChatFormSchema, MESSAGE_MAX_LENGTH, type ChatMessage } from '~/lib/chat'
import { useChat, type ChatTarget, type ConnectionStatus, type TypingPerson } from '~/components/chat/use-chat'
import { MessageText } from '~/components/chat/message-text'

/**
 * A chat panel: the history rendered on the server, a typing indicator and a
 * composer. Without JavaScript the composer is a plain form posting to the
 * page's action and "Show older messages" is a link (`?before=`); with
 * JavaScript the panel is live over the socket (useChat).
 */
export function ChatPanel({
	me,
	target,
	history,
	pageUrl,
	viewingOlder,
	canPost,
	readOnlyNotice,
	emptyState,
	placeholder,
	label,
}: {
	me: { id: number; username: string }
	target: ChatTarget
	history: { messages: ChatMessage[]; hasMore: boolean }
	/** This page's address: the form posts here and the history links add `?before=` to it. */
	pageUrl: string
	/** True when the server rendered an older page (`?before=`), not the latest one. */
	viewingOlder: boolean
	canPost: boolean
	/** Shown instead of the composer when the user may not post. */
	readOnlyNotice?: ReactNode
	emptyState: ReactNode
	placeholder: string
	label: string
}) {
	const hydrated = useHydrated()
	const chat = useChat({ me, target, initialMessages: history.messages, initialHasOlder: history.hasMore })
	const oldest = chat.messages[0]

	return (
		<section aria-label={label} className="flex h-[min(70vh,40rem)] min-h-[24rem] flex-col">
			<div className="flex items-center justify-end border-b border-gray-100 px-4 py-2">
				{hydrated ? <ConnectionBadge status={chat.status} /> : <span className="text-xs text-gray-500">Reload the page to see new messages</span>}
			</div>
			{/* column-reverse keeps the view anchored at the newest message, with or without JavaScript.
			    Focusable, so that a keyboard can scroll it even when it holds no link (WCAG 2.1.1). */}
			<div
				role="region"
				aria-label="Message history"
				tabIndex={0}
				className="flex flex-1 flex-col-reverse overflow-y-auto px-4 py-3 focus-visible:outline-offset-[-2px]"
				data-testid="message-list"
			>
				<div className="space-y-3">
					{chat.hasOlder && oldest ? (
						<div className="text-center">
							<Link
								to={withParam(pageUrl, 'before', oldest.id)}
								preventScrollReset
								onClick={(event) => {
									if (!hydrated) return
									event.preventDefault()
									void chat.loadOlder()
								}}
								className="text-sm font-medium text-brand-600 hover:text-brand-700"
							>
								{chat.loadingOlder ? 'Loading older messages...' : 'Show older messages'}
							</Link>
						</div>
					) : null}
					{chat.messages.length === 0 ? (
						<div className="flex h-full flex-col items-center justify-center py-12 text-center">{emptyState}</div>
					) : (
						<ol className="space-y-3" aria-label="Messages">
							{chat.messages.map((message, index) => (
								<MessageItem
									key={message.id}
									message={message}
									mine={message.senderId === me.id}
									continued={index > 0 && chat.messages[index - 1]!.senderId === message.senderId}
									hydrated={hydrated}
									viewerUsername={me.username}
								/>
							))}
						</ol>
					)}
					{viewingOlder && !hydrated ? (
						<div className="text-center">
							<Link to={pageUrl} className="text-sm font-medium text-brand-600 hover:text-brand-700">
								Back to the latest messages
							</Link>
						</div>
					) : null}
				</div>
			</div>
			<TypingIndicator people={chat.typing} />
			<div className="border-t border-gray-100 p-3">
				{canPost ? (
					<Composer
						action={pageUrl}
						placeholder={placeholder}
						hydrated={hydrated}
						send={chat.send}
						reportTyping={chat.reportTyping}
					/>
				) : (
					readOnlyNotice
				)}
			</div>
		</section>
	)
}

function withParam(url: string, name: string, value: number) {
	const [path, query = ''] = url.split('?')
	const params = new URLSearchParams(query)
	params.set(name, String(value))
	return `${path}?${params}`
}

function ConnectionBadge({ status }: { status: ConnectionStatus }) {
	const look = {
		connected: ['bg-green-500', 'Connected'],
		connecting: ['bg-amber-400 animate-pulse', 'Connecting...'],
		disconnected: ['bg-red-500', 'Disconnected'],
	}[status]
	return (
		<span role="status" className="inline-flex items-center gap-1.5 text-xs text-gray-600">
			<span aria-hidden="true" className={`h-2 w-2 rounded-full ${look[0]}`} />
			{look[1]}
		</span>
	)
}

/** Times render in UTC on the server and in the reader's own time zone once hydrated. */
function formatTime(iso: string, local: boolean) {
	const date = new Date(iso)
	const sameDay = local && date.toDateString() === new Date().toDateString()
	const text = new Intl.DateTimeFormat('en-US', {
		...(sameDay ? {} : { month: 'short', day: 'numeric' }),
		hour: 'numeric',
		minute: '2-digit',
		...(local ? {} : { timeZone: 'UTC' }),
	}).format(date)
	return local ? text : `${text} UTC`
}

function MessageItem({
	message,
	mine,
	continued,
	hydrated,
	viewerUsername,
}: {
	message: ChatMessage
	mine: boolean
	continued: boolean
	hydrated: boolean
	viewerUsername: string
}) {
	const name = message.senderName ?? 'Member'
	return (
		<li className={`flex gap-2 ${mine ? 'flex-row-reverse' : ''}`} data-message-id={message.id}>
			<div className="w-8 shrink-0">{continued ? null : <Avatar name={name} size="sm" />}</div>
			<div className={`flex max-w-[80%] flex-col ${mine ? 'items-end' : 'items-start'}`}>
				{continued ? null : (
					<div className={`mb-0.5 flex items-baseline gap-2 text-xs ${mine ? 'flex-row-reverse' : ''}`}>
						<span className="font-semibold text-gray-800">{mine ? 'You' : name}</span>
						<time dateTime={message.createdAt} className="text-gray-500">
							{formatTime(message.createdAt, hydrated)}
						</time>
					</div>
				)}
				<p
					className={`whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
						mine ? 'rounded-tr-sm bg-brand-600 text-white' : 'rounded-tl-sm bg-gray-100 text-gray-900'
					}`}
				>
					<MessageText content={message.content} viewerUsername={viewerUsername} onDark={mine} />
				</p>
			</div>
		</li>
	)
}

function TypingIndicator({ people }: { people: TypingPerson[] }) {
	const text =
		people.length === 0
			? ''
			: people.length === 1
				? `${people[0]!.name} is typing...`
				: people.length === 2
					? `${people[0]!.name} and ${people[1]!.name} are typing...`
					: `${people.length} people are typing...`
	return (
		<p aria-live="polite" className="h-6 px-4 text-xs italic text-gray-500">
			{text}
		</p>
	)
}

function Composer({
	action,
	placeholder,
	hydrated,
	send,
	reportTyping,
}: {
	action: string
	placeholder: string
	hydrated: boolean
	send: (content: string) => Promise<boolean>
	reportTyping: (isTyping: boolean) => void
}) {
	const [form, fields] = useConformForm({ id: 'chat-form', schema: ChatFormSchema })
	const [text, setText] = useState(() => (typeof fields.content.initialValue === 'string' ? fields.content.initialValue : ''))
	const errorId = fields.content.errors?.length ? `${fields.content.id}-error` : undefined

	async function sendLive(event?: FormEvent) {
		event?.preventDefault()
		const content = text
		// The form's own schema: empty or whitespace-only messages are not sent (product §5).
		if (!ChatFormSchema.safeParse({ content }).success) return
		setText('')
		reportTyping(false)
		const sent = await send(content)
		// Not delivered: give the text back unless something new was typed meanwhile.
		if (!sent) setText((current) => (current === '' ? content : current))
	}

	function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
		// Enter sends, Shift+Enter starts a new line (product §2); an IME composition is left alone.
		if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
		event.preventDefault()
		void sendLive()
	}

	return (
		<Form method="post" action={action} preventScrollReset {...getFormProps(form)} onSubmit={hydrated ? sendLive : undefined}>
			<AuthenticityTokenInput />
			<div className="flex items-end gap-2">
				<label htmlFor={fields.content.id} className="sr-only">
					Message
				</label>
				<textarea
					id={fields.content.id}
					name={fields.content.name}
					value={text}
					onChange={(event) => {
						setText(event.target.value)
						reportTyping(event.target.value.length > 0)
					}}
					onKeyDown={hydrated ? onKeyDown : undefined}
					rows={2}
					maxLength={MESSAGE_MAX_LENGTH}
					placeholder={placeholder}
					aria-invalid={errorId ? true : undefined}
					aria-describedby={errorId}
					className="block max-h-40 min-h-[2.75rem] w-full resize-y rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid]:border-red-500"
				/>
				<button
					type="submit"
					className="inline-flex h-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
				>
					Send
				</button>
			</div>
			<ErrorList id={errorId} errors={fields.content.errors} />
			<ErrorList errors={form.errors} />
			{hydrated ? <p className="mt-1 text-xs text-gray-500">Enter to send, Shift+Enter for a new line</p> : null}
		</Form>
	)
}
