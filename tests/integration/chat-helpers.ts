import { io, type Socket } from 'socket.io-client'
import { afterEach, expect } from 'vitest'
import { UserModel } from '#models/index'
import { type ChatMessage } from '~/lib/chat'
import { type BadgesResult, type TypingNotice } from '~/lib/live-events'
import { type TestClient } from '../setup/http-client'
import { logIn, logInWithUser } from '../setup/log-in'
import { signUpMember } from '../setup/members'

/**
 * Helpers for the chat integration tests: members with a logged-in HTTP
 * client, and real Socket.IO clients that record everything they receive.
 */

export interface Member {
	id: number
	username: string
	name: string
	client: TestClient
	/** The Cookie header of the member's session, for socket handshakes. */
	cookie: string
}

let registered = 0
export const CHAT_PASSWORD = 'chat-password-1'

/** Registers a fresh account (so no test shares another's rate limit) and logs it in. */
export async function newMember(
	baseUrl: string,
	{ premium = true, name }: { premium?: boolean; name?: string } = {},
): Promise<Member> {
	registered += 1
	const member = await signUpMember(baseUrl, `chat${registered}`, {
		name: name ?? `Chatter ${registered}`,
		password: CHAT_PASSWORD,
	})
	if (premium) await UserModel.updateOne({ id: member.id }, { $set: { subscriptionStatus: 'active' } })
	return {
		id: member.id,
		username: member.username,
		name: member.name,
		client: member.client,
		cookie: `__session=${member.client.cookie('__session')}`,
	}
}

/** Logs in one of the seeded demo accounts. */
export async function demoMember(baseUrl: string, username: string): Promise<Member> {
	const { client, user } = await logInWithUser(baseUrl, username)
	return { id: user.id, username, name: user.name, client, cookie: `__session=${client.cookie('__session')}` }
}

/** A second session of the same account, as on another device. */
export async function logInAgain(baseUrl: string, member: Member): Promise<Member> {
	const client = await logIn(baseUrl, member.username, CHAT_PASSWORD)
	return { ...member, client, cookie: `__session=${client.cookie('__session')}` }
}

export interface ChatClient {
	socket: Socket
	community: ChatMessage[]
	private: ChatMessage[]
	typing: TypingNotice[]
	/** `message_updated` and `message_deleted`, in arrival order. */
	changes: Array<{ event: 'message_updated' | 'message_deleted'; message: ChatMessage }>
	errors: string[]
	/** Resolves once `predicate` holds for what was received (checked on every event). */
	waitUntil: (predicate: () => boolean, what: string) => Promise<void>
	/** Emits and waits for the server's acknowledgement. */
	send: (
		event: 'community_message' | 'private_message' | 'edit_message' | 'delete_message',
		payload: unknown,
	) => Promise<{ ok: boolean; id?: number; message?: string }>
	close: () => void
}

const WAIT_LIMIT_MS = 10_000

/**
 * Connects a real socket to /ws with the given Cookie header (and Origin,
 * when set). With `auth`, it sends the spec's `auth` message and waits for
 * `auth_success`.
 */
export async function connectChat(
	baseUrl: string,
	member: Pick<Member, 'id' | 'username' | 'cookie'> | null,
	{ auth = true, origin, reconnection = false }: { auth?: boolean; origin?: string; reconnection?: boolean } = {},
): Promise<ChatClient> {
	const headers: Record<string, string> = {}
	if (member) headers.Cookie = member.cookie
	if (origin) headers.Origin = origin
	const socket = io(baseUrl, {
		path: '/ws',
		transports: ['websocket'],
		extraHeaders: headers,
		reconnection,
		forceNew: true,
	})
	const waiters = new Set<() => void>()
	const client: ChatClient = {
		socket,
		community: [],
		private: [],
		typing: [],
		changes: [],
		errors: [],
		waitUntil(predicate, what) {
			if (predicate()) return Promise.resolve()
			return new Promise((resolve, reject) => {
				const check = () => {
					if (!predicate()) return
					waiters.delete(check)
					clearTimeout(timer)
					resolve()
				}
				const timer = setTimeout(() => {
					waiters.delete(check)
					reject(new Error(`Timed out waiting until ${what}`))
				}, WAIT_LIMIT_MS)
				waiters.add(check)
			})
		},
		send(event, payload) {
			return socket.timeout(WAIT_LIMIT_MS).emitWithAck(event, payload)
		},
		close: () => socket.disconnect(),
	}
	const record = (list: unknown[]) => (item: unknown) => {
		list.push(item)
		for (const check of [...waiters]) check()
	}
	socket.on('community_message', record(client.community))
	socket.on('private_message', record(client.private))
	socket.on('typing', record(client.typing))
	for (const event of ['message_updated', 'message_deleted'] as const) {
		socket.on(event, (message: ChatMessage) => record(client.changes)({ event, message }))
	}
	socket.on('error', (payload: { message: string }) => record(client.errors)(payload.message))

	await new Promise<void>((resolve, reject) => {
		socket.once('connect', () => resolve())
		socket.once('connect_error', reject)
	})
	if (auth && member) await authenticate(client, member)
	return client
}

export async function authenticate(client: ChatClient, member: Pick<Member, 'id' | 'username'>) {
	const answered = new Promise<void>((resolve, reject) => {
		client.socket.once('auth_success', () => resolve())
		client.socket.once('error', (payload: { message: string }) => reject(new Error(payload.message)))
	})
	client.socket.emit('auth', { userId: member.id, username: member.username })
	await answered
}

/** The message texts a client received, in arrival order. */
export const texts = (messages: ReadonlyArray<{ content: string }>) => messages.map((message) => message.content)

/**
 * `connect(member, options?)` for a test file: a socket to the file's server,
 * closed after each test, so no test leaves a connection open for the next.
 */
export function useChatConnections(server: { url: string }) {
	const open: ChatClient[] = []
	afterEach(() => {
		for (const client of open.splice(0)) client.close()
	})
	return async function connect(
		...args: Parameters<typeof connectChat> extends [string, ...infer Rest] ? Rest : never
	) {
		const client = await connectChat(server.url, ...args)
		open.push(client)
		return client
	}
}

/** Posts `content` in a room from a socket of `connect`'s, and answers the stored message's id (the send must succeed). */
export async function postInRoom(
	connect: (member: Member) => Promise<ChatClient>,
	member: Member,
	content: string,
	communityId: number,
): Promise<number> {
	const chat = await connect(member)
	const ack = await chat.send('community_message', { content, communityId })
	expect(ack.ok, ack.message).toBe(true)
	return ack.id!
}

/** The layout socket's question when it connects (`badges`, docs/decisions/100), and the answer it hears. */
export function askBadges(client: ChatClient, payload: unknown): Promise<BadgesResult> {
	return client.socket.timeout(WAIT_LIMIT_MS).emitWithAck('badges', payload) as Promise<BadgesResult>
}
