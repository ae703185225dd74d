import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { ChatPanel } from '~/components/chat/chat-panel'
import { LIVE_CONVERSATIONS_EVENT } from '~/components/layout/live-counts'
import { pageMeta } from '~/components/page-meta'
import { Avatar } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { ActionToast } from '~/components/ui/toaster'
import { chatPermissionsFor, handleChatPageAction, readOpenForm, readPageCursor } from '~/web/chat-form.server'
import { BlockForm } from '~/components/member-block-form'
import { blockedUserIds } from '~/services/moderation/blocked-ids.server'
import { hasBlocked, messagingRefusal } from '~/services/moderation/blocks.server'
import { readTimeZone } from '~/web/time-zone.server'
import { isRequestedByPage, requireNumericId } from '~/web/http.server'
import { requireUser } from '~/web/auth.server'
import { getPublicUser, listPublicUsers } from '~/services/account/users.server'
import { listedPerson, type ListedPerson } from '~/services/account/people.server'
import { getPrivateHistory, sendPrivateMessage } from '~/services/chat/messages.server'
import { listConversations } from '~/services/chat/private-inbox.server'
import { type ConversationSummary } from '~/lib/chat'
import { type ConversationsEvent } from '~/lib/live-events'
import { formatDateTime, formatListTime } from '~/lib/dates'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { type RouteHandle } from '~/types'
import { newFormOnceToken } from '~/web/form.server'

/** The private chat is an island. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta('Messages', 'Private conversations with other members of the community.')

/** The contact list's page (the conversation's messages page with `?before=`). */
const CONTACTS_PAGE_PARAM = 'contacts'

/** `?userId=` as a number, or null when absent or not an id. */
function selectedUserId(url: URL): number | null {
	const value = url.searchParams.get('userId')
	return value && /^\d{1,9}$/.test(value) ? Number(value) : null
}

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const url = new URL(request.url)
	const search = url.searchParams.get('q')?.trim() ?? ''
	const contactId = selectedUserId(url)
	// Asking for oneself just shows the contact list; anything else unknown says so.
	const requested = url.searchParams.has('userId') && contactId !== user.id
	const contactsPage = readPageNumber(url.searchParams.get(CONTACTS_PAGE_PARAM))
	// Members the viewer blocked leave their contacts (product §6 "Blocking").
	const blocked = await blockedUserIds(user.id)
	const [contactRows, contact] = await Promise.all([
		listPublicUsers(
			{ search, excludeUserId: user.id, excludeUserIds: blocked },
			pageWindow(contactsPage, PAGE_SIZES.people),
		),
		contactId !== null && contactId !== user.id ? getPublicUser(contactId) : null,
	])
	const { items: contacts, hasMore: moreContacts } = pageFrom(contactRows, contactsPage, PAGE_SIZES.people)
	const cursor = readPageCursor(request)
	// Opening the conversation reads it, so the list below is read after it (its unread markers are current).
	const history = contact
		? await getPrivateHistory(user, contact.id, cursor, { markRead: isRequestedByPage(request) })
		: null
	const [conversations, refusal, permissions] = await Promise.all([
		search ? ([] as ConversationSummary[]) : listConversations(user.id),
		contact ? messagingRefusal(user.id, contact.id) : null,
		chatPermissionsFor(user),
	])
	return json({
		youBlocked: contact ? await hasBlocked(user.id, contact.id) : false,
		refusal,
		permissions,
		openForm: readOpenForm(request),
		timeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
		renderedAt: new Date().toISOString(),
		formOnce: newFormOnceToken(),
		me: { id: user.id, username: user.username },
		search,
		contacts: contacts.map(listedPerson),
		contactsPage,
		moreContacts,
		contact,
		contactMissing: requested && !contact,
		conversations,
		history,
		viewingOlder: cursor.before !== undefined,
	})
}

/** The no-JavaScript way to send a private message: the same service as the socket. */
export async function action({ request }: ActionFunctionArgs) {
	const recipientId = requireNumericId(new URL(request.url).searchParams.get('userId') ?? undefined, 'User')
	return handleChatPageAction(
		request,
		(user, content) => sendPrivateMessage(user, { recipientId, content }),
		`/messages?userId=${recipientId}`,
	)
}

