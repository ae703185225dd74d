import { Link } from '@remix-run/react'
import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { lazyIsland } from '~/components/lazy-island'
import { type ChatMessage, type OpenChatForm } from '~/lib/chat'
import { calendarDay, relativeDayLabel } from '~/lib/dates'
import { isWithinEditWindow } from '~/lib/moderation'
import { paramSetter } from '~/lib/page-link'
import { MutedNotice, type MuteNotice } from '~/components/community/notices'
import { useChat, type ChatTarget, type ConnectionStatus, type TypingPerson } from '~/components/chat/use-chat'
import { MessageItem, type MessageActions } from '~/components/chat/message-item'

/** The composer and Conform come after the page's first scripts (decision 254). */
const Composer = lazyIsland(() => import('~/components/chat/composer').then((module) => module.Composer))

/** What the reader may do beyond reading and posting (decided by the page's loader). */
export interface ChatPermissions {
	/** A moderator or admin: may remove room messages and mute their senders. */
	canModerate: boolean
	/** Senders a moderator may not act on (admins and moderators); empty for admins. */
	protectedSenderIds: number[]
}

/** The reader's mute in this room, while it lasts. */
export type ChatMute = MuteNotice

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
	timeZone,
	renderedAt,
	permissions = { canModerate: false, protectedSenderIds: [] },
	openForm = null,
	mute = null,
	formOnce,
}: {
	me: { id: number; username: string }
	target: ChatTarget
	history: { messages: ChatMessage[]; hasMore: boolean; changeCursor?: number }
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
	/** The zone the day separators are drawn in (the page's time-zone hint, UTC without it). */
	timeZone: string
	/** When the server drew the page: the 15-minute correction window is counted from it until hydration. */
	renderedAt: string
	permissions?: ChatPermissions
	openForm?: OpenChatForm | null
	/** The reader's mute (community rooms): shown instead of the composer. */
	mute?: ChatMute | null
	/** The composer's token as a form (its loader draws one per page): posted twice without JavaScript, it sends once. */
	formOnce: string
}) {
	const hydrated = useHydrated()
	const chat = useChat({
		me,
		target,
		initialMessages: history.messages,
		initialHasOlder: history.hasMore,
		initialChangeCursor: history.changeCursor ?? 0,
	})
	const oldest = chat.messages[0]
	const now = useNow(renderedAt)
	// A mute given or lifted while the page is open counts at once (the server says so on the socket); it is about rooms only.
	const currentMute = target.kind !== 'community' ? null : chat.mute === undefined ? mute : chat.mute
	const editHref = paramSetter(pageUrl, 'edit')
	const reportHref = paramSetter(pageUrl, 'report')
	const muteHref = paramSetter(pageUrl, 'mute')
	const hrefsOf = (messageId: number) => ({
		page: pageUrl,
		edit: editHref(messageId),
		report: reportHref(messageId),
		mute: muteHref(messageId),
	})

	// Each message's calendar day, worked out once: a day separator compares a message's with the one before.
	const days = chat.messages.map((message) => calendarDay(message.createdAt, timeZone))

	return (
		<section aria-label={label} className="flex h-[min(70vh,40rem)] min-h-[24rem] flex-col">
			<div className="flex items-center justify-end border-b border-gray-100 px-4 py-2">
				{hydrated ? (
					<ConnectionBadge status={chat.status} />
				) : (
					<span className="text-xs text-gray-500">Reload the page to see new messages</span>
				)}
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
								to={paramSetter(pageUrl, 'before')(oldest.id)}
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
							{chat.messages.map((message, index) => {
								const previous = index > 0 ? chat.messages[index - 1]! : null
								const newDay = !previous || days[index - 1] !== days[index]
								return (
									<Fragment key={message.id}>
										{newDay ? <DaySeparator label={relativeDayLabel(message.createdAt, timeZone, now)} /> : null}
										<MessageItem
											message={message}
											mine={message.senderId === me.id}
											continued={!newDay && previous?.senderId === message.senderId}
											hydrated={hydrated}
											actions={actionsFor(message, me.id, permissions, now)}
											open={openForm?.messageId === message.id ? openForm.kind : null}
											hrefs={hrefsOf(message.id)}
											viewerUsername={me.username}
										/>
									</Fragment>
								)
							})}
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
				{canPost && currentMute ? (
					<MutedNotice mute={currentMute} timeZone={timeZone} />
				) : canPost ? (
					<Composer
						action={pageUrl}
						formOnce={formOnce}
						placeholder={placeholder}
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

/** The time the page's rules are checked against: the server's until hydration, then the browser's, every half minute. */
function useNow(renderedAt: string): number {
	const [now, setNow] = useState(() => Date.parse(renderedAt))
	useEffect(() => {
		setNow(Date.now())
		const timer = setInterval(() => setNow(Date.now()), 30_000)
		return () => clearInterval(timer)
	}, [])
	return now
}

/**
 * What the reader may do with a message: their own within 15 minutes (edit,
 * delete); someone else's (report); as a moderator, a room message of anyone
 * they may act on (delete, mute its sender). The server checks all of it again.
 */
function actionsFor(message: ChatMessage, me: number, permissions: ChatPermissions, now: number): MessageActions {
	const none = { edit: false, delete: false, report: false, mute: false }
	if (message.deleted) return none
	const mine = message.senderId === me
	const moderates =
		permissions.canModerate && !message.isPrivate && !permissions.protectedSenderIds.includes(message.senderId)
	if (mine) {
		const inWindow = isWithinEditWindow(message.createdAt, now)
		return {
			edit: inWindow,
			delete: inWindow || (permissions.canModerate && !message.isPrivate),
			report: false,
			mute: false,
		}
	}
	return { edit: false, delete: moderates, report: true, mute: moderates }
}

/** product §2 "Chat panel": 'Today', 'Yesterday' or the date, above the day's first message. */
function DaySeparator({ label }: { label: string }) {
	return (
		<li className="flex items-center gap-3 py-1 text-xs font-medium text-gray-600">
			<span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
			<span>{label}</span>
			<span aria-hidden="true" className="h-px flex-1 bg-gray-200" />
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
