import fs from 'node:fs'
import path from 'node:path'
import { io } from 'socket.io-client'
import ts from 'typescript'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { type LiveSocket } from '~/components/live-socket'
import { type ChatMessage } from '~/lib/chat'
import {
	ClientToServer,
	ServerToClient,
	type ChatMessageEvent,
	type ClientToServerEvents,
	type SendEvent,
	type SendResult,
	type ServerToClientEvents,
	type TypingNotice,
} from '~/lib/live-events'
import { clientPayloadSchemas, type ClientEventName, type ClientPayload } from '~/lib/live-payloads'
import { live } from '~/platform/live.server'
import { type ChatSocket } from '~/realtime/socket-data'

/**
 * The live protocol is declared once (app/lib/live-events.ts, decision 094)
 * and binds both ends. The type checks here fail `npx tsc --noEmit` (which
 * reads the tests too): every `@ts-expect-error` line must stay an error, so
 * a protocol that stopped refusing a wrong payload fails the check. The
 * rest runs: the names on the wire, every payload schema against malformed
 * payloads, and no event name written outside the module.
 */

describe('the names on the wire', () => {
	it('are the names of product §7 and the README, unchanged', () => {
		expect(Object.keys(clientPayloadSchemas)).toEqual([
			'auth',
			'subscribe',
			'typing',
			'community_message',
			'private_message',
			'edit_message',
			'delete_message',
			// Added for push (docs/decisions/181): the page a tab shows.
			'viewing',
			// Added for the layout's counts (docs/decisions/100): what a socket missed before it connected.
			'badges',
		])
		expect(ClientToServer.community_message).toBe('community_message')
		expect(ServerToClient.notifications_read).toBe('notifications_read')
		expect(ServerToClient.auth_success).toBe('auth_success')
	})

	it('a browser socket sends them as written, payloads untouched', () => {
		const socket: LiveSocket = io('http://127.0.0.1:9', { autoConnect: false })
		socket.emit(ClientToServer.auth, { userId: 7, username: 'ada' })
		socket.emit(ClientToServer.typing, { isTyping: true, targetId: 3, isPrivate: false })
		socket.emit(ClientToServer.community_message, { content: 'Hello', communityId: 3 }, () => {})
		// Not connected: the packets wait in the send buffer exactly as they would go out.
		expect(socket.sendBuffer.map((packet) => packet.data.slice(0, 2))).toEqual([
			['auth', { userId: 7, username: 'ada' }],
			['typing', { isTyping: true, targetId: 3, isPrivate: false }],
			['community_message', { content: 'Hello', communityId: 3 }],
		])
		socket.disconnect()
	})
})

