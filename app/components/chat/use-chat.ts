import { useCallback, useEffect, useRef, useState } from 'react'
import { openLiveSocket, type LiveSocket } from '~/components/live-socket'
import { useToast } from '~/components/ui/toaster'
import {
	HISTORY_PAGE_SIZE,
	catchUpChanges,
	catchUpMessages,
	highestRevision,
	isInConversation,
	mergeMessages,
	type ChatMessage,
} from '~/lib/chat'
import { ClientToServer, ServerToClient, type MuteChangedEvent, type SendResult } from '~/lib/live-events'

/**
 * The browser side of the chat (product §4, §7, §8): one Socket.IO connection
 * to /ws for a chat panel, the messages of one room or conversation, who is
 * typing there, and sending. After every (re)connection it fetches what it
 * missed since the last message it holds, so nothing is lost, and it ignores
 * ids it already has, so nothing doubles.
 */

export type ChatTarget = { kind: 'community'; communityId: number } | { kind: 'private'; userId: number }
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected'

export interface TypingPerson {
	userId: number
	name: string
}

/** The member's own mute as the server last told this page: undefined until it says anything. */
export type LiveMute = MuteChangedEvent['mute'] | undefined

/** A typing notice that is not repeated within this time has expired (the tab may have gone). */
const TYPING_EXPIRES_MS = 6_000
/** While the input stays non-empty, tell the others again this often. */
const TYPING_REPEAT_MS = 2_000
const SEND_TIMEOUT_MS = 10_000

function historyUrl(target: ChatTarget, query = '') {
	const path =
		target.kind === 'community'
			? `/api/messages/community/${target.communityId}`
			: `/api/messages/private/${target.userId}`
	return query ? `${path}?${query}` : path
}

