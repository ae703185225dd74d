import { type IncomingMessage, type Server as HttpServer } from 'node:http'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import { Server } from 'socket.io'
import {
	ClientToServer,
	LIVE_PATH,
	ServerToClient,
	type ClientToServerEvents,
	type ServerToClientEvents,
} from '~/lib/live-events'
import { clientPayloadSchemas } from '~/lib/live-payloads'
import { isOwnHostName, isSameOrigin } from '~/web/origin.server'
import { readSessionCookie } from '~/web/session.server'
import { getUserById } from '~/services/account/users.server'
import { registerLivePublisher } from '~/platform/live.server'
import { getRedis } from '~/platform/redis.server'
import { finishChatSends, joinChatRooms, registerChatHandlers } from '~/realtime/chat.server'
import { recheckLiveSession } from '~/realtime/live-session.server'
import { createSocketPublisher, sessionRoom, userRoom } from '~/realtime/connections.server'
import { createOrderedDelivery, type OrderedDelivery } from '~/realtime/ordered-delivery.server'
import { type ChatSocket, type InterServerEvents, type LiveServer, type SocketData } from '~/realtime/socket-data'
import { registerViewingHandler } from '~/realtime/viewing.server'
import { registerBadgesHandler } from '~/realtime/badges.server'

/**
 * A browser's socket must be addressed to one of this server's host names
 * and come from the app's own pages: its `Origin` is APP_ORIGIN when set,
 * else the scheme and host the request was addressed to (so the demo works
 * at both localhost and 127.0.0.1). Clients that send no Origin are not
 * browsers and cannot ride on a victim's cookies (docs/decisions/200).
 */
export function isAllowedOrigin(request: IncomingMessage, appOrigin: string | undefined): boolean {
	if (!isOwnHostName(request.headers.host, appOrigin)) return false
	const origin = request.headers.origin
	const protocol = 'encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http'
	return !origin || isSameOrigin(origin, { host: request.headers.host, protocol, appOrigin })
}

/** One account's open chat connections at a time, across the processes (docs/decisions/132, 143): enough for every tab and device a person uses. */
export const MAX_SOCKETS_PER_USER = 10
export const TOO_MANY_CONNECTIONS = `Too many open chat connections for your account (at most ${MAX_SOCKETS_PER_USER}). Close some tabs and try again.`

/**
 * With Redis, the processes' Socket.IO servers are joined by the Redis
 * Streams adapter (docs/decisions/143): an emit to a room reaches its sockets
 * in every process, `fetchSockets` and `disconnectSockets` ask every process,
 * and a process whose Redis connection drops reads the broadcasts it missed
 * from the stream when it is back. The stream keeps about the last 10,000.
 * Chat messages take a stream of their own, delivered in order (145).
 */
function redisAdapter() {
	const redis = getRedis()
	if (!redis) return undefined
	return createAdapter(redis, {
		streamName: 'leaderforge:live',
		channelPrefix: 'leaderforge:live',
		maxLen: 10_000,
		onlyPlaintext: true,
	})
}

/**
 * How many sockets an account holds in the other processes (0 without
 * Redis). Read before the connection counts itself in, so two connections
 * opened at the same instant in two processes may both pass; each process
 * still counts its own exactly. A process that does not answer counts 0.
 */
async function socketsElsewhere(io: LiveServer, userId: number): Promise<number> {
	if (!getRedis()) return 0
	try {
		const sockets = await io.in(userRoom(userId)).fetchSockets()
		const local = io.of('/').sockets
		return sockets.filter((socket) => !local.has(socket.id)).length
	} catch (error) {
		console.error(
			'Chat: could not count the sockets of other processes:',
			error instanceof Error ? error.message : error,
		)
		return 0
	}
}

export function attachSocketServer(httpServer: HttpServer, { appOrigin }: { appOrigin?: string }): LiveServer {
	const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(httpServer, {
		path: LIVE_PATH,
		serveClient: false,
		maxHttpBufferSize: 64 * 1024,
		allowRequest: (request, callback) => {
			const allowed = isAllowedOrigin(request, appOrigin)
			callback(allowed ? null : 'Origin not allowed', allowed)
		},
		adapter: redisAdapter(),
	})

	// Authenticate on the handshake, from the session cookie.
	io.use(async (socket, next) => {
		try {
			const session = await readSessionCookie(socket.request.headers.cookie)
			const user = session ? await getUserById(session.userId) : null
			if (!session || !user) return next(new Error('Not authenticated'))
			Object.assign(socket.data, {
				userId: user.id,
				sessionId: session.sessionId,
				username: user.username,
				name: user.name,
				authenticated: false,
				subscribed: false,
				socketsElsewhere: await socketsElsewhere(io, user.id),
				viewing: null,
			} satisfies SocketData)
			next()
		} catch {
			next(new Error('Chat service unavailable'))
		}
	})

	io.on('connection', (socket: ChatSocket) => {
		// Counted and joined in one synchronous step, so connections arriving together here cannot all pass the count.
		const open = (io.of('/').adapter.rooms.get(userRoom(socket.data.userId))?.size ?? 0) + socket.data.socketsElsewhere
		if (open >= MAX_SOCKETS_PER_USER) {
			socket.emit(ServerToClient.error, { message: TOO_MANY_CONNECTIONS })
			socket.disconnect(true)
			return
		}
		void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)])

		// product §4/§7: the client introduces itself; we answer only for the session's own user, at once (in the
		// order of its messages), and then make sure the session is still there (docs/decisions/132).
		socket.on(ClientToServer.auth, (payload: unknown) => {
			const claimed = clientPayloadSchemas.auth.safeParse(payload)
			if (
				claimed.success &&
				claimed.data.userId === socket.data.userId &&
				claimed.data.username === socket.data.username
			) {
				socket.data.authenticated = true
				joinChatRooms(socket)
				socket.emit(ServerToClient.auth_success)
				void recheckLiveSession(socket)
			} else {
				socket.emit(ServerToClient.error, { message: 'Authentication failed' })
			}
		})
		registerChatHandlers(socket)
		registerViewingHandler(socket)
		registerBadgesHandler(socket)
	})

	const chatDelivery = createOrderedDelivery(io, getRedis())
	chatDeliveries.set(io, chatDelivery)
	registerLivePublisher(createSocketPublisher(io, chatDelivery))
	return io
}

/** Each socket server's way of delivering chat messages in order, closed with it. */
const chatDeliveries = new WeakMap<LiveServer, OrderedDelivery>()

/**
 * Graceful shutdown: messages already received are stored and acknowledged,
 * then every connection closes once it has sent what it still holds (those
 * acknowledgements included: `io.close()` alone would drop them). Clients
 * see a dropped connection and reconnect by themselves. At most `withinMs`,
 * then whatever is left is closed at once.
 */
export async function closeSocketServer(io: LiveServer, { withinMs = 3_000 } = {}): Promise<void> {
	const deadline = Date.now() + withinMs
	await finishChatSends(withinMs)
	// The messages just stored reach this process's own sockets too before they are closed.
	await chatDeliveries.get(io)?.close({ withinMs: Math.max(0, deadline - Date.now()) })
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
	})
	const connections = new Set([...io.of('/').sockets.values()].map((socket) => socket.conn))
	const closed = [...connections].map(
		(connection) =>
			new Promise<void>((resolve) => {
				if (connection.readyState === 'closed') return resolve()
				connection.once('close', () => resolve())
				connection.close()
			}),
	)
	await Promise.race([Promise.all(closed), timeout])
	clearTimeout(timer)
	await new Promise<void>((resolve) => io.close(() => resolve()))
}
