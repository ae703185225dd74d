import { describe, expect, it } from 'vitest'
import { MessageModel, SessionModel } from '#models/index'
import { SESSION_ENDED } from '~/realtime/live-session.server'
import { MAX_SOCKETS_PER_USER, TOO_MANY_CONNECTIONS } from '~/realtime/socket.server'
import { useSeededTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'
import {
	askBadges,
	authenticate,
	useChatConnections,
	connectChat,
	demoMember,
	logInAgain,
	newMember,
	texts,
} from './chat-helpers'

const server = useSeededTestServer()
const connect = useChatConnections(server)

const EXECUTIVE = 1
const NEW_MANAGERS = 2

describe('the chat connection (product §4)', () => {
	it('refuses a socket without a session or with a forged cookie', async () => {
		await expect(connectChat(server.url, null)).rejects.toThrow('Not authenticated')
		const forged = { id: 1, username: 'admin', cookie: '__session=forged.value' }
		await expect(connectChat(server.url, forged)).rejects.toThrow('Not authenticated')
	})

	it('refuses a browser socket from a foreign origin, and accepts the app’s own', async () => {
		const maria = await demoMember(server.url, 'maria')
		await expect(connectChat(server.url, maria, { origin: 'https://evil.example' })).rejects.toThrow()
		const sameOrigin = await connect(maria, { origin: server.url })
		expect(sameOrigin.socket.connected).toBe(true)
	})

	it('answers auth_success only for the session’s own user', async () => {
		const maria = await demoMember(server.url, 'maria')
		const client = await connect(maria, { auth: false })
		await expect(authenticate(client, { id: maria.id + 1, username: 'david' })).rejects.toThrow('Authentication failed')
		await authenticate(client, maria)
	})

	it('logging out closes the sockets of that session only', async () => {
		const member = await newMember(server.url)
		const otherDevice = await newMember(server.url)
		const phone = await logInAgain(server.url, member)
		const laptopSocket = await connect(member)
		const phoneSocket = await connect(phone)
		const bystander = await connect(otherDevice)
		const closed = new Promise((resolve) => laptopSocket.socket.once('disconnect', resolve))
		expect((await member.client.json('POST', '/api/logout')).status).toBe(200)
		expect(await closed).toBe('io server disconnect')
		expect(phoneSocket.socket.connected).toBe(true)
		expect(bystander.socket.connected).toBe(true)
	})
})

describe('sockets end with their session (issue 16, findings 3 and 6)', () => {
	it('a password change closes the account’s other sockets at once; the changing session’s stay and still send', async () => {
		const [member, friend] = await Promise.all([newMember(server.url), newMember(server.url)])
		const phone = await logInAgain(server.url, member)
		const laptopSocket = await connect(member)
		const phoneSocket = await connect(phone)
		const closed = new Promise((resolve) => phoneSocket.socket.once('disconnect', resolve))
		const changed = await member.client.json('POST', `/api/users/${member.id}/change-password`, {
			currentPassword: 'chat-password-1',
			newPassword: 'chat-password-2',
		})
		expect(changed.status).toBe(200)
		expect(await closed).toBe('io server disconnect')
		// The phone's HTTP session is gone too, and it cannot come back on the socket with its old cookie.
		expect((await phone.client.get('/api/user')).status).toBe(401)
		await expect(connectChat(server.url, phone)).rejects.toThrow('Not authenticated')
		expect(laptopSocket.socket.connected).toBe(true)
		expect(await laptopSocket.send('private_message', { content: 'still here', recipientId: friend.id })).toMatchObject(
			{ ok: true },
		)
	})

	it('a socket whose session ended where no disconnect reached it is refused on its next send, and closed', async () => {
		const member = await newMember(server.url)
		const other = await newMember(server.url)
		const socket = await connect(member)
		const inbox = await connect(other)
		// The session record goes away behind the socket's back (another process, or by hand).
		await SessionModel.deleteMany({ userId: member.id })
		const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve))
		const content = uniqueName('after the end')
		expect(await socket.send('private_message', { content, recipientId: other.id })).toEqual({
			ok: false,
			message: SESSION_ENDED,
		})
		expect(socket.errors).toContain(SESSION_ENDED)
		expect(await closed).toBe('io server disconnect')
		expect(await MessageModel.countDocuments({ content })).toBe(0)
		expect(inbox.private).toEqual([])
	})

	it("a socket whose session ended is not told the member's notifications when it asks for its badges, and is closed", async () => {
		const member = await newMember(server.url)
		const socket = await connect(member)
		expect(await askBadges(socket, { notificationsAfter: 0 })).toMatchObject({ ok: true })
		await SessionModel.deleteMany({ userId: member.id })
		const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve))
		expect(await askBadges(socket, { notificationsAfter: 0 })).toEqual({ ok: false, message: SESSION_ENDED })
		expect(await closed).toBe('io server disconnect')
	})

	it(`one account holds at most ${MAX_SOCKETS_PER_USER} sockets, on all its devices: the next is told why and closed`, async () => {
		const member = await newMember(server.url)
		const phone = await logInAgain(server.url, member)
		const laptopSockets = await Promise.all(
			Array.from({ length: MAX_SOCKETS_PER_USER - 1 }, () => connect(member, { auth: false })),
		)
		const phoneSocket = await connect(phone, { auth: false })
		const extra = await connect(member, { auth: false })
		await extra.waitUntil(() => extra.errors.includes(TOO_MANY_CONNECTIONS), 'the extra socket is told why')
		// Closed by the server right after (possibly already).
		if (extra.socket.connected) await new Promise((resolve) => extra.socket.once('disconnect', resolve))
		expect(extra.socket.connected).toBe(false)
		expect([...laptopSockets, phoneSocket].every((client) => client.socket.connected)).toBe(true)

		// The phone logs out, which closes its socket on the server: there is room again.
		expect((await phone.client.json('POST', '/api/logout')).status).toBe(200)
		const replacement = await connect(member)
		expect(replacement.socket.connected).toBe(true)
	})
})

