import { z } from 'zod'
import { MessageContentSchema, type TypingNotice } from '~/lib/chat'
import { createOrderedTasks } from '~/platform/ordered-tasks.server'
import { singleton } from '~/platform/singleton.server'
import { ServiceError } from '~/lib/service-error'
import { deleteMessage, editMessage, sendCommunityMessage, sendPrivateMessage } from '~/services/chat/messages.server'
import { type UserJSON } from '#models/index'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { getUserById } from '~/services/account/users.server'
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
 * The chat events of product §7 on one socket. Payloads are parsed with zod;
 * sending goes through the messages service (which stores, enforces the
 * rules and delivers); every failure reaches the sender as `error`
 * {message}. A client may pass an acknowledgement callback to learn the
 * outcome of a send ({ ok, id } or { ok: false, message }).
 */

/** Ids arrive as numbers; numeric strings are accepted too, anything else is refused. */
const IdSchema = (what: string) =>
	z.preprocess(
		(value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
		z
			.number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` })
			.int()
			.positive(`${what} must be a positive number`),
	)

export const CommunityMessagePayload = z.object({ content: MessageContentSchema, communityId: IdSchema('communityId') })
export const PrivateMessagePayload = z.object({ content: MessageContentSchema, recipientId: IdSchema('recipientId') })
export const TypingPayload = z.object({
	isTyping: z.boolean({ required_error: 'isTyping is required', invalid_type_error: 'isTyping must be true or false' }),
	targetId: IdSchema('targetId'),
	isPrivate: z.boolean({ invalid_type_error: 'isPrivate must be true or false' }).default(false),
})
/** product §7 `edit_message` and `delete_message`: the same rules as PATCH and DELETE /api/messages/{id}. */
export const EditMessagePayload = z.object({ messageId: IdSchema('messageId'), content: MessageContentSchema })
export const DeleteMessagePayload = z.object({ messageId: IdSchema('messageId') })
/**
 * Optional, on top of product §7: receive only these rooms' messages instead of
 * all of them; `conversationWith` says which private conversation the page
 * shows, so a message that arrives there counts as read (docs/decisions/101).
 */
export const SubscribePayload = z.object({
	communityIds: z.array(IdSchema('communityId')).max(100, 'Too many communities'),
	conversationWith: IdSchema('conversationWith').optional(),
})

export const NOT_AUTHENTICATED = 'Not authenticated: send auth first'
const SEND_FAILED = 'Failed to send message. Please try again later.'

/** While someone keeps typing, the same notice is repeated at most this often. */
const TYPING_REPEAT_MS = 2_000
const typingLimiter = singleton('chat-typing-limiter', () =>
	createRateLimiter({ name: 'chat-typing', limit: 30, windowMs: 10_000 }),
)

type Ack = (result: { ok: true; id: number } | { ok: false; message: string }) => void

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

function parsePayload<Schema extends z.ZodTypeAny>(schema: Schema, payload: unknown): z.output<Schema> {
	const result = schema.safeParse(payload ?? {})
	if (!result.success) throw new ServiceError(result.error.issues.map((issue) => issue.message).join('; '), 400)
	return result.data
}

function assertAuthenticated(socket: ChatSocket) {
	if (!socket.data.authenticated) throw new ServiceError(NOT_AUTHENTICATED, 401)
}

function reportError(socket: ChatSocket, error: unknown): string {
	if (!(error instanceof ServiceError)) console.error('Chat socket error:', error)
	const message = error instanceof ServiceError ? error.message : SEND_FAILED
	socket.emit('error', { message })
	return message
}

export function registerChatHandlers(socket: ChatSocket) {
	// This socket's messages are handled one at a time, so they are stored and delivered in the order sent.
	const runInOrder = createOrderedTasks()
	const typing = new Map<string, { notice: TypingNotice; relayedAt: number }>()

	function onSend<Schema extends z.ZodTypeAny>(
		event: string,
		schema: Schema,
		send: (actor: UserJSON, input: z.output<Schema>) => Promise<{ id: number }>,
	) {
		socket.on(event, (payload: unknown, ack?: unknown) => {
			const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => {}
			if (sends.closing) {
				socket.emit('error', { message: SEND_FAILED })
				return reply({ ok: false, message: SEND_FAILED })
			}
			const task = runInOrder('send', async () => {
				try {
					assertAuthenticated(socket)
					const input = parsePayload(schema, payload)
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

	onSend('community_message', CommunityMessagePayload, sendCommunityMessage)
	onSend('private_message', PrivateMessagePayload, sendPrivateMessage)
	// Corrections and moderators' deletions go through the same queue: an edit never overtakes the send it corrects.
	onSend('edit_message', EditMessagePayload, (actor, { messageId, content }) => editMessage(actor, messageId, content))
	onSend('delete_message', DeleteMessagePayload, (actor, { messageId }) => deleteMessage(actor, messageId))

	// One socket's typing notices are handled in the order sent, so a quick "started, stopped" never arrives reversed.
	socket.on(
		'typing',
		(payload: unknown) =>
			void runInOrder('typing', async () => {
				try {
					assertAuthenticated(socket)
					const { isTyping, targetId, isPrivate } = parsePayload(TypingPayload, payload)
					if (isPrivate && targetId === socket.data.userId) return
					const key = `${isPrivate ? 'private' : 'community'}:${targetId}`
					const previous = typing.get(key)
					// Keystrokes repeat the same state: pass on changes, and a reminder now and then.
					if (!isTyping && !previous) return
					if (isTyping && previous && Date.now() - previous.relayedAt < TYPING_REPEAT_MS) return
					// Checked after the cheap filters above: keystrokes that relay nothing cost no read.
					await assertLiveSession(socket)
					if (!(await typingLimiter.consume(socket.data.userId)).allowed) return
					const notice: TypingNotice = {
						userId: socket.data.userId,
						username: socket.data.username,
						name: socket.data.name,
						targetId,
						isPrivate,
						isTyping,
					}
					if (isTyping) typing.set(key, { notice, relayedAt: Date.now() })
					else typing.delete(key)
					relayTyping(socket, notice)
				} catch (error) {
					reportError(socket, error)
				}
			}),
	)

	// Applied at once (it only narrows what an authenticated socket receives), so messages sent after it follow it.
	socket.on('subscribe', (payload: unknown) => {
		try {
			assertAuthenticated(socket)
			const { communityIds, conversationWith } = parsePayload(SubscribePayload, payload)
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
			void runInOrder('typing', async () => {
				for (const { notice } of typing.values()) relayTyping(socket, { ...notice, isTyping: false })
				typing.clear()
			}),
	)
}

/** A typing notice reaches the room or the recipient, never any tab of the one typing. */
function relayTyping(socket: ChatSocket, notice: TypingNotice) {
	const rooms = notice.isPrivate ? [inboxRoom(notice.targetId)] : [ALL_COMMUNITIES_ROOM, communityRoom(notice.targetId)]
	socket.to(rooms).except(userRoom(notice.userId)).emit('typing', notice)
}

/** Called when a socket's `auth` is accepted: from now on it receives chat. */
export function joinChatRooms(socket: ChatSocket) {
	const rooms = [inboxRoom(socket.data.userId)]
	if (!socket.data.subscribed) rooms.push(ALL_COMMUNITIES_ROOM)
	void socket.join(rooms)
}
