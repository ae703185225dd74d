import { type Socket } from 'socket.io-client'
import { LIVE_PATH, type ClientToServerEvents, type ServerToClientEvents } from '~/lib/live-events'

/** A page's socket, typed by the live protocol (app/lib/live-events.ts): it hears the server's events and sends the client's. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/**
 * Opens a socket to the app's own server, authenticated by the session
 * cookie on its handshake. socket.io-client is a chunk of its own, loaded
 * only when a page opens one, after hydration: the page's first load does
 * not wait for it (docs/decisions/085). Opens nothing, and resolves null,
 * when the page no longer wants it by the time the library has loaded.
 */
export async function openLiveSocket(wanted: () => boolean): Promise<LiveSocket | null> {
	const { io } = await import('socket.io-client')
	return wanted() ? io({ path: LIVE_PATH, transports: ['websocket'] }) : null
}