describe('the types bite', () => {
	it('the seam takes each event with its own payload only', () => {
		// No publisher is registered in a unit test: these publish to no one.
		live.emitToUser(1, ServerToClient.notifications_read, { unreadCount: 3 })
		live.emitToUser(1, ServerToClient.mute_changed, { mute: null })
		// @ts-expect-error a count is a number
		live.emitToUser(1, ServerToClient.notifications_read, { unreadCount: '3' })
		// @ts-expect-error a mute needs its reason
		live.emitToUser(1, ServerToClient.mute_changed, { mute: { until: null } })
		// @ts-expect-error the conversations event has no notification
		live.emitToUser(1, ServerToClient.conversations, { unreadCount: 1, notification: null })
		// @ts-expect-error a notification needs its payload
		live.emitToUser(1, ServerToClient.notification)
		// @ts-expect-error there is no such event
		live.emitToUser(1, ServerToClient.notification_read, { unreadCount: 1 })
		// @ts-expect-error an event is named through the map, and this one is not in it
		live.emitToUser(1, 'unread', { unreadCount: 1 })

		expectTypeOf<Parameters<typeof live.emitToUser<'typing'>>>().toEqualTypeOf<[number, 'typing', TypingNotice]>()
	})

	it('the browser sends and hears each event with its own payload only', () => {
		// Type-checked, never run: a socket that would send these is the point of the checks.
		const wrongOnTheBrowser = (socket: LiveSocket) => {
			// @ts-expect-error a community id is a number
			socket.emit(ClientToServer.community_message, { content: 'Hi', communityId: '3' }, () => {})
			// @ts-expect-error isTyping is true or false
			socket.emit(ClientToServer.typing, { isTyping: 'yes', targetId: 3, isPrivate: false })
			// @ts-expect-error a private message names its recipient, not a room
			socket.emit(ClientToServer.private_message, { content: 'Hi', communityId: 3 }, () => {})
			// @ts-expect-error the newest notification a page shows is named by its id, a number
			socket.emit(ClientToServer.badges, { notificationsAfter: '3' }, () => {})
			// @ts-expect-error a send's acknowledgement hears a SendResult
			socket.emit(ClientToServer.delete_message, { messageId: 1 }, (result: { ok: string }) => result)
			// @ts-expect-error the server sends no `auth`: a browser cannot listen for it
			socket.on(ClientToServer.auth, () => {})
			// @ts-expect-error an unread count is a number
			socket.on(ServerToClient.notifications_read, (event: { unreadCount: string }) => event)
		}
		const wrongOnTheServer = (socket: ChatSocket) => {
			// @ts-expect-error an error carries its message
			socket.emit(ServerToClient.error, { reason: 'no' })
			// @ts-expect-error a typing notice says who types
			socket.emit(ServerToClient.typing, { targetId: 1, isPrivate: false, isTyping: true })
			// @ts-expect-error the browser sends no `notification`: the server cannot listen for it
			socket.on(ServerToClient.notification, () => {})
		}
		expectTypeOf(wrongOnTheBrowser).toBeFunction()
		expectTypeOf(wrongOnTheServer).toBeFunction()
	})

	it('the maps, the schemas and the derived event groups agree', () => {
		// Every client event has its schema, and every schema its event.
		expectTypeOf<ClientEventName>().toEqualTypeOf<keyof ClientToServerEvents>()
		expectTypeOf<Parameters<ClientToServerEvents['typing']>[0]>().toEqualTypeOf<{
			isTyping: boolean
			targetId: number
			isPrivate: boolean
		}>()
		expectTypeOf<Parameters<ClientToServerEvents['subscribe']>[0]>().toEqualTypeOf<{
			communityIds: number[]
			conversationWith?: number | undefined
		}>()
		expectTypeOf<Parameters<ClientToServerEvents['community_message']>[1]>().toEqualTypeOf<
			(result: SendResult) => void
		>()
		expectTypeOf<SendEvent>().toEqualTypeOf<
			'community_message' | 'private_message' | 'edit_message' | 'delete_message'
		>()
		expectTypeOf<ChatMessageEvent>().toEqualTypeOf<
			'community_message' | 'private_message' | 'message_updated' | 'message_deleted'
		>()
		expectTypeOf<Parameters<ServerToClientEvents['message_deleted']>>().toEqualTypeOf<[ChatMessage]>()
		expectTypeOf<Parameters<ServerToClientEvents['auth_success']>>().toEqualTypeOf<[]>()
	})
})

/**
 * One well-formed payload per client event, and payloads that event must
 * refuse. Keyed by the map, so a new client event cannot be left out.
 */
const examples: { [E in ClientEventName]: { valid: ClientPayload<E>; malformed: unknown[] } } = {
	auth: {
		valid: { userId: 7, username: 'ada' },
		malformed: [{ userId: '7', username: 'ada' }, { userId: 7 }, { userId: 7, username: ['ada'] }],
	},
	subscribe: {
		valid: { communityIds: [1, 2], conversationWith: 9 },
		malformed: [
			{ communityIds: 'all' },
			{ communityIds: [0] },
			{ communityIds: Array.from({ length: 101 }, (_, index) => index + 1) },
			{ communityIds: [], conversationWith: 'someone' },
		],
	},
	typing: {
		valid: { isTyping: true, targetId: 3, isPrivate: false },
		malformed: [
			{ targetId: 3 },
			{ isTyping: 'yes', targetId: 3 },
			{ isTyping: true, targetId: -3 },
			{ isTyping: true, targetId: 3, isPrivate: 'no' },
		],
	},
	community_message: {
		valid: { content: 'Hello', communityId: 1 },
		malformed: [
			{ content: '   ', communityId: 1 },
			{ content: 'x'.repeat(2001), communityId: 1 },
			{ content: 42, communityId: 1 },
			{ content: 'Hi', communityId: '1; drop' },
			{ content: 'Hi', communityId: { $gt: 0 } },
		],
	},
	private_message: {
		valid: { content: 'Hello', recipientId: 2 },
		malformed: [{ content: 'Hi' }, { content: 'Hi', recipientId: 1.5 }, { content: '', recipientId: 2 }],
	},
	edit_message: {
		valid: { messageId: 5, content: 'Corrected' },
		malformed: [{ messageId: 5 }, { messageId: 5, content: ' ' }, { messageId: 'five', content: 'Corrected' }],
	},
	delete_message: {
		valid: { messageId: 5 },
		malformed: [{ messageId: 0 }, { messageId: { $ne: null } }, { messageId: null }],
	},
	viewing: {
		valid: { path: '/messages?userId=7', visible: true },
		malformed: [
			{ path: '//elsewhere.example', visible: true },
			{ path: 'https://elsewhere.example/', visible: true },
			{ path: '/a b', visible: true },
			{ path: '/dashboard', visible: 'yes' },
			{ path: { $ne: null }, visible: true },
			{ visible: true },
		],
	},
	badges: {
		valid: { notificationsAfter: 0 },
		malformed: [
			{ notificationsAfter: -1 },
			{ notificationsAfter: 1.5 },
			{ notificationsAfter: '12' },
			{ notificationsAfter: { $gt: 0 } },
			{ notificationsAfter: 2 ** 60 },
		],
	},
}

