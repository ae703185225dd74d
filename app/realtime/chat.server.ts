import { ClientToServer, ServerToClient, type SendAck, type SendEvent, type TypingNotice } from '~/lib/live-events'
import { clientPayloadSchemas, type ClientEventName, type ClientPayload } from '~/lib/live-payloads'
import { createOrderedTasks } from '~/platform/ordered-tasks.server'
import { singleton } from '~/platform/singleton.server'
import { ServiceError } from '~/lib/service-error'
import {
	deleteMessage,
	editMessage,
	sendCommunityMessage,
	sendPrivateMessage,
	typingAudience,
} from '~/services/chat/messages.server'
import { type UserJSON } from '#models/index'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { getUserById } from '~/services/account/users.server'
import { messagingRefusal } from '~/services/moderation/blocks.server'
import {
	ALL_COMMUNITIES_ROOM,
	communityRoom,
	conversationViewRoom,
	inboxRoom,
	userRoom,
} from '~/realtime/connections.server'
import { assertLiveSession } from '~/realtime/live-session.server'
import { type ChatSocket } from '~/realtime/socket-data'

/**
 * The chat events of product §7 on one socket (app/lib/live-events.ts).
 * Payloads are parsed with their event's zod schema; sending goes through
 * the messages service (which stores, enforces the rules and delivers);
 * every failure reaches the sender as `error` {message}. A client may pass
 * an acknowledgement callback to learn the outcome of a send ({ ok, id } or
 * { ok: false, message }).
 */

export const NOT_AUTHENTICATED = 'Not authenticated: send auth first'
const SEND_FAILED = 'Failed to send message. Please try again later.'

/** One socket's two queues (createOrderedTasks keys): its sends, and its typing notices. */
const SEND_QUEUE = 'sends'
const TYPING_QUEUE = 'typing notices'

/** While someone keeps typing, the same notice is repeated at most this often. */
const TYPING_REPEAT_MS = 2_000
const typingLimiter = singleton('chat-typing-limiter', () =>
	createRateLimiter({ name: 'chat-typing', limit: 30, windowMs: 10_000 }),
)

/** The sends being handled now, on every socket, so that a shutdown can let them finish. */
const sends = singleton('chat-sends', () => ({ closing: false, inFlight: new Set<Promise<unknown>>() }))

/**
 * For a graceful shutdown, before the sockets close: every send already
 * received is stored, delivered and acknowledged; any later one is refused.
 * Either way its sender hears what became of it, so nobody is told a
 * message failed that the room then shows (and sends it twice). Waits at
 * most `timeoutMs`.
 */
export async function finishChatSends(timeoutMs: number): Promise<void> {
	sends.closing = true
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, timeoutMs)
	})
	await Promise.race([Promise.allSettled([...sends.inFlight]), timeout])
	clearTimeout(timer)
}

/** A client's payload, as its event's schema reads it; a refusal names every problem. */
function parseClientPayload<E extends ClientEventName>(event: E, payload: unknown): ClientPayload<E> {
	const result = clientPayloadSchemas[event].safeParse(payload ?? {})
	if (!result.success) throw new ServiceError(result.error.issues.map((issue) => issue.message).join('; '), 400)
	return result.data as ClientPayload<E>
}

function assertAuthenticated(socket: ChatSocket) {
	if (!socket.data.authenticated) throw new ServiceError(NOT_AUTHENTICATED, 401)
}

function reportError(socket: ChatSocket, error: unknown): string {
	if (!(error instanceof ServiceError)) console.error('Chat socket error:', error)
	const message = error instanceof ServiceError ? error.message : SEND_FAILED
	socket.emit(ServerToClient.error, { message })
	return message
}

