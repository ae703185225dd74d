import { setTimeout as sleep } from 'node:timers/promises'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommunityModel, LeaseModel, MessageModel } from '#models/index'
import { catchUpMessages, mergeMessages, type ChatMessage } from '~/lib/chat'
import { SENDING_TOO_FAST } from '~/services/chat/messages.server'
import { seedDemoData } from '~/demo/data.server'
import { connectChat, logInAgain, newMember, type ChatClient, type Member } from './chat-helpers'
import { createMembersWithSessions, type SessionMember } from '../setup/direct-sessions'
import { TestClient } from '../setup/http-client'
import { redisUnavailableReason, startRedisServer, type RedisServer } from '../setup/redis-server'
import { useTestDatabase } from '../setup/test-database'
import { until } from '../setup/until'
import { startTestServer, TEST_SESSION_SECRET, type TestServer } from '../setup/test-server'

/**
 * Scale-out (issue 14, docs/decisions/140–144): three built app processes
 * on one database and one real Redis, as `npm run demo:cluster` and the
 * compose file's scale profile run them. Each client is pinned to one
 * process by its URL, as a load balancer without sticky sessions would
 * spread them; what one process does must reach and bind the others.
 */

const skipReason = redisUnavailableReason()
if (skipReason) console.log(`[scale-out] skipped: ${skipReason}`)

