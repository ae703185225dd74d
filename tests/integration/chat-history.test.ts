import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityModel, MessageModel, conversationKeyOf, reserveIds } from '#models/index'
import { TestClient } from '../setup/http-client'
import { useSeededTestServer } from '../setup/seeded-server'
import { demoMember, newMember, texts, type Member } from './chat-helpers'

const server = useSeededTestServer()
let busyRoom: number
let alice: Member
let bob: Member

/** A room with 120 messages, written directly (the history is what is under test here). */
async function fillRoom(communityId: number, sender: Member, count: number) {
	const ids = await reserveIds('messages', count)
	await MessageModel.insertMany(
		ids.map((id, n) => ({
			id,
			content: `busy ${n + 1}`,
			senderId: sender.id,
			communityId,
			isPrivate: false,
			createdAt: new Date(Date.now() - (count - n) * 1000),
		})),
	)
}

beforeAll(async () => {
	alice = await newMember(server.url, { name: 'Alice History' })
	bob = await newMember(server.url, { name: 'Bob History' })
	busyRoom = 77
	await CommunityModel.create({ id: busyRoom, name: 'Busy Room', createdBy: alice.id })
	await fillRoom(busyRoom, alice, 120)
})

type Row = { id: number; content: string; senderName: string; senderId: number; communityId: number | null }
const history = async (member: Member, path: string) => {
	const response = await member.client.get(path)
	expect(response.status).toBe(200)
	return (await response.json()) as Row[]
}

describe('GET /api/messages/community/{communityId}', () => {
	it('needs a session', async () => {
		const response = await new TestClient(server.url).get('/api/messages/community/1')
		expect(response.status).toBe(401)
		expect(await response.json()).toEqual({ message: 'Not authenticated' })
	})

	it('answers the latest 50 oldest first, with sender names, and pages back with ?before= until the start', async () => {
		const latest = await history(bob, `/api/messages/community/${busyRoom}`)
		expect(latest).toHaveLength(50)
		expect(texts(latest)).toEqual(Array.from({ length: 50 }, (_, n) => `busy ${71 + n}`))
		expect(latest.every((message) => message.senderName === 'Alice History' && message.communityId === busyRoom)).toBe(
			true,
		)

		const middle = await history(bob, `/api/messages/community/${busyRoom}?before=${latest[0]!.id}`)
		expect(texts(middle)).toEqual(Array.from({ length: 50 }, (_, n) => `busy ${21 + n}`))
		const start = await history(bob, `/api/messages/community/${busyRoom}?before=${middle[0]!.id}`)
		expect(texts(start)).toEqual(Array.from({ length: 20 }, (_, n) => `busy ${1 + n}`))
		expect(await history(bob, `/api/messages/community/${busyRoom}?before=${start[0]!.id}`)).toEqual([])
	})

	it('catches up with ?after= from any message, oldest first', async () => {
		const all = await history(bob, `/api/messages/community/${busyRoom}?after=0`)
		expect(all).toHaveLength(50)
		expect(all[0]!.content).toBe('busy 1')
		const next = await history(bob, `/api/messages/community/${busyRoom}?after=${all.at(-1)!.id}`)
		expect(next[0]!.content).toBe('busy 51')
	})

	it('reads a free account’s view the same way: reading is open to every member', async () => {
		const free = await demoMember(server.url, 'member')
		const seeded = await history(free, '/api/messages/community/1')
		expect(seeded.length).toBeGreaterThan(0)
		// The demo room's welcome, among weeks of older messages.
		expect(seeded.find((message) => message.content.startsWith('Welcome everyone!'))).toMatchObject({
			senderName: 'Maria Gonzalez',
		})
	})

	it('answers clear 4xx messages for a bad cursor or room, and never a 500', async () => {
		const cases: Array<[string, number, string]> = [
			[`/api/messages/community/${busyRoom}?before=abc`, 400, 'before must be a message id'],
			[`/api/messages/community/${busyRoom}?after=-1`, 400, 'after must be a message id'],
			[`/api/messages/community/${busyRoom}?before=5&after=2`, 400, 'Use either before or after, not both'],
			['/api/messages/community/9999', 404, 'Community not found'],
			['/api/messages/community/abc', 404, 'Community not found'],
		]
		for (const [path, status, message] of cases) {
			const response = await bob.client.get(path)
			expect(response.status, path).toBe(status)
			expect((await response.json()).message).toBe(message)
		}
		const post = await bob.client.json('POST', `/api/messages/community/${busyRoom}`, { content: 'no' })
		expect(post.status).toBe(405)
	})
})

describe('GET /api/messages/private/{userId}', () => {
	it('answers only the conversation between the session’s user and {userId}', async () => {
		const carol = await newMember(server.url)
		const key = conversationKeyOf(alice.id, bob.id)
		const [a, b, c] = await reserveIds('messages', 3)
		await MessageModel.insertMany([
			{
				id: a,
				content: 'alice to bob',
				senderId: alice.id,
				recipientId: bob.id,
				conversationKey: key,
				isPrivate: true,
			},
			{
				id: b,
				content: 'bob to alice',
				senderId: bob.id,
				recipientId: alice.id,
				conversationKey: key,
				isPrivate: true,
			},
			{
				id: c,
				content: 'carol to alice',
				senderId: carol.id,
				recipientId: alice.id,
				conversationKey: conversationKeyOf(carol.id, alice.id),
				isPrivate: true,
			},
		])
		expect(texts(await history(alice, `/api/messages/private/${bob.id}`))).toEqual(['alice to bob', 'bob to alice'])
		expect(texts(await history(bob, `/api/messages/private/${alice.id}`))).toEqual(['alice to bob', 'bob to alice'])
		expect(texts(await history(alice, `/api/messages/private/${carol.id}`))).toEqual(['carol to alice'])
		// Carol asking about Bob sees her own (empty) conversation with him, never Alice and Bob's.
		expect(await history(carol, `/api/messages/private/${bob.id}`)).toEqual([])
	})

	it('needs a session and a real other user', async () => {
		expect((await new TestClient(server.url).get(`/api/messages/private/${bob.id}`)).status).toBe(401)
		const unknown = await alice.client.get('/api/messages/private/999999')
		expect(unknown.status).toBe(404)
		expect(await unknown.json()).toEqual({ message: 'User not found' })
		const self = await alice.client.get(`/api/messages/private/${alice.id}`)
		expect(self.status).toBe(400)
	})
})