describe('community rooms', () => {
	it('delivers every message once, in order, to every reader – the sender’s other tabs included – and keeps it in the history', async () => {
		const [alice, bob, reader, freeReader, elsewhere] = await Promise.all([
			newMember(server.url, { name: 'Alice Writer' }),
			newMember(server.url, { name: 'Bob Writer' }),
			newMember(server.url),
			newMember(server.url, { premium: false }),
			newMember(server.url),
		])
		const aliceTab1 = await connect(alice)
		const aliceTab2 = await connect(alice)
		const bobSocket = await connect(bob)
		const readerSocket = await connect(reader)
		const freeSocket = await connect(freeReader)
		// Only subscribed to another room (the optional `subscribe` message).
		const otherRoom = await connect(elsewhere)
		otherRoom.socket.emit('subscribe', { communityIds: [NEW_MANAGERS] })
		// Connected with a session but never sent `auth`: receives nothing.
		const silent = await connect(reader, { auth: false })

		const tag = uniqueName('room')
		const aliceLines = [1, 2, 3, 4].map((n) => `${tag} alice ${n}`)
		const bobLines = [1, 2, 3].map((n) => `${tag} bob ${n}`)
		// Both write at the same time, each in order.
		const acks = await Promise.all([
			...aliceLines.map((content) => aliceTab1.send('community_message', { content, communityId: EXECUTIVE })),
			...bobLines.map((content) => bobSocket.send('community_message', { content, communityId: EXECUTIVE })),
		])
		expect(acks.every((ack) => ack.ok)).toBe(true)
		// A last message: everything sent before it has arrived once it has.
		const marker = `${tag} end`
		await aliceTab2.send('community_message', { content: marker, communityId: EXECUTIVE })

		const readers = [aliceTab1, aliceTab2, bobSocket, readerSocket, freeSocket]
		await Promise.all(
			readers.map((client) => client.waitUntil(() => texts(client.community).includes(marker), 'the marker arrives')),
		)

		const history = await (await reader.client.get(`/api/messages/community/${EXECUTIVE}`)).json()
		const stored = (history as Array<{ content: string; senderName: string }>).filter((message) =>
			message.content.startsWith(tag),
		)
		expect(stored).toHaveLength(8)
		for (const client of readers) {
			const received = client.community.filter((message) => message.content.startsWith(tag))
			// Exactly once each, in the stored order.
			expect(texts(received)).toEqual(stored.map((message) => message.content))
		}
		// Each writer's messages keep the order they were sent in.
		const order = stored.map((message) => message.content)
		expect(order.filter((content) => content.includes('alice'))).toEqual(aliceLines)
		expect(order.filter((content) => content.includes('bob'))).toEqual(bobLines)
		// The live payload carries what product §7 lists.
		const live = readerSocket.community.find((message) => message.content === aliceLines[0])!
		expect(live).toMatchObject({
			senderId: alice.id,
			communityId: EXECUTIVE,
			senderName: 'Alice Writer',
			content: aliceLines[0],
		})
		expect(typeof live.id).toBe('number')
		expect(Number.isNaN(Date.parse(live.createdAt))).toBe(false)

		// Readers of another room, and a socket that never authenticated, got none of it.
		const check = `${tag} other room`
		await aliceTab1.send('community_message', { content: check, communityId: NEW_MANAGERS })
		await otherRoom.waitUntil(() => texts(otherRoom.community).includes(check), 'the other room’s message arrives')
		expect(otherRoom.community.filter((message) => message.communityId !== NEW_MANAGERS)).toEqual([])
		expect(silent.community).toEqual([])
	})

	it('refuses a free account’s post on the server and stores nothing', async () => {
		const member = await demoMember(server.url, 'member')
		const socket = await connect(member)
		const content = uniqueName('free post')
		const ack = await socket.send('community_message', { content, communityId: EXECUTIVE })
		expect(ack.ok).toBe(false)
		expect(socket.errors).toContain(
			'Community chat is read-only for free accounts. Upgrade to Premium to join the conversation.',
		)
		expect(await MessageModel.countDocuments({ content })).toBe(0)
	})

	it('answers bad messages with an error and stores nothing', async () => {
		const writer = await newMember(server.url)
		const socket = await connect(writer)
		const before = await MessageModel.countDocuments()
		const cases: Array<[unknown, string]> = [
			[{ content: '', communityId: EXECUTIVE }, 'Message cannot be empty'],
			[{ content: '   \n\t ', communityId: EXECUTIVE }, 'Message cannot be empty'],
			[{ content: 'x'.repeat(2001), communityId: EXECUTIVE }, 'Message must be at most 2000 characters long'],
			[{ content: 'Hello', communityId: 9999 }, 'Community not found'],
			[{ content: 'Hello', communityId: 'one' }, 'communityId must be a number'],
			[{ content: { $gt: '' }, communityId: EXECUTIVE }, 'Message must be text'],
			[null, 'Message cannot be empty'],
		]
		for (const [payload, message] of cases) {
			const ack = await socket.send('community_message', payload)
			expect(ack).toMatchObject({ ok: false })
			expect(socket.errors.at(-1)).toContain(message)
		}
		const ok = await socket.send('community_message', { content: '  trimmed  ', communityId: String(EXECUTIVE) })
		expect(ok.ok).toBe(true)
		expect(await MessageModel.countDocuments()).toBe(before + 1)
		expect((await MessageModel.findOne({ id: ok.id }).lean())?.content).toBe('trimmed')

		// Nothing is accepted before `auth`.
		const early = await connect(writer, { auth: false })
		const refused = await early.send('community_message', { content: 'too early', communityId: EXECUTIVE })
		expect(refused).toMatchObject({ ok: false, message: 'Not authenticated: send auth first' })
	})

	it('gives a user who floods the room an error instead of more messages', async () => {
		const flooder = await newMember(server.url)
		const socket = await connect(flooder)
		const tag = uniqueName('flood')
		const acks = await Promise.all(
			Array.from({ length: 13 }, (_, n) =>
				socket.send('community_message', { content: `${tag} ${n}`, communityId: EXECUTIVE }),
			),
		)
		expect(acks.filter((ack) => ack.ok)).toHaveLength(10)
		expect(acks.slice(10).every((ack) => !ack.ok)).toBe(true)
		expect(socket.errors).toContain('You are sending messages too quickly. Please wait a few seconds and try again.')
		expect(await MessageModel.countDocuments({ content: new RegExp(`^${tag}`) })).toBe(10)
	})
})

