import { type IncomingMessage, type Server as HttpServer } from 'node:http'
import { Server } from 'socket.io'
import { z } from 'zod'
import { readSessionCookie } from '~/web/session.server'
import { getUserById } from '~/services/users.server'
import { registerLivePublisher } from '~/services/live.server'
import { finishChatSends, joinChatRooms, registerChatHandlers } from './chat.server'
import { createSocketPublisher, sessionRoom, userRoom } from './connections.server'
import { type ChatSocket, type SocketData } from './socket-data'


/**
 * The `Origin` of a browser's socket must be the app's own: APP_ORIGIN when
 * set, else the host the request was addressed to (so the demo works at both
 * localhost and 127.0.0.1). Clients that send no Origin are not browsers and
 * cannot ride on a victim's cookies.
 */
export function isAllowedOrigin(request: IncomingMessage, appOrigin: string | undefined): boolean {
	const origin = request.headers.origin
	if (!origin) return true
	try {
		const url = new URL(origin)
		if (appOrigin) return url.origin === new URL(appOrigin).origin
		return url.host === request.headers.host
	} catch {
		return false
	}
}

const AuthPayload = z.object({ userId: z.number(), username: z.string() })

export function attachSocketServer(httpServer: HttpServer, { appOrigin }: { appOrigin?: string }): Server {
	const io = new Server(httpServer, {
		path: '/ws',
		serveClient: false,
		maxHttpBufferSize: 64 * 1024,
		allowRequest: (request, callback) => {
			const allowed = isAllowedOrigin(request, appOrigin)
			callback(allowed ? null : 'Origin not allowed', allowed)
		},
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
			} satisfies SocketData)
			next()
		} catch {
			next(new Error('Chat service unavailable'))
		}
	})

	io.on('connection', (socket: ChatSocket) => {
		void socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)])

		// product §4/§7: the client introduces itself; we answer only for the session's own user.
		socket.on('auth', (payload: unknown) => {
			const claimed = AuthPayload.safeParse(payload)
			if (claimed.success && claimed.data.userId === socket.data.userId && claimed.data.username === socket.data.username) {
				socket.data.authenticated = true
				joinChatRooms(socket)
				socket.emit('auth_success')
			} else {
				socket.emit('error', { message: 'Authentication failed' })
			}
		})
		registerChatHandlers(socket)
	})

	registerLivePublisher(createSocketPublisher(io))
	return io
}

/**
 * Graceful shutdown: messages already received are stored and acknowledged,
 * then every connection closes once it has sent what it still holds (those
 * acknowledgements included: `io.close()` alone would drop them). Clients
 * see a dropped connection and reconnect by themselves. At most `withinMs`,
 * then whatever is left is closed at once.
 */
export async function closeSocketServer(io: Server, { withinMs = 3_000 } = {}): Promise<void> {
	const deadline = Date.now() + withinMs
	await finishChatSends(withinMs)
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
