import { type ChatMessage } from '~/lib/chat'
import { type ServerToClientEvents } from '~/lib/live-events'
import { singleton } from '~/platform/singleton.server'

/**
 * What services may ask of members' live connections, without knowing how
 * they are held. The socket server (app/realtime) registers the
 * implementation at start-up; until then, and in processes without sockets
 * (the seed script, tests of services), every call does nothing: the data is
 * stored either way, and pages read it on their next load.
 */
export interface LivePublisher {
	/**
	 * A stored chat message, to everyone who may read it now: `audience`, when
	 * given (a peer pod's room), names those members and nobody else.
	 */
	deliverMessage(message: ChatMessage, audience?: number[] | null): void
	/** A message edited or deleted since, to the same people: `message_updated` or `message_deleted`. */
	deliverMessageChange(message: ChatMessage, audience?: number[] | null): void
	/**
	 * An event of the live protocol (app/lib/live-events.ts) to every open page
	 * of one user (a notification, a new unread count), with that event's payload.
	 */
	emitToUser<E extends keyof ServerToClientEvents>(
		userId: number,
		event: E,
		...args: Parameters<ServerToClientEvents[E]>
	): void
	/** Whether the user has a page with a live connection open now (an email can wait while they are here). */
	isOnline(userId: number): Promise<boolean>
	/**
	 * Whether one of the user's pages has the private conversation with
	 * `otherUserId` open now: a message that arrives there is read, not
	 * announced (docs/decisions/101).
	 */
	isViewingConversation(userId: number, otherUserId: number): Promise<boolean>
	/**
	 * Whether one of the user's pages is on screen now and shows what `link`
	 * names (its socket reports its page: `viewing`): a push about it is not needed.
	 */
	isLookingAt(userId: number, link: string): Promise<boolean>
	/** Closes a user's live connections: those of one session, or all of them, or all but one session's. */
	disconnectUser(userId: number, which?: { sessionId?: string; exceptSessionId?: string }): void
}

const registry = singleton('live-publisher', () => ({ publisher: null as LivePublisher | null }))

export function registerLivePublisher(publisher: LivePublisher | null) {
	registry.publisher = publisher
}

export const live: LivePublisher = {
	deliverMessage: (message, audience) => registry.publisher?.deliverMessage(message, audience),
	deliverMessageChange: (message, audience) => registry.publisher?.deliverMessageChange(message, audience),
	emitToUser: (userId, event, ...args) => registry.publisher?.emitToUser(userId, event, ...args),
	isOnline: async (userId) => (await registry.publisher?.isOnline(userId)) ?? false,
	isViewingConversation: async (userId, otherUserId) =>
		(await registry.publisher?.isViewingConversation(userId, otherUserId)) ?? false,
	isLookingAt: async (userId, link) => (await registry.publisher?.isLookingAt(userId, link)) ?? false,
	disconnectUser: (userId, which) => registry.publisher?.disconnectUser(userId, which),
}