describe('private messages', () => {
	it('reach both participants’ tabs, and nobody else', async () => {
		const [sender, recipient, outsider] = await Promise.all([
			newMember(server.url, { premium: false, name: 'Free Sender' }),
			newMember(server.url),
			newMember(server.url),
		])
		const senderTab1 = await connect(sender)
		const senderTab2 = await connect(sender)
		const recipientSocket = await connect(recipient)
		const outsiderSocket = await connect(outsider)

		const tag = uniqueName('private')
		// Private messages are open to free accounts too (product §6).
		for (const n of [1, 2]) {
			const ack = await senderTab1.send('private_message', { content: `${tag} ${n}`, recipientId: recipient.id })
			expect(ack.ok).toBe(true)
		}
		await recipientSocket.send('private_message', { content: `${tag} reply`, recipientId: sender.id })
		const expected = [`${tag} 1`, `${tag} 2`, `${tag} reply`]
		for (const client of [senderTab1, senderTab2, recipientSocket]) {
			await client.waitUntil(() => client.private.length === 3, 'the conversation arrives')
			expect(texts(client.private)).toEqual(expected)
		}
		expect(recipientSocket.private[0]).toMatchObject({
			senderId: sender.id,
			recipientId: recipient.id,
			senderName: 'Free Sender',
			isPrivate: true,
		})

		// The outsider gets a message of their own; by then they would have had the others.
		const mine = `${tag} for the outsider`
		await senderTab1.send('private_message', { content: mine, recipientId: outsider.id })
		await outsiderSocket.waitUntil(() => outsiderSocket.private.length > 0, 'their own message arrives')
		expect(texts(outsiderSocket.private)).toEqual([mine])
		expect(recipientSocket.private).toHaveLength(3)

		// Nor can the outsider read the conversation afterwards.
		const theirView = await (await outsider.client.get(`/api/messages/private/${recipient.id}`)).json()
		expect(theirView).toEqual([])
		const recipientView = await (await recipient.client.get(`/api/messages/private/${sender.id}`)).json()
		expect(texts(recipientView)).toEqual(expected)
	})

	it('refuses an unknown recipient and oneself', async () => {
		const sender = await newMember(server.url)
		const socket = await connect(sender)
		expect(await socket.send('private_message', { content: 'hi', recipientId: 999_999 })).toMatchObject({
			ok: false,
			message: 'Recipient not found',
		})
		expect(await socket.send('private_message', { content: 'hi', recipientId: sender.id })).toMatchObject({
			ok: false,
			message: 'You cannot send a private message to yourself',
		})
	})
})