describe('every payload the browser sends is parsed', () => {
	const events = Object.keys(clientPayloadSchemas) as ClientEventName[]

	it.each(events)('%s accepts its well-formed payload', (event) => {
		expect(clientPayloadSchemas[event].safeParse(examples[event].valid).success).toBe(true)
	})

	it.each(events)('%s refuses malformed payloads, and anything that is not an object', (event) => {
		for (const payload of [...examples[event].malformed, {}, null, 'text', 42, []]) {
			expect(clientPayloadSchemas[event].safeParse(payload).success, JSON.stringify(payload)).toBe(false)
		}
	})
})

const root = process.cwd()
const LIVE_EVENTS = path.join(root, 'app/lib/live-events.ts')
/** The calls that take an event's name. */
const EVENT_CALLS = new Set(['emit', 'on', 'once', 'off', 'emitToUser', 'deliver'])
/** Modules whose importers handle sockets or publish to them. */
const SOCKET_MODULES = [
	/^socket\.io(-client)?$/,
	/^~\/lib\/live-events$/,
	/^~\/components\/live-socket$/,
	/^~\/platform\/live\.server$/,
	/^~\/realtime\//,
]

/** The event names the maps declare, read from the module's source. */
function declaredEventNames(): Set<string> {
	const source = ts.createSourceFile(LIVE_EVENTS, fs.readFileSync(LIVE_EVENTS, 'utf8'), ts.ScriptTarget.Latest)
	const names = new Set<string>()
	source.forEachChild((node) => {
		if (ts.isInterfaceDeclaration(node) && /^(ClientToServer|ServerToClient)Events$/.test(node.name.text)) {
			for (const member of node.members) if (member.name && ts.isIdentifier(member.name)) names.add(member.name.text)
		}
	})
	return names
}

/** Where a file passes one of `names` as a written string to a call that takes an event's name. */
function writtenEventNames(file: string, text: string, names: Set<string>): string[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
	const found: string[] = []
	const visit = (node: ts.Node) => {
		if (
			ts.isCallExpression(node) &&
			ts.isPropertyAccessExpression(node.expression) &&
			EVENT_CALLS.has(node.expression.name.text)
		) {
			for (const argument of node.arguments) {
				if (ts.isStringLiteralLike(argument) && names.has(argument.text)) {
					const { line } = source.getLineAndCharacterOfPosition(argument.getStart())
					found.push(`${path.relative(root, file)}:${line + 1} '${argument.text}'`)
				}
			}
		}
		node.forEachChild(visit)
	}
	visit(source)
	return found
}

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(full)
		return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
	})
}

describe('event names are written in app/lib/live-events.ts only', () => {
	const names = declaredEventNames()
	// server.ts only attaches the socket server; the 'error' it listens for is its HTTP server's.
	const socketFiles = sourceFiles(path.join(root, 'app'))
		.filter((file) => file !== LIVE_EVENTS)
		.filter((file) =>
			ts
				.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
				.importedFiles.some(({ fileName }) => SOCKET_MODULES.some((module) => module.test(fileName))),
		)

	it('the check reads the names and the files it checks', () => {
		expect([...names]).toEqual(expect.arrayContaining(['auth', 'typing', 'error', 'conversations', 'delete_message']))
		const relative = socketFiles.map((file) => path.relative(root, file))
		expect(relative).toEqual(
			expect.arrayContaining([
				'app/realtime/chat.server.ts',
				'app/components/chat/use-chat.ts',
				'app/components/layout/live-counts.ts',
				'app/services/notifications/notifications.server.ts',
			]),
		)
		// And it would see a written name.
		expect(writtenEventNames('example.ts', "socket.to(rooms).emit('typing', notice)", names)).toEqual([
			"example.ts:1 'typing'",
		])
	})

	it('no socket, handler or service writes an event name of its own', () => {
		const written = socketFiles.flatMap((file) => writtenEventNames(file, fs.readFileSync(file, 'utf8'), names))
		expect(written).toEqual([])
	})
})
