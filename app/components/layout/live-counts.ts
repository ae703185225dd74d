import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { type NotificationJSON } from '#models/notification'
import { openLiveSocket, type LiveSocket } from '~/components/live-socket'
import { type Bell } from '~/components/layout/top-bar'
import { ClientToServer, ServerToClient } from '~/lib/live-events'
import { BELL_NOTIFICATION_COUNT } from '~/lib/notifications'

/**
 * The bell's and the Messages badge's counts, as the layout's loader read
 * them, kept up to date while the page is open: with JavaScript, the page
 * holds a small socket that receives `notification` and `conversations`
 * events for this member (docs/decisions/100). socket.io-client is loaded
 * only after hydration, in its own chunk, so the pages' first JavaScript does
 * not grow. Without JavaScript the counts are those of the render.
 *
 * What happened before the socket joined its member's room (between the
 * page's render and the socket's opening) or while it was down and
 * reconnecting was never sent to it: each time it connects it asks
 * (`badges`) for the counts as they now stand and the notifications newer
 * than the newest the page shows. The server reads them as the layout does,
 * held under the account's layout version (docs/decisions/193): when
 * nothing changed that is one small query, and the page is not loaded
 * again.
 *
 * Other parts of the page (the conversation list on /messages) hear the
 * unread counts as `live:conversations` events on window.
 *
 * The socket also says which page it shows and whether it is on screen
 * (`viewing`), so that no push notification is sent about what the member
 * is looking at (docs/decisions/181).
 */
export interface LayoutCounts {
	bell: Bell
	unreadConversations: number
}

interface LiveCounts {
	unreadNotifications: number
	unreadConversations: number
	/** Notifications that arrived since the render, newest first. */
	arrived: NotificationJSON[]
}

export const LIVE_CONVERSATIONS_EVENT = 'live:conversations'

/** How often one connect asks for its badges again while live events keep crossing the answer (each ask is a read). */
const CATCH_UP_ASKS = 3

const countsOf = ({ bell, unreadConversations }: LayoutCounts): LiveCounts => ({
	unreadNotifications: bell.unreadCount,
	unreadConversations,
	arrived: [],
})

/** The layout's counts and bell as they stand now: the render's, and what the socket heard since. */
export function useLiveCounts(initial: LayoutCounts): LayoutCounts {
	const [counts, setCounts] = useState(() => countsOf(initial))
	// Each new load of the layout's data (every navigation and form post) brings fresh counts: `initial` is a new object then.
	useEffect(() => {
		setCounts(countsOf(initial))
	}, [initial])
	const newestShownRef = useRef(0)
	newestShownRef.current = Math.max(0, ...[...counts.arrived, ...initial.bell.notifications].map(({ id }) => id))

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
		// How many count events this socket has heard: an answer to `badges` is taken only if none came meanwhile.
		let heard = 0
		// The handshake's session cookie is enough: every socket of a member receives their own events.
		void openLiveSocket(() => !closed).then((socket) => {
			if (!socket) return
			socketRef.current = socket
			const report = () => reportViewing(socket, pageRef.current)
			/**
			 * A count heard while the question was on its way may be newer than the answer, or older (counted before
			 * this socket joined its room): asking again settles it. With the same `after` each time, since a
			 * notification heard meanwhile may be newer than one that was missed.
			 */
			const catchUp = (after: number, asksLeft = CATCH_UP_ASKS) => {
				const heardBefore = heard
				socket.emit(ClientToServer.badges, { notificationsAfter: after }, (answer) => {
					if (!answer.ok || closed) return
					const crossed = heard !== heardBefore
					if (crossed && asksLeft > 1) return catchUp(after, asksLeft - 1)
					// Still crossed after the last ask (events keep coming): the missed notifications are taken, the counts
					// are left to the events, which are at least as new.
					setCounts((current) => ({
						unreadNotifications: crossed ? current.unreadNotifications : answer.unreadNotifications,
						unreadConversations: crossed ? current.unreadConversations : answer.unreadConversations,
						arrived: [...answer.notifications, ...current.arrived],
					}))
				})
			}
			socket.on('connect', () => {
				report()
				catchUp(newestShownRef.current)
			})
			document.addEventListener('visibilitychange', report)
			socket.on(ServerToClient.notification, (event) => {
				heard += 1
				setCounts((current) => ({
					...current,
					unreadNotifications: event.unreadCount,
					arrived: [event.notification, ...current.arrived.filter((item) => item.id !== event.notification.id)],
				}))
			})
			// Read somewhere else (another tab, the conversation opened): the count goes down.
			socket.on(ServerToClient.notifications_read, (event) => {
				heard += 1
				setCounts((current) => ({ ...current, unreadNotifications: event.unreadCount }))
			})
			socket.on(ServerToClient.conversations, (event) => {
				heard += 1
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
	return {
		bell: {
			unreadCount: counts.unreadNotifications,
			notifications: mergeBell(counts.arrived, initial.bell.notifications, BELL_NOTIFICATION_COUNT),
		},
		unreadConversations: counts.unreadConversations,
	}
}

function reportViewing(socket: LiveSocket, path: string) {
	socket.emit(ClientToServer.viewing, { path, visible: document.visibilityState === 'visible' })
}

/**
 * The bell's list: what arrived live, then what the server listed, newest
 * first, each notification once (a catch-up may bring one the loader has
 * listed since). A private-message notice replaces the older unread one it
 * updated (messages from one person share one notice while it is unread,
 * and the update gives it a new id).
 */
function mergeBell(arrived: NotificationJSON[], listed: NotificationJSON[], size: number): NotificationJSON[] {
	const ids = new Set<number>()
	const updated = new Set<string | null>()
	const merged: NotificationJSON[] = []
	for (const item of [...arrived, ...listed]) {
		const isMessageNotice = item.kind === 'private_message'
		if (ids.has(item.id) || (isMessageNotice && item.readAt === null && updated.has(item.link))) continue
		ids.add(item.id)
		if (isMessageNotice) updated.add(item.link)
		merged.push(item)
	}
	return merged.slice(0, size)
}
