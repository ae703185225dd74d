import { type Socket } from 'socket.io'
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

/* eslint-disable @typescript-eslint/no-explicit-any -- untyped until the live protocol is declared (issue 22) */
export type ChatSocket = Socket<
	Record<string, (...args: any[]) => void>,
	Record<string, (...args: any[]) => void>,
	Record<string, never>,
	SocketData
>
/* eslint-enable @typescript-eslint/no-explicit-any */
