import { type Server, type Socket } from 'socket.io'
import { type ClientToServerEvents, type ServerToClientEvents } from '~/lib/live-events'
import { type PageView } from '~/lib/page-link'

/** What the server knows of each connected socket, from its handshake and its `auth` message. */
export interface SocketData {
	userId: number
	sessionId: string
	username: string
	name: string
	/** Set once the client's `auth` message matched the session's user (product §4). */
	authenticated: boolean
	/** Set once the client chose its rooms with `subscribe` (else it receives every room). */
	subscribed: boolean
	/** The account's sockets in other app processes when this one connected (always 0 with one process). */
	socketsElsewhere: number
	/** The page this socket's tab shows, as it last reported (`viewing`), or null before it does. */
	viewing: PageView | null
}

/** The processes send each other nothing of their own (no serverSideEmit): the adapter carries every broadcast. */
export type InterServerEvents = Record<string, never>

/** The Socket.IO server, typed by the live protocol (app/lib/live-events.ts). */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
export type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
