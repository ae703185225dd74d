import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { type NotificationJSON } from '#models/notification'
import { openLiveSocket, type LiveSocket } from '~/components/live-socket'
import { ClientToServer, ServerToClient } from '~/lib/live-events'

/**
 * The bell's and the Messages badge's counts, as the layout's loader read
 * them, kept up to date while the page is open: with JavaScript, the page
 * holds a small socket that receives `notification` and `conversations`
 * events for this member (docs/decisions/100). socket.io-client is loaded
 * only after hydration, in its own chunk, so the pages' first JavaScript does
 * not grow. Without JavaScript the counts are those of the render.
 *
 * Other parts of the page (the conversation list on /messages) hear the
 * unread counts as `live:conversations` events on window.
 *
 * The socket also says which page it shows and whether it is on screen
 * (`viewing`), so that no push notification is sent about what the member
 * is looking at (docs/decisions/181).
 */
export interface LiveCounts {
	unreadNotifications: number
	unreadConversations: number
	/** Notifications that arrived since the render, newest first. */
	arrived: NotificationJSON[]
}

export const LIVE_CONVERSATIONS_EVENT = 'live:conversations'

export function useLiveCounts(initial: { unreadNotifications: number; unreadConversations: number }): LiveCounts {
	const [counts, setCounts] = useState<LiveCounts>({ ...initial, arrived: [] })
	// Each new load of the layout's data (every navigation and form post) brings fresh counts: `initial` is a new object then.
	useEffect(() => {
		setCounts({ ...initial, arrived: [] })
	}, [initial])

	const { pathname, search } = useLocation()
	const socketRef = useRef<LiveSocket | null>(null)
	const pageRef = useRef('')
	pageRef.current = pathname + search
	useEffect(() => {
		if (socketRef.current?.connected) reportViewing(socketRef.current, pageRef.current)
	}, [pathname, search])

	useEffect(() => {
		let closed = false
		let disconnect = () => {}
		// The handshake's session cookie is enough: every socket of a member receives their own events.
		void openLiveSocket(() => !closed).then((socket) => {
			if (!socket) return
			socketRef.current = socket
			const report = () => reportViewing(socket, pageRef.current)
			socket.on('connect', report)
			document.addEventListener('visibilitychange', report)
			socket.on(ServerToClient.notification, (event) => {
				setCounts((current) => ({
					...current,
					unreadNotifications: event.unreadCount,
					arrived: [event.notification, ...current.arrived.filter((item) => item.id !== event.notification.id)],
				}))
			})
			// Read somewhere else (another tab, the conversation opened): the count goes down.
			socket.on(ServerToClient.notifications_read, (event) => {
				setCounts((current) => ({ ...current, unreadNotifications: event.unreadCount }))
			})
			socket.on(ServerToClient.conversations, (event) => {
				setCounts((current) => ({ ...current, unreadConversations: event.unreadCount }))
				window.dispatchEvent(new CustomEvent(LIVE_CONVERSATIONS_EVENT, { detail: event }))
			})
			disconnect = () => {
				document.removeEventListener('visibilitychange', report)
				socketRef.current = null
				socket.disconnect()
			}
		})
		return () => {
			closed = true
			disconnect()
		}
	}, [])
	return counts
}

function reportViewing(socket: LiveSocket, path: string) {
	socket.emit(ClientToServer.viewing, { path, visible: document.visibilityState === 'visible' })
}

/**
 * The bell's list: what arrived live, then what the server listed, newest
 * first. A private-message notice that arrives replaces the unread one it
 * updated (messages from one person share one notice while it is unread,
 * and the update gives it a new id).
 */
export function mergeBell(arrived: NotificationJSON[], listed: NotificationJSON[], size: number): NotificationJSON[] {
	const updated = new Set(arrived.filter((item) => item.kind === 'private_message').map((item) => item.link))
	const kept = listed.filter(
		(item) => !(item.kind === 'private_message' && item.readAt === null && updated.has(item.link)),
	)
	return [...arrived, ...kept].slice(0, size)
}