/** product §8: a non-OK answer is an error reading "{status}: {body or status text}". */
async function fetchMessages(url: string): Promise<ChatMessage[]> {
	const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
	if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`)
	return (await response.json()) as ChatMessage[]
}

export function useChat({
	me,
	target,
	initialMessages,
	initialHasOlder,
	initialChangeCursor = 0,
}: {
	me: { id: number; username: string }
	target: ChatTarget
	initialMessages: ChatMessage[]
	initialHasOlder: boolean
	/** The highest revision of the room when the page was drawn: changes after it are caught up (decision 110). */
	initialChangeCursor?: number
}) {
	const { showToast } = useToast()
	const [messages, setMessages] = useState(initialMessages)
	const [hasOlder, setHasOlder] = useState(initialHasOlder)
	const [loadingOlder, setLoadingOlder] = useState(false)
	const [status, setStatus] = useState<ConnectionStatus>('connecting')
	const [typing, setTyping] = useState<Array<TypingPerson & { until: number }>>([])
	const [mute, setMute] = useState<LiveMute>(undefined)
	const changeCursorRef = useRef(initialChangeCursor)
	const socketRef = useRef<LiveSocket | null>(null)
	const messagesRef = useRef(messages)
	messagesRef.current = messages
	const statusRef = useRef(status)
	statusRef.current = status
	const lastTypingSent = useRef<{ isTyping: boolean; at: number }>({ isTyping: false, at: 0 })

	const targetKey = target.kind === 'community' ? `community:${target.communityId}` : `private:${target.userId}`
	const targetRef = useRef(target)
	targetRef.current = target

	const belongsHere = useCallback(
		(message: ChatMessage) => {
			const current = targetRef.current
			return current.kind === 'community'
				? !message.isPrivate && message.communityId === current.communityId
				: isInConversation(message, me.id, current.userId)
		},
		[me.id],
	)

	const addMessages = useCallback((incoming: ChatMessage[]) => {
		setMessages((current) => mergeMessages(current, incoming))
		// Someone whose message just arrived has stopped typing it.
		const senders = new Set(incoming.map((message) => message.senderId))
		setTyping((current) =>
			current.some((person) => senders.has(person.userId))
				? current.filter((person) => !senders.has(person.userId))
				: current,
		)
	}, [])

	/**
	 * Edits and deletions, live or caught up: the held copy is replaced by the
	 * later revision. Only these move the change cursor: they arrive in
	 * revision order, so every change below it has been seen.
	 */
	const applyChanges = useCallback((changed: ChatMessage[]) => {
		changeCursorRef.current = highestRevision(changed, changeCursorRef.current)
		setMessages((current) => mergeMessages(current, changed))
	}, [])

	// New loader data (a revalidation) joins what the panel already holds, edits and deletions included.
	useEffect(() => {
		setMessages((current) => mergeMessages(current, initialMessages))
	}, [initialMessages])

	useEffect(() => {
		let cancelled = false
		let connectErrorShown = false
		let opened: LiveSocket | null = null

		/** Fetches everything newer than the last message held (the latest page when none is held), then what changed meanwhile. */
		async function catchUp() {
			try {
				const held = messagesRef.current
				const sinceRevision = changeCursorRef.current
				await catchUpMessages({
					lastHeldId: held.length ? held[held.length - 1]!.id : null,
					fetchPage: (query) => fetchMessages(historyUrl(targetRef.current, query)),
					onPage: (page) => {
						messagesRef.current = mergeMessages(messagesRef.current, page)
						addMessages(page)
					},
					isCancelled: () => cancelled,
				})
				await catchUpChanges({
					sinceRevision,
					fetchPage: (query) => fetchMessages(historyUrl(targetRef.current, query)),
					onPage: applyChanges,
					isCancelled: () => cancelled,
				})
			} catch (error) {
				if (!cancelled)
					showToast({ type: 'destructive', title: 'Failed to fetch messages', description: (error as Error).message })
			}
		}

		void openLiveSocket(() => !cancelled).then((socket) => {
			if (!socket) return
			opened = socket
			socketRef.current = socket
			socket.on('connect', () => {
				socket.emit(ClientToServer.auth, { userId: me.id, username: me.username })
			})
			socket.on(ServerToClient.auth_success, () => {
				connectErrorShown = false
				setStatus('connected')
				const current = targetRef.current
				// A private conversation says it is on screen, so its new messages count as read (docs/decisions/101).
				socket.emit(
					ClientToServer.subscribe,
					current.kind === 'community'
						? { communityIds: [current.communityId] }
						: { communityIds: [], conversationWith: current.userId },
				)
				void catchUp()
			})
			socket.on('connect_error', () => {
				setStatus('disconnected')
				if (connectErrorShown) return
				connectErrorShown = true
				showToast({ type: 'destructive', title: 'Connection Error', description: 'Failed to connect to chat service' })
			})
			socket.on('disconnect', () => {
				setStatus(socket.active ? 'connecting' : 'disconnected')
				setTyping([])
			})
			const onMessage = (message: ChatMessage) => {
				if (belongsHere(message)) addMessages([message])
			}
			socket.on(ServerToClient.community_message, onMessage)
			socket.on(ServerToClient.private_message, onMessage)
			const onChange = (message: ChatMessage) => {
				if (belongsHere(message)) applyChanges([message])
			}
			socket.on(ServerToClient.message_updated, onChange)
			socket.on(ServerToClient.message_deleted, onChange)
			socket.on(ServerToClient.mute_changed, (payload) => setMute(payload?.mute ?? null))
			socket.on(ServerToClient.typing, (notice) => {
				const current = targetRef.current
				const here =
					current.kind === 'community'
						? !notice.isPrivate && notice.targetId === current.communityId
						: notice.isPrivate && notice.userId === current.userId
				if (!here) return
				setTyping((people) => {
					const others = people.filter((person) => person.userId !== notice.userId)
					return notice.isTyping
						? [
								...others,
								{ userId: notice.userId, name: notice.name ?? notice.username, until: Date.now() + TYPING_EXPIRES_MS },
							]
						: others
				})
			})
			socket.on(ServerToClient.error, (payload) => {
				showToast({ type: 'destructive', title: 'Chat Error', description: payload?.message ?? 'Something went wrong' })
			})
		})

		return () => {
			cancelled = true
			opened?.disconnect()
			socketRef.current = null
		}
	}, [me.id, me.username, targetKey, addMessages, applyChanges, belongsHere, showToast])

	// Forget typing notices that were not repeated in time.
	useEffect(() => {
		if (typing.length === 0) return
		const soonest = Math.min(...typing.map((person) => person.until))
		const timer = setTimeout(
			() => setTyping((people) => people.filter((person) => person.until > Date.now())),
			Math.max(0, soonest - Date.now()) + 50,
		)
		return () => clearTimeout(timer)
	}, [typing])

	/** Sends a message; resolves true once the server stored it. Empty text is not sent (product §5). */
	const send = useCallback(
		(content: string): Promise<boolean> => {
			const text = content.trim()
			if (!text) return Promise.resolve(false)
			const socket = socketRef.current
			if (!socket || statusRef.current !== 'connected') {
				showToast({
					type: 'destructive',
					title: 'Connection Error',
					description: 'You are not connected to the chat service',
				})
				return Promise.resolve(false)
			}
			const current = targetRef.current
			return new Promise((resolve) => {
				const settled = (error: Error | null, result?: SendResult) => {
					if (error)
						showToast({ type: 'destructive', title: 'Failed to send message', description: 'Please try again later' })
					// A refusal ({ ok: false }) already arrived as an `error` event: the 'Chat Error' notice.
					resolve(!error && Boolean(result?.ok))
				}
				const sending = socket.timeout(SEND_TIMEOUT_MS)
				if (current.kind === 'community')
					sending.emit(ClientToServer.community_message, { content: text, communityId: current.communityId }, settled)
				else sending.emit(ClientToServer.private_message, { content: text, recipientId: current.userId }, settled)
			})
		},
		[showToast],
	)

	/** product §7: typing is reported on each text change, true while the input is non-empty. */
	const reportTyping = useCallback((isTyping: boolean) => {
		const socket = socketRef.current
		if (!socket || statusRef.current !== 'connected') return
		const last = lastTypingSent.current
		const now = Date.now()
		if (last.isTyping === isTyping && (!isTyping || now - last.at < TYPING_REPEAT_MS)) return
		lastTypingSent.current = { isTyping, at: now }
		const current = targetRef.current
		socket.emit(ClientToServer.typing, {
			isTyping,
			targetId: current.kind === 'community' ? current.communityId : current.userId,
			isPrivate: current.kind === 'private',
		})
	}, [])

	/** Prepends the page before the oldest message held (the `before` cursor). */
	const loadOlder = useCallback(async () => {
		const oldest = messagesRef.current[0]
		if (!oldest) return
		setLoadingOlder(true)
		try {
			const page = await fetchMessages(historyUrl(targetRef.current, `before=${oldest.id}`))
			addMessages(page)
			setHasOlder(page.length === HISTORY_PAGE_SIZE)
		} catch (error) {
			showToast({ type: 'destructive', title: 'Failed to fetch messages', description: (error as Error).message })
		} finally {
			setLoadingOlder(false)
		}
	}, [addMessages, showToast])

	return {
		messages,
		hasOlder,
		loadingOlder,
		loadOlder,
		status,
		typing: typing as TypingPerson[],
		send,
		reportTyping,
		mute,
	}
}