export function registerChatHandlers(socket: ChatSocket) {
	// This socket's messages are handled one at a time, so they are stored and delivered in the order sent.
	const runInOrder = createOrderedTasks()
	const typing = new Map<string, { notice: TypingNotice; relayedAt: number; audience: number[] | null }>()

	function onSend<E extends SendEvent>(
		event: E,
		send: (actor: UserJSON, input: ClientPayload<E>) => Promise<{ id: number }>,
	) {
		// Socket.IO types a listener by its event's name: a union of names it resolves, a type parameter it does not.
		const name: SendEvent = event
		// The payload and the callback are whatever the client sent, whatever the map says: both are checked before use.
		socket.on(name, (payload: unknown, ack?: unknown) => {
			const reply: SendAck = typeof ack === 'function' ? (ack as SendAck) : () => {}
			if (sends.closing) {
				socket.emit(ServerToClient.error, { message: SEND_FAILED })
				return reply({ ok: false, message: SEND_FAILED })
			}
			const task = runInOrder(SEND_QUEUE, async () => {
				try {
					assertAuthenticated(socket)
					const input = parseClientPayload(event, payload)
					// The session still stands, and a fresh read of the account: a subscription that started or ended since
					// connecting counts now. The two reads are independent, so they go together.
					const [, actor] = await Promise.all([assertLiveSession(socket), getUserById(socket.data.userId)])
					if (!actor) throw new ServiceError('Not authenticated', 401)
					const message = await send(actor, input)
					reply({ ok: true, id: message.id })
				} catch (error) {
					reply({ ok: false, message: reportError(socket, error) })
				}
			})
			sends.inFlight.add(task)
			void task.finally(() => sends.inFlight.delete(task))
		})
	}

	onSend(ClientToServer.community_message, sendCommunityMessage)
	onSend(ClientToServer.private_message, sendPrivateMessage)
	// Corrections and moderators' deletions go through the same queue: an edit never overtakes the send it corrects.
	onSend(ClientToServer.edit_message, (actor, { messageId, content }) => editMessage(actor, messageId, content))
	onSend(ClientToServer.delete_message, (actor, { messageId }) => deleteMessage(actor, messageId))

	// One socket's typing notices are handled in the order sent, so a quick "started, stopped" never arrives reversed.
	socket.on(
		ClientToServer.typing,
		(payload: unknown) =>
			void runInOrder(TYPING_QUEUE, async () => {
				try {
					assertAuthenticated(socket)
					const { isTyping, targetId, isPrivate } = parseClientPayload(ClientToServer.typing, payload)
					if (isPrivate && targetId === socket.data.userId) return
					const key = `${isPrivate ? 'private' : 'community'}:${targetId}`
					const previous = typing.get(key)
					// Keystrokes repeat the same state: pass on changes, and a reminder now and then.
					if (!isTyping && !previous) return
					if (isTyping && previous && Date.now() - previous.relayedAt < TYPING_REPEAT_MS) return
					// Checked after the cheap filters above: keystrokes that relay nothing cost no read.
					await assertLiveSession(socket)
					if (!(await typingLimiter.consume(socket.data.userId)).allowed) return
					// A private notice goes only where a message could: never across a block, either way (decision 201).
					if (isPrivate && (await messagingRefusal(socket.data.userId, targetId)) !== null) return
					// A pod room's notices reach its members alone (decision 211); anyone else's are refused.
					const audience = isPrivate ? null : await typingAudience(socket.data.userId, targetId)
					const notice: TypingNotice = {
						userId: socket.data.userId,
						username: socket.data.username,
						name: socket.data.name,
						targetId,
						isPrivate,
						isTyping,
					}
					if (isTyping) typing.set(key, { notice, relayedAt: Date.now(), audience })
					else typing.delete(key)
					relayTyping(socket, notice, audience)
				} catch (error) {
					reportError(socket, error)
				}
			}),
	)

	// Applied at once (it only narrows what an authenticated socket receives), so messages sent after it follow it.
	socket.on(ClientToServer.subscribe, (payload: unknown) => {
		try {
			assertAuthenticated(socket)
			const { communityIds, conversationWith } = parseClientPayload(ClientToServer.subscribe, payload)
			socket.data.subscribed = true
			for (const room of socket.rooms) {
				if (room === ALL_COMMUNITIES_ROOM || room.startsWith('community:') || room.startsWith('viewing:'))
					void socket.leave(room)
			}
			void socket.join(communityIds.map(communityRoom))
			if (conversationWith !== undefined) void socket.join(conversationViewRoom(socket.data.userId, conversationWith))
		} catch (error) {
			reportError(socket, error)
		}
	})

	// A closed tab stops typing (after any notice still being handled).
	socket.on(
		'disconnect',
		() =>
			void runInOrder(TYPING_QUEUE, async () => {
				for (const { notice, audience } of typing.values())
					relayTyping(socket, { ...notice, isTyping: false }, audience)
				typing.clear()
			}),
	)
}

/** A typing notice reaches the room or the recipient, never any tab of the one typing. */
function relayTyping(socket: ChatSocket, notice: TypingNotice, audience: number[] | null = null) {
	const rooms = audience
		? audience.map(inboxRoom)
		: notice.isPrivate
			? [inboxRoom(notice.targetId)]
			: [ALL_COMMUNITIES_ROOM, communityRoom(notice.targetId)]
	socket.to(rooms).except(userRoom(notice.userId)).emit(ServerToClient.typing, notice)
}

/** Called when a socket's `auth` is accepted: from now on it receives chat. */
export function joinChatRooms(socket: ChatSocket) {
	const rooms = [inboxRoom(socket.data.userId)]
	if (!socket.data.subscribed) rooms.push(ALL_COMMUNITIES_ROOM)
	void socket.join(rooms)
}
