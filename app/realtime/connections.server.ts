import { type ChatMessage } from '~/lib/chat'
import { ServerToClient, type ChatMessageEvent } from '~/lib/live-events'
import { pageShowsLink } from '~/lib/page-link'
import { type LivePublisher } from '~/platform/live.server'
import { type OrderedDelivery } from '~/realtime/ordered-delivery.server'
import { type LiveServer, type SocketData } from '~/realtime/socket-data'

/**
 * The rooms of the Socket.IO server, and the LivePublisher that services
 * reach it through (registered by attachSocketServer). Every socket joins
 * `user:{id}` and `session:{sid}` rooms when it connects, and the chat rooms
 * below once its `auth` message is accepted.
 */

export const userRoom = (userId: number) => `user:${userId}`
export const sessionRoom = (sessionId: string) => `session:${sessionId}`
/** Private messages and private typing notices for one user (every tab that sent `auth`). */
export const inboxRoom = (userId: number) => `inbox:${userId}`
/** Sockets that asked for one room's messages only (the optional `subscribe` message). */
export const communityRoom = (communityId: number) => `community:${communityId}`
/** The sockets of `viewerId`'s pages that show the conversation with `otherUserId` (the optional `conversationWith` of `subscribe`). */
export const conversationViewRoom = (viewerId: number, otherUserId: number) => `viewing:${viewerId}:${otherUserId}`
/**
 * Sockets that did not ask for particular rooms receive every room's
 * messages and filter by communityId themselves, as product §7's protocol has
 * no join message (docs/decisions/021-chat-delivery-without-join.md).
 */
export const ALL_COMMUNITIES_ROOM = 'communities:all'

/** The services' way to the sockets (app/platform/live.server.ts). */
export function createSocketPublisher(io: LiveServer, chat: OrderedDelivery): LivePublisher {
	return {
		deliverMessage: (message, audience) => deliverMessage(chat, message, audience ?? null),
		deliverMessageChange: (message, audience) =>
			deliverMessage(
				chat,
				message,
				audience ?? null,
				message.deleted ? ServerToClient.message_deleted : ServerToClient.message_updated,
			),
		emitToUser: (userId, event, ...args) => void io.to(userRoom(userId)).emit(event, ...args),
		// fetchSockets also asks the other processes when an adapter joins several.
		isOnline: async (userId) => (await io.in(userRoom(userId)).fetchSockets()).length > 0,
		isViewingConversation: async (userId, otherUserId) =>
			(await io.in(conversationViewRoom(userId, otherUserId)).fetchSockets()).length > 0,
		isLookingAt: async (userId, link) =>
			(await io.in(userRoom(userId)).fetchSockets()).some((socket) => {
				const viewing = (socket.data as Partial<SocketData>).viewing
				return viewing?.visible === true && pageShowsLink(viewing.path, link)
			}),
		disconnectUser(userId, { sessionId, exceptSessionId } = {}) {
			const sockets = io.in(sessionId ? sessionRoom(sessionId) : userRoom(userId))
			;(exceptSessionId ? sockets.except(sessionRoom(exceptSessionId)) : sockets).disconnectSockets(true)
		},
	}
}

/**
 * Delivers a stored message live: a pod room's message to its members' tabs
 * alone, a community message to everyone reading
 * that room (the sender's other tabs included), a private one to the tabs of
 * its two participants and nobody else. One emit to several rooms reaches a
 * socket once even when it is in more than one of them. An edit or a
 * deletion goes to the same people as `message_updated` or `message_deleted`.
 * Every process delivers them in id order (ordered-delivery.server.ts).
 */
function deliverMessage(
	chat: OrderedDelivery,
	message: ChatMessage,
	audience: number[] | null,
	changeEvent?: ChatMessageEvent,
) {
	if (audience) {
		// A peer pod's room: its members' own rooms, never the rooms everyone may listen to (decision 211).
		if (audience.length) chat.deliver(audience.map(inboxRoom), changeEvent ?? ServerToClient.community_message, message)
	} else if (message.isPrivate && message.recipientId !== null) {
		chat.deliver(
			[inboxRoom(message.senderId), inboxRoom(message.recipientId)],
			changeEvent ?? ServerToClient.private_message,
			message,
		)
	} else if (message.communityId !== null) {
		chat.deliver(
			[ALL_COMMUNITIES_ROOM, communityRoom(message.communityId)],
			changeEvent ?? ServerToClient.community_message,
			message,
		)
	}
}