describe('typing', () => {
	it('reaches the room or the recipient, never the one typing', async () => {
		const [typist, roomReader, recipient] = await Promise.all([
			newMember(server.url, { name: 'Tina Typist' }),
			newMember(server.url),
			newMember(server.url),
		])
		const typistTab1 = await connect(typist)
		const typistTab2 = await connect(typist)
		const readerSocket = await connect(roomReader)
		const recipientSocket = await connect(recipient)

		typistTab1.socket.emit('typing', { isTyping: true, targetId: EXECUTIVE, isPrivate: false })
		await readerSocket.waitUntil(() => readerSocket.typing.length > 0, 'the room hears the typing')
		expect(readerSocket.typing[0]).toMatchObject({
			userId: typist.id,
			username: typist.username,
			name: 'Tina Typist',
			targetId: EXECUTIVE,
			isPrivate: false,
			isTyping: true,
		})

		typistTab1.socket.emit('typing', { isTyping: true, targetId: roomReader.id, isPrivate: true })
		typistTab1.socket.emit('typing', { isTyping: false, targetId: roomReader.id, isPrivate: true })
		await readerSocket.waitUntil(
			() => readerSocket.typing.some((notice) => notice.isPrivate && !notice.isTyping),
			'the private stop arrives',
		)

		// A closed tab stops typing in the room it was typing in.
		typistTab1.close()
		await readerSocket.waitUntil(
			() => readerSocket.typing.some((notice) => !notice.isPrivate && !notice.isTyping),
			'the stop arrives',
		)

		// The typist's own tabs and the bystander heard nothing of the private notices.
		expect(typistTab2.typing).toEqual([])
		expect(recipientSocket.typing.every((notice) => !notice.isPrivate)).toBe(true)
		typistTab2.socket.emit('typing', { isTyping: 'yes', targetId: EXECUTIVE })
		await typistTab2.waitUntil(() => typistTab2.errors.length > 0, 'the bad typing payload is refused')
		expect(typistTab2.errors[0]).toBe('isTyping must be true or false')
	})
})

