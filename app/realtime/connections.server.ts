import { type Server } from 'socket.io'
import { singleton } from '~/lib/singleton.server'

/**
 * The live Socket.IO server, registered by `server.ts`, so services (logout,
 * chat) can reach sockets without importing the HTTP wiring. Every socket
 * joins `user:{id}` and `session:{sid}` rooms when it connects.
 */
const registry = singleton('socket-registry', () => ({ io: null as Server | null }))

export function registerSocketServer(io: Server | null) {
	registry.io = io
}

export function getSocketServer(): Server | null {
	return registry.io
}

export const userRoom = (userId: number) => `user:${userId}`
export const sessionRoom = (sessionId: string) => `session:${sessionId}`

/** Closes a user's sockets: those of one session, or all of them. */
export function disconnectUserSockets(userId: number, sessionId?: string) {
	const io = registry.io
	if (!io) return
	const room = sessionId ? sessionRoom(sessionId) : userRoom(userId)
	io.in(room).disconnectSockets(true)
}
