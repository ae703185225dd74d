import { type NotificationJSON } from '#models/notification'
import { type ChatMessage, type ConversationSummary } from '~/lib/chat'
import { type ClientPayload } from '~/lib/live-payloads'
import { type MediaStatusJSON } from '~/lib/media'

/**
 * The live protocol (product §4, §7; README "Chat protocol"), declared once
 * for both ends, as Socket.IO's TypeScript guide does: the events the browser
 * sends (`ClientToServerEvents`, each payload parsed by its zod schema in
 * ~/lib/live-payloads) and the events the server sends
 * (`ServerToClientEvents`, with their payload types). The Socket.IO server, its handlers (app/realtime), the
 * services' seam (app/platform/live.server.ts) and the browser's sockets are
 * all typed by these maps, so a wrong name or payload is a type error on
 * either side (docs/decisions/094).
 *
 * Event names are written here only: code elsewhere names an event as
 * `ClientToServer.typing` or `ServerToClient.notification`. Socket.IO's own
 * events (`connection`, `connect`, `connect_error`, `disconnect`) are its
 * names, typed by it, and are not part of this protocol.
 */

/** Where the Socket.IO server listens, and the browser connects. */
export const LIVE_PATH = '/ws'

// ---------------------------------------------------------------------------
// What the browser sends
// ---------------------------------------------------------------------------

// Each event's payload schema is in ~/lib/live-payloads (zod), which the
// server's handlers import; the browser's sockets need only the names and
// types below, and so load no zod (docs/decisions/198).

/** What a send's acknowledgement callback receives: the stored message's id, or why it was refused. */
export type SendResult = { ok: true; id: number } | { ok: false; message: string }
export type SendAck = (result: SendResult) => void

export interface ClientToServerEvents {
	auth: (payload: ClientPayload<'auth'>) => void
	subscribe: (payload: ClientPayload<'subscribe'>) => void
	typing: (payload: ClientPayload<'typing'>) => void
	community_message: (payload: ClientPayload<'community_message'>, ack: SendAck) => void
	private_message: (payload: ClientPayload<'private_message'>, ack: SendAck) => void
	edit_message: (payload: ClientPayload<'edit_message'>, ack: SendAck) => void
	delete_message: (payload: ClientPayload<'delete_message'>, ack: SendAck) => void
	viewing: (payload: ClientPayload<'viewing'>, ack?: (result: ViewingResult) => void) => void
	badges: (payload: ClientPayload<'badges'>, ack: (result: BadgesResult) => void) => void
}

/** What a `viewing` acknowledgement receives: taken, or why not. */
export type ViewingResult = { ok: true } | { ok: false; message: string }

/**
 * What a `badges` acknowledgement receives: the member's unread notifications and unread conversations as
 * they stand, and their notifications newer than the page's newest (newest first, at most the bell's size);
 * or why not.
 */
export type BadgesResult =
	| { ok: true; unreadNotifications: number; unreadConversations: number; notifications: NotificationJSON[] }
	| { ok: false; message: string }

/** The events whose sender hears what became of them through the acknowledgement: the sends. */
export type SendEvent = {
	[E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]> extends [unknown, SendAck] ? E : never
}[keyof ClientToServerEvents]

// ---------------------------------------------------------------------------
// What the server sends
// ---------------------------------------------------------------------------

/** Every refusal and failure, on its own or alongside a send's `{ ok: false, message }`. */
export interface LiveError {
	message: string
}

/** product §3 typing indicator, as the server relays it. */
export interface TypingNotice {
	userId: number
	username: string
	name?: string
	targetId: number
	isPrivate: boolean
	isTyping: boolean
}

/** The member's own mute, as it now stands: null once lifted (decision 111). */
export interface MuteChangedEvent {
	mute: { until: string | null; reason: string } | null
}

/** A notification that just arrived, and the member's new unread count (decision 100). */
export interface NotificationEvent {
	notification: NotificationJSON
	unreadCount: number
}

/** The member's notifications were read somewhere: the new unread count. */
export interface NotificationsReadEvent {
	unreadCount: number
}

/** The new number of conversations with unread messages, and the one that changed. */
export interface ConversationsEvent {
	unreadCount: number
	conversation?: ConversationSummary
}

export interface ServerToClientEvents {
	/** The socket's `auth` was accepted: from now on it receives chat. */
	auth_success: () => void
	error: (error: LiveError) => void
	community_message: (message: ChatMessage) => void
	private_message: (message: ChatMessage) => void
	message_updated: (message: ChatMessage) => void
	message_deleted: (message: ChatMessage) => void
	typing: (notice: TypingNotice) => void
	mute_changed: (event: MuteChangedEvent) => void
	notification: (event: NotificationEvent) => void
	notifications_read: (event: NotificationsReadEvent) => void
	conversations: (event: ConversationsEvent) => void
	/** A lesson's upload changed state or got further (admins and content managers: the admin table, decision 176). */
	media_processing: (event: MediaStatusJSON) => void
}

/** The events that carry one chat message: delivered in id order on every process (decision 145). */
export type ChatMessageEvent = {
	[E in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[E]> extends [ChatMessage] ? E : never
}[keyof ServerToClientEvents]

// ---------------------------------------------------------------------------
// The names
// ---------------------------------------------------------------------------

type EventNames<Events> = { readonly [E in keyof Events & string]: E }

/**
 * The events' names as values, read off the maps above: asked for a name,
 * the object answers with that name. So each name is written once, in its
 * map, and one that is not there is a type error wherever it is used.
 */
function eventNames<Events>(): EventNames<Events> {
	return new Proxy({} as EventNames<Events>, {
		get: (_names, name) => (typeof name === 'string' ? name : undefined),
	})
}

/** `ClientToServer.typing` is 'typing': the events the browser sends. */
export const ClientToServer = eventNames<ClientToServerEvents>()
/** `ServerToClient.notification` is 'notification': the events the server sends. */
export const ServerToClient = eventNames<ServerToClientEvents>()