describe('recovering after a dropped connection', () => {
	it('a client that was away fetches what it missed since its last message, without doubles', async () => {
		const [writer, traveller] = await Promise.all([newMember(server.url), newMember(server.url)])
		const writerSocket = await connect(writer)
		const travellerSocket = await connect(traveller)
		const tag = uniqueName('reconnect')

		await writerSocket.send('community_message', { content: `${tag} before`, communityId: NEW_MANAGERS })
		await travellerSocket.waitUntil(
			() => texts(travellerSocket.community).includes(`${tag} before`),
			'the first message arrives',
		)
		const lastSeen = travellerSocket.community.at(-1)!.id

		travellerSocket.close()
		const missed = [`${tag} missed 1`, `${tag} missed 2`, `${tag} missed 3`]
		for (const content of missed) await writerSocket.send('community_message', { content, communityId: NEW_MANAGERS })

		const back = await connect(traveller)
		const caughtUp = await (
			await traveller.client.get(`/api/messages/community/${NEW_MANAGERS}?after=${lastSeen}`)
		).json()
		expect(texts(caughtUp)).toEqual(missed)
		// And live delivery carries on where the history stopped.
		await writerSocket.send('community_message', { content: `${tag} after`, communityId: NEW_MANAGERS })
		await back.waitUntil(() => texts(back.community).includes(`${tag} after`), 'the next message arrives live')
		expect(texts(back.community)).toEqual([`${tag} after`])
	})
})

describe('the no-JavaScript form', () => {
	it('stores the post and delivers it live to connected sockets, then returns to the page', async () => {
		const [poster, listener] = await Promise.all([
			newMember(server.url, { name: 'Form Poster' }),
			newMember(server.url),
		])
		const listenerSocket = await connect(listener)
		const content = uniqueName('from the form')

		const response = await poster.client.submitForm(`/community/${EXECUTIVE}`, { content })
		expect(response.status).toBe(303)
		expect(response.headers.get('Location')).toBe(`/community/${EXECUTIVE}`)
		await listenerSocket.waitUntil(
			() => texts(listenerSocket.community).includes(content),
			'the form post arrives live',
		)
		expect(listenerSocket.community.find((message) => message.content === content)).toMatchObject({
			senderId: poster.id,
			senderName: 'Form Poster',
		})
		const page = await (await poster.client.get(`/community/${EXECUTIVE}`)).text()
		expect(page).toContain(content)

		const privateText = uniqueName('private form')
		const privateResponse = await poster.client.submitForm(`/messages?userId=${listener.id}`, { content: privateText })
		expect(privateResponse.status).toBe(303)
		await listenerSocket.waitUntil(
			() => texts(listenerSocket.private).includes(privateText),
			'the private form post arrives live',
		)
	})
})