describe.skipIf(skipReason !== null)('three app processes on one database and one Redis', () => {
	const database = useTestDatabase()
	let redis: RedisServer | undefined
	const servers: TestServer[] = []
	const url = (process: number) => servers[process]!.url
	const chats: ChatClient[] = []
	let roomId = 0

	beforeAll(async () => {
		await seedDemoData()
		roomId = (await CommunityModel.findOne().sort({ id: 1 }).lean())!.id
		redis = await startRedisServer()
		// Started one after another, so their start-up job runs meet the leases at different moments.
		for (let process = 0; process < 3; process++)
			servers.push(await startTestServer({ mongodbUri: database.uri(), env: { REDIS_URL: redis.url } }))
	}, 120_000)

	afterAll(async () => {
		for (const chat of chats) chat.close()
		await Promise.all(servers.map((server) => server.stop()))
		await redis?.stop()
	})

	/** A chat socket of `member` on process `process`, closed after the file. */
	async function chatOn(process: number, member: Pick<Member, 'id' | 'username' | 'cookie'>): Promise<ChatClient> {
		const chat = await connectChat(url(process), member)
		chats.push(chat)
		return chat
	}

	it('says at start-up that it shares its state through Redis', () => {
		for (const server of servers) expect(server.output()).toContain('Shared state: Redis at REDIS_URL')
	})

	it('room messages, private messages, typing and notifications reach members on every process', async () => {
		const [ann, ben, cat] = [await newMember(url(0)), await newMember(url(1)), await newMember(url(2))]
		const onAnns = await chatOn(0, ann!)
		const onBens = await chatOn(1, ben!)
		const onCats = await chatOn(2, cat!)
		const notificationsOfCat: Array<{ notification: { kind: string; text: string } }> = []
		onCats.socket.on('notification', (payload) => notificationsOfCat.push(payload))

		// A room message written on process 0 reaches the room's readers on processes 1 and 2.
		const sent = await onAnns.send('community_message', {
			communityId: roomId,
			content: `Hello from process 0, @${cat!.username}`,
		})
		expect(sent.ok).toBe(true)
		for (const reader of [onBens, onCats])
			await reader.waitUntil(
				() => reader.community.some((message) => message.id === sent.id),
				'the room message arrives',
			)
		// The mention reached Cat's open page as a live notification.
		await until(
			() => notificationsOfCat.some(({ notification }) => notification.kind === 'mention'),
			'the mention notification arrives',
		)

		// A private message from process 1 reaches its recipient on process 2, and nobody else.
		const whisper = await onBens.send('private_message', {
			recipientId: cat!.id,
			content: 'Only for you, from process 1',
		})
		expect(whisper.ok).toBe(true)
		await onCats.waitUntil(
			() => onCats.private.some((message) => message.id === whisper.id),
			'the private message arrives',
		)
		await until(
			() => notificationsOfCat.some(({ notification }) => notification.kind === 'private_message'),
			'the private-message notification arrives',
		)

		// Typing on process 2 shows on processes 0 and 1.
		onCats.socket.emit('typing', { isTyping: true, targetId: roomId, isPrivate: false })
		for (const reader of [onAnns, onBens]) {
			await reader.waitUntil(
				() => reader.typing.some((notice) => notice.userId === cat!.id && notice.isTyping),
				'the typing notice arrives',
			)
		}
		// Private typing reaches only the other participant, on another process.
		onBens.socket.emit('typing', { isTyping: true, targetId: cat!.id, isPrivate: true })
		await onCats.waitUntil(
			() => onCats.typing.some((notice) => notice.userId === ben!.id && notice.isPrivate),
			'the private typing notice arrives',
		)

		// Ann holds the room message once and never got the private one.
		expect(onAnns.private.map((message) => message.id)).not.toContain(whisper.id)
		expect(onBens.community.filter((message) => message.id === sent.id)).toHaveLength(1)
		expect(onCats.community.filter((message) => message.id === sent.id)).toHaveLength(1)
		expect(onAnns.typing.some((notice) => notice.isPrivate)).toBe(false)
	})

	it('the send limit is one count across processes: the 11th message in 10 s is refused whichever process receives it', async () => {
		const writer = await newMember(url(0))
		const sockets = [await chatOn(0, writer), await chatOn(1, writer), await chatOn(2, writer)]
		for (let sent = 0; sent < 10; sent++) {
			const answer = await sockets[sent % 3]!.send('community_message', {
				communityId: roomId,
				content: `Message ${sent + 1} of 10`,
			})
			expect(answer, `message ${sent + 1}, on process ${sent % 3}`).toMatchObject({ ok: true })
		}
		for (const [process, socket] of sockets.entries()) {
			expect(
				await socket.send('community_message', { communityId: roomId, content: 'One too many' }),
				`the 11th, on process ${process}`,
			).toEqual({
				ok: false,
				message: SENDING_TOO_FAST,
			})
		}
		expect(await MessageModel.countDocuments({ senderId: writer.id })).toBe(10)
	})

	it("a room's newest page held by one process shows the messages, edits and deletions made on another at the next visit", async () => {
		const author = await newMember(url(0))
		const readerOn1 = await logInAgain(url(1), await newMember(url(0)))
		const newestOn1 = async () => {
			const response = await readerOn1.client.get(`/api/messages/community/${roomId}`)
			expect(response.status).toBe(200)
			return ((await response.json()) as ChatMessage[]).at(-1)
		}
		// Process 1 reads the room and holds its newest page (docs/decisions/089).
		await newestOn1()
		const sent = await (
			await chatOn(0, author)
		).send('community_message', { communityId: roomId, content: 'Written on process 0' })
		expect(sent.ok).toBe(true)
		expect(await newestOn1()).toMatchObject({ id: sent.id, content: 'Written on process 0' })
		expect(
			(await author.client.json('PATCH', `/api/messages/${sent.id}`, { content: 'Edited on process 0' })).status,
		).toBe(200)
		expect(await newestOn1()).toMatchObject({ id: sent.id, content: 'Edited on process 0' })
		expect((await author.client.json('DELETE', `/api/messages/${sent.id}`)).status).toBe(200)
		expect(await newestOn1()).toMatchObject({ id: sent.id, deleted: true, content: '' })
	})

	it(
		'a busy room with writers on every process: every reader, on every process, gets the messages in id order',
		{ timeout: 60_000 },
		async () => {
			// Nine members write at once, three on each process; each of them also reads, as a chat panel does.
			const members = await createMembersWithSessions(9, { sessionSecret: TEST_SESSION_SECRET, label: 'busy' })
			const panels = await Promise.all(members.map((member, index) => chatOn(index % 3, member)))
			for (const panel of panels) panel.socket.emit('subscribe', { communityIds: [roomId] })
			const tag = `busy-${Date.now().toString(36)}`
			const arrivals = (panel: ChatClient) =>
				panel.community.filter((message) => message.content.startsWith(`${tag}|`)).map((message) => message.id)

			// Each writes eight messages as fast as the server takes them (within the send limit of 10 in 10 s).
			const acks = await Promise.all(
				panels.map(async (panel, writer) => {
					const ids: number[] = []
					for (let seq = 0; seq < 8; seq++) {
						const ack = await panel.send('community_message', {
							communityId: roomId,
							content: `${tag}|${writer}|${seq}`,
						})
						expect(ack.ok, ack.message).toBe(true)
						ids.push(ack.id!)
					}
					return ids
				}),
			)
			const sent = acks.flat().sort((a, b) => a - b)
			for (const panel of panels)
				await panel.waitUntil(() => arrivals(panel).length >= sent.length, 'every message arrives')
			// Arrival order is id order on every connection, whichever process wrote each message: a reader who holds
			// id n holds every smaller one, so catching up "after n" after a reconnect can never skip one.
			for (const panel of panels) expect(arrivals(panel)).toEqual(sent)
		},
	)

	it('"Log out from all devices" on one process closes the account\'s sockets on every process', async () => {
		const member = await newMember(url(0))
		const elsewhere = await logInAgain(url(2), member)
		const sockets = [await chatOn(0, member), await chatOn(1, member), await chatOn(2, elsewhere)]
		const onProcess1 = await logInAgain(url(1), member)
		const response = await onProcess1.client.submitForm('/profile?tab=account', { intent: 'logout-all' })
		expect(response.status).toBe(302)
		for (const [process, socket] of sockets.entries())
			await until(() => !socket.socket.connected, `the socket on process ${process} is closed`)
		// And the sessions are gone for every process.
		for (let process = 0; process < 3; process++) {
			const page = await fetch(new URL('/dashboard', url(process)), {
				headers: { Cookie: member.cookie },
				redirect: 'manual',
			})
			expect(page.status, `process ${process}`).toBe(302)
		}
	})

	it('login throttling counts the attempts made on every process together', async () => {
		const member = await newMember(url(0))
		const tryOn = (process: number, password: string) =>
			new TestClient(url(process)).json('POST', '/api/login', { username: member.username, password })
		// Five wrong passwords from one address, spread over the three processes: each is checked.
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await tryOn(attempt % 3, 'wrong-password')).status, `attempt ${attempt + 1}`).toBe(401)
		// The sixth is refused wherever it lands, even with the right password.
		for (let process = 0; process < 3; process++) {
			const refused = await tryOn(process, 'chat-password-1')
			expect(refused.status, `process ${process}`).toBe(429)
			expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
		}
	})

	it('at most 10 chat sockets per account, counted across the processes', async () => {
		const member = await newMember(url(0))
		for (let open = 0; open < 10; open++) await chatOn(open % 3, member)
		const eleventh = await connectChat(url(1), member, { auth: false })
		chats.push(eleventh)
		await until(() => !eleventh.socket.connected, 'the 11th socket is closed')
		expect(eleventh.errors[0]).toMatch(/^Too many open chat connections/)
	})

	it('a background job runs once per period, however many processes ask', async () => {
		// Every process ran each due job's first tick at start: the lease let one of them run it.
		for (const name of ['lapsed-simulated-trials', 'trial-ending-notices', 'lesson-digest']) {
			const lease = await LeaseModel.findOne({ name }).lean()
			expect(lease?.runs, name).toBe(1)
		}
	})

	describe('a process stopped in the middle of a chat (a rolling restart)', () => {
		/** A chat panel as the browser runs it (app/components/chat/use-chat.ts), behind a load balancer that sends a reconnection to a process still up. */
		interface Panel {
			member: SessionMember
			socket: Socket
			process: number
			messages: ChatMessage[]
			/** Ids of live deliveries in arrival order, one list per connection. */
			live: number[][]
			ready: boolean
			errors: string[]
		}
		const panels: Panel[] = []
		afterAll(() => {
			for (const panel of panels) panel.socket.disconnect()
		})

		const up = new Set([0, 1, 2])
		let nextProcess = 0
		/** Round-robin over the processes still up, as the demo's proxy does. */
		const pickProcess = () => {
			for (;;) {
				const candidate = nextProcess++ % 3
				if (up.has(candidate)) return candidate
			}
		}

		function connect(panel: Panel, process: number): Promise<void> {
			panel.process = process
			const socket = io(url(process), {
				path: '/ws',
				transports: ['websocket'],
				extraHeaders: { Cookie: panel.member.cookie },
				forceNew: true,
				reconnection: false,
			})
			panel.socket = socket
			socket.on('connect', () => socket.emit('auth', { userId: panel.member.id, username: panel.member.username }))
			socket.on('community_message', (message: ChatMessage) => {
				if (message.isPrivate || message.communityId !== roomId) return
				panel.live.at(-1)?.push(message.id)
				panel.messages = mergeMessages(panel.messages, [message])
			})
			socket.on('disconnect', (reason) => {
				panel.ready = false
				// The process went away: the page reconnects, and the balancer picks a process that is up.
				if (reason !== 'io client disconnect') void connect(panel, pickProcess())
			})
			return new Promise((resolve, reject) => {
				socket.once('connect_error', reject)
				socket.once('auth_success', () => {
					panel.live.push([])
					socket.emit('subscribe', { communityIds: [roomId] })
					void catchUpMessages({
						lastHeldId: panel.messages.at(-1)?.id ?? null,
						fetchPage: async (query) => {
							const response = await fetch(
								new URL(`/api/messages/community/${roomId}${query ? `?${query}` : ''}`, url(process)),
								{
									headers: { Cookie: panel.member.cookie, Accept: 'application/json' },
								},
							)
							if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)
							return (await response.json()) as ChatMessage[]
						},
						onPage: (page) => (panel.messages = mergeMessages(panel.messages, page)),
					}).then(
						() => (panel.ready = true),
						(error: Error) => panel.errors.push(error.message),
					)
					resolve()
				})
			})
		}

		async function openPanel(member: SessionMember, process: number): Promise<Panel> {
			const panel: Panel = {
				member,
				socket: undefined as unknown as Socket,
				process,
				messages: [],
				live: [],
				ready: false,
				errors: [],
			}
			panels.push(panel)
			await connect(panel, process)
			await until(() => panel.ready, 'the panel is ready')
			return panel
		}

		interface Outcome {
			writer: number
			seq: number
			result: 'stored' | 'refused' | 'unanswered'
			id?: number
		}

		it(
			'its members reconnect to the other processes and catch up: every message once, in order, nothing lost',
			{ timeout: 120_000 },
			async () => {
				const WRITERS = 6
				const members = await createMembersWithSessions(WRITERS + 6, {
					sessionSecret: TEST_SESSION_SECRET,
					label: 'rolling',
				})
				// Writers and readers spread over the three processes, two of each per process.
				const writers = await Promise.all(members.slice(0, WRITERS).map((member) => openPanel(member, pickProcess())))
				const readers = await Promise.all(members.slice(WRITERS).map((member) => openPanel(member, pickProcess())))
				const tag = `rolling-${Date.now().toString(36)}`
				const outcomes: Outcome[] = []
				let writing = true

				async function writeSteadily(panel: Panel, writer: number) {
					for (let seq = 0; writing;) {
						if (!panel.ready) {
							await sleep(20)
							continue
						}
						const started = Date.now()
						try {
							const ack = (await panel.socket
								.timeout(5_000)
								.emitWithAck('community_message', { content: `${tag}|${writer}|${seq}`, communityId: roomId })) as {
								ok: boolean
								id?: number
							}
							outcomes.push({ writer, seq, result: ack.ok ? 'stored' : 'refused', id: ack.id })
						} catch {
							outcomes.push({ writer, seq, result: 'unanswered' })
						}
						seq += 1
						// Within the send limit (10 in 10 s), now one count across the processes.
						await sleep(Math.max(0, 1_050 - (Date.now() - started)))
					}
				}
				const stored = () => outcomes.filter((outcome) => outcome.result === 'stored').length
				const writing$ = Promise.all(writers.map((panel, index) => writeSteadily(panel, index)))

				await until(() => stored() >= 2 * WRITERS, 'messages flow')
				// SIGTERM to process 2 while everyone writes; its members move to processes 0 and 1.
				up.delete(2)
				await servers[2]!.stop()
				await until(
					() => [...writers, ...readers].every((panel) => panel.process !== 2 && panel.ready),
					'every panel of process 2 reconnects elsewhere',
					30_000,
				)
				const storedAtMove = stored()
				await until(() => stored() >= storedAtMove + 2 * WRITERS, 'messages flow again')
				writing = false
				await writing$

				const inDatabase = await MessageModel.find({ communityId: roomId, content: new RegExp(`^${tag}\\|`) })
					.sort({ id: 1 })
					.lean()
				const storedIds = inDatabase.map((message) => message.id)
				const everyone = [...writers, ...readers]
				const tagged = (panel: Panel) =>
					panel.messages.filter((message) => message.content.startsWith(`${tag}|`)).map((message) => message.id)
				await until(
					() => everyone.every((panel) => tagged(panel).length >= storedIds.length),
					'every panel holds every message',
				).catch(() => {})

				const count = (result: Outcome['result']) => outcomes.filter((outcome) => outcome.result === result).length
				console.log(
					`[scale-out] rolling restart: ${outcomes.length} sends, ${count('stored')} stored, ${count('refused')} refused, ` +
						`${count('unanswered')} unanswered; ${storedIds.length} in the database; ${everyone.filter((panel) => panel.live.length > 1).length} panels moved`,
				)
				for (const panel of everyone) {
					expect(panel.errors, panel.member.username).toEqual([])
					expect(tagged(panel), `${panel.member.username} holds every stored message once, in order`).toEqual(storedIds)
					// Live, each connection got the room's messages in id order, none twice: the order of the room, whoever wrote them.
					for (const ids of panel.live)
						expect(ids, `${panel.member.username}'s live deliveries`).toEqual([...new Set(ids)].sort((a, b) => a - b))
				}
				// What was acknowledged is stored, and nothing was stored without its acknowledgement.
				const storedSet = new Set(storedIds)
				for (const outcome of outcomes) if (outcome.result === 'stored') expect(storedSet.has(outcome.id!)).toBe(true)
				expect(inDatabase.length, 'messages stored without an acknowledgement').toBe(count('stored'))
				// Each writer's messages are stored in the order sent, across its move to another process.
				for (let writer = 0; writer < WRITERS; writer++) {
					const seqs = inDatabase
						.filter((message) => message.content.startsWith(`${tag}|${writer}|`))
						.map((message) => Number(message.content.split('|')[2]))
					expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
				}
				// Process 2's members really moved.
				expect(everyone.filter((panel) => panel.live.length > 1).length).toBeGreaterThanOrEqual(4)
			},
		)
	})
})