export default function Messages() {
	const {
		me,
		search,
		contacts,
		contactsPage,
		moreContacts,
		contact,
		contactMissing,
		conversations,
		history,
		viewingOlder,
		youBlocked,
		refusal,
		permissions,
		openForm,
		timeZone,
		renderedAt,
		formOnce,
	} = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()

	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Messages</h1>
				<p className="mt-1 text-gray-600">Private conversations with other members.</p>
			</div>
			<Card className="grid grid-cols-1 overflow-hidden md:grid-cols-[18rem_minmax(0,1fr)]">
				<div id="contacts" className="flex min-w-0 flex-col">
					{search ? null : (
						<ConversationList
							initial={conversations}
							selectedId={contact?.id ?? null}
							meId={me.id}
							renderedAt={renderedAt}
						/>
					)}
					<ContactList
						contacts={contacts}
						page={contactsPage}
						hasMore={moreContacts}
						search={search}
						selectedId={contact?.id ?? null}
					/>
				</div>
				{/* On a phone the open conversation comes first, the lists below it (product §2 "Messages"). */}
				<div
					className={`min-w-0 border-b border-gray-100 md:border-b-0 md:border-l ${contact ? 'order-first md:order-none' : 'border-t md:border-t-0'}`}
				>
					{contact && history ? (
						<>
							<a
								href="#contacts"
								className="block border-b border-gray-100 px-4 py-2 text-sm font-medium text-brand-700 hover:underline md:hidden"
							>
								Back to contacts
							</a>
							<div className="flex items-center gap-3 border-b border-gray-100 px-4 py-3">
								<Avatar name={contact.name} src={contact.avatar} />
								<div className="min-w-0 flex-1">
									<h2 className="font-semibold text-gray-900">
										<Link to={`/members/${contact.id}`} className="block truncate py-0.5 hover:underline">
											{contact.name}
										</Link>
									</h2>
									<p className="truncate text-xs text-gray-500">{`@${contact.username}`}</p>
								</div>
								<BlockForm member={contact} blocked={youBlocked} redirectTo={`/messages?userId=${contact.id}`} />
							</div>
							<ChatPanel
								key={contact.id}
								me={me}
								target={{ kind: 'private', userId: contact.id }}
								history={history}
								pageUrl={`/messages?userId=${contact.id}`}
								viewingOlder={viewingOlder}
								canPost={refusal === null}
								readOnlyNotice={
									<p className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700">{refusal}</p>
								}
								timeZone={timeZone}
								renderedAt={renderedAt}
								formOnce={formOnce}
								permissions={permissions}
								openForm={openForm}
								emptyState={
									<>
										<p className="font-medium text-gray-900">No messages yet</p>
										<p className="mt-1 text-sm text-gray-600">Say hello to {contact.name}.</p>
									</>
								}
								placeholder={`Message ${contact.name}`}
								label={`Conversation with ${contact.name}`}
							/>
						</>
					) : (
						<div className="flex h-full min-h-[24rem] flex-col items-center justify-center p-8 text-center">
							{/* An icon, not an emoji: machines without an emoji font would draw an empty box. */}
							<span aria-hidden="true" className="mb-3 text-gray-400">
								<Icon name="messages" className="h-10 w-10" />
							</span>
							<p className="font-medium text-gray-900">{contactMissing ? 'Contact not found' : 'Select a contact'}</p>
							<p className="mt-1 text-sm text-gray-600">
								{contactMissing
									? 'That member does not exist. Choose someone from the list.'
									: 'Choose someone from the list to start a conversation.'}
							</p>
						</div>
					)}
				</div>
			</Card>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

/** product §2: contacts with a search by name or username (filtering as one types, with JavaScript). */
function ContactList({
	contacts,
	page,
	hasMore,
	search,
	selectedId,
}: {
	contacts: ListedPerson[]
	page: number
	hasMore: boolean
	search: string
	selectedId: number | null
}) {
	const hydrated = useHydrated()
	const [query, setQuery] = useState(search)
	const needle = hydrated ? query.trim().toLowerCase() : ''
	const shown = needle
		? contacts.filter(
				(person) => person.name.toLowerCase().includes(needle) || person.username.toLowerCase().includes(needle),
			)
		: contacts
	const searching = Boolean(search || needle)

	return (
		<div className="flex max-h-[40rem] flex-col">
			<Form method="get" role="search" aria-label="Search contacts" className="border-b border-gray-100 p-3">
				{selectedId !== null ? <input type="hidden" name="userId" value={selectedId} /> : null}
				<label htmlFor="contact-search" className="sr-only">
					Search contacts
				</label>
				<input
					id="contact-search"
					type="search"
					name="q"
					value={query}
					onChange={(event) => setQuery(event.target.value)}
					placeholder="Search contacts..."
					className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
				/>
			</Form>
			{shown.length === 0 ? (
				<p className="p-6 text-center text-sm text-gray-600">{searching ? 'No contacts found' : 'No contacts yet'}</p>
			) : (
				<ul aria-label="Contacts" className="flex-1 overflow-y-auto p-2">
					{shown.map((person) => (
						<li key={person.id}>
							<Link
								to={`?${new URLSearchParams({ ...(search ? { q: search } : {}), ...(page > 1 ? { [CONTACTS_PAGE_PARAM]: String(page) } : {}), userId: String(person.id) })}`}
								aria-current={person.id === selectedId ? 'page' : undefined}
								className={`flex items-center gap-3 rounded-lg px-3 py-2 ${
									person.id === selectedId ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-gray-50'
								}`}
							>
								<Avatar name={person.name} src={person.avatar} size="sm" />
								<span className="min-w-0 flex-1">
									<span className="block truncate text-sm font-medium text-gray-900">{person.name}</span>
									<span className="block truncate text-xs text-gray-600">{`@${person.username}`}</span>
								</span>
								{person.role === 'admin' ? <Badge tone="red">Admin</Badge> : null}
							</Link>
						</li>
					))}
				</ul>
			)}
			<Pager
				label="Pages of contacts"
				param={CONTACTS_PAGE_PARAM}
				page={page}
				hasMore={hasMore}
				className="border-t border-gray-100 p-3"
			/>
		</div>
	)
}

/**
 * The member's conversations, most recent first, with the last message, its
 * time and how many are unread (product §2 "Messages"). With JavaScript the
 * list follows new messages live (the layout's socket, `live:conversations`).
 */
function ConversationList({
	initial,
	selectedId,
	meId,
	renderedAt,
}: {
	initial: ConversationSummary[]
	selectedId: number | null
	meId: number
	/** "Today" is the server's, so the page hydrates with the same text. */
	renderedAt: string
}) {
	const timeZone = useRouteLoaderData<{ timeZone: string }>('app-layout')?.timeZone ?? 'UTC'
	const [conversations, setConversations] = useState(initial)
	useEffect(() => setConversations(initial), [initial])
	useEffect(() => {
		function onChange(event: Event) {
			const { conversation } = (event as CustomEvent<ConversationsEvent>).detail
			if (!conversation) return
			// The open conversation is read as it comes in.
			const update = conversation.user.id === selectedId ? { ...conversation, unreadCount: 0 } : conversation
			setConversations((current) => [update, ...current.filter((item) => item.user.id !== update.user.id)])
		}
		window.addEventListener(LIVE_CONVERSATIONS_EVENT, onChange)
		return () => window.removeEventListener(LIVE_CONVERSATIONS_EVENT, onChange)
	}, [selectedId])
	if (conversations.length === 0) return null
	return (
		<section aria-labelledby="conversations-title" className="border-b border-gray-100">
			<h2 id="conversations-title" className="px-4 pt-3 text-xs font-semibold uppercase tracking-wide text-gray-500">
				Conversations
			</h2>
			<ul aria-label="Conversations" className="max-h-80 overflow-y-auto p-2">
				{conversations.map(({ user, lastMessage, unreadCount }) => (
					<li key={user.id}>
						<Link
							to={`?userId=${user.id}`}
							aria-current={user.id === selectedId ? 'page' : undefined}
							className={`flex items-start gap-3 rounded-lg px-3 py-2 ${user.id === selectedId ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-gray-50'}`}
						>
							<Avatar name={user.name} src={user.avatar} size="sm" />
							<span className="min-w-0 flex-1">
								<span className="flex items-baseline justify-between gap-2">
									<span className={`truncate text-sm text-gray-900 ${unreadCount ? 'font-bold' : 'font-medium'}`}>
										{user.name}
									</span>
									<time
										dateTime={lastMessage.createdAt}
										title={formatDateTime(lastMessage.createdAt, timeZone)}
										className="shrink-0 text-xs text-gray-500"
									>
										{formatListTime(lastMessage.createdAt, timeZone, renderedAt)}
									</time>
								</span>
								<span className="flex items-center gap-2">
									<span
										className={`block min-w-0 flex-1 truncate text-xs ${unreadCount ? 'font-semibold text-gray-900' : 'text-gray-600'}`}
									>
										{lastMessage.senderId === meId ? `You: ${lastMessage.content}` : lastMessage.content}
									</span>
									{unreadCount ? (
										<span className="shrink-0 rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
											{unreadCount}
											<span className="sr-only"> unread</span>
										</span>
									) : null}
								</span>
							</span>
						</Link>
					</li>
				))}
			</ul>
		</section>
	)
}
