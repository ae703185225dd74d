import { describe, expect, it } from 'vitest'
import { CommunityModel, MessageModel, UserModel, nextId, type MessageJSON } from '#models/index'
import { useSeededTestServer } from '../setup/seeded-server'
import { DELETED_MEMBER } from '~/services/chat/messages.server'
import { CHAT_PASSWORD, newMember, postInRoom, useChatConnections, type Member } from './chat-helpers'
import { pageHtml } from '../setup/page-html'

/**
 * A room's newest page is held by the server between visits
 * (docs/decisions/089): whatever changes the room's messages, however it is
 * written, shows at the next visit, as it would without the held page. Each
 * test reads the room first, so a stale page would be the one served.
 */
const server = useSeededTestServer()
const connect = useChatConnections(server)

async function newRoom(creator: Member): Promise<number> {
	const id = await nextId('communities')
	await CommunityModel.create({ id, name: `Held room ${id}`, createdBy: creator.id })
	return id
}

async function newestPage(member: Member, room: number): Promise<MessageJSON[]> {
	const response = await member.client.get(`/api/messages/community/${room}`)
	expect(response.status).toBe(200)
	return (await response.json()) as MessageJSON[]
}

describe("a room's newest page, between visits", () => {
	it('shows a message sent in the room at the next visit, on the page and in the JSON history', async () => {
		const [author, reader] = [await newMember(server.url), await newMember(server.url)]
		const room = await newRoom(author)
		expect(await newestPage(reader, room)).toEqual([])
		await pageHtml(reader.client, `/community/${room}`)

		const id = await postInRoom(connect, author, 'First words in the held room', room)
		expect((await newestPage(reader, room)).map((message) => message.id)).toEqual([id])
		expect(await pageHtml(reader.client, `/community/${room}`)).toContain('First words in the held room')
	})

	it('shows an edit and a deletion at the next visit', async () => {
		const [author, reader] = [await newMember(server.url), await newMember(server.url)]
		const room = await newRoom(author)
		const id = await postInRoom(connect, author, 'Teh plan', room)
		expect((await newestPage(reader, room))[0]).toMatchObject({ id, content: 'Teh plan' })

		expect((await author.client.json('PATCH', `/api/messages/${id}`, { content: 'The plan' })).status).toBe(200)
		expect((await newestPage(reader, room))[0]).toMatchObject({ id, content: 'The plan', editedAt: expect.any(String) })

		expect((await author.client.json('DELETE', `/api/messages/${id}`)).status).toBe(200)
		expect((await newestPage(reader, room))[0]).toMatchObject({ id, content: '', deleted: true })
		expect(await pageHtml(reader.client, `/community/${room}`)).toContain('Message deleted')
	})

	it('shows messages written straight to the database (an import, a script) at the next visit', async () => {
		const [author, reader] = [await newMember(server.url), await newMember(server.url)]
		const room = await newRoom(author)
		expect(await newestPage(reader, room)).toEqual([])
		await MessageModel.create({
			id: await nextId('messages'),
			content: 'Imported from the old forum',
			senderId: author.id,
			communityId: room,
			isPrivate: false,
		})
		expect((await newestPage(reader, room)).map((message) => message.content)).toEqual(['Imported from the old forum'])
		await MessageModel.deleteMany({ communityId: room })
		expect(await newestPage(reader, room)).toEqual([])
	})

	it("shows a sender's new name at the next visit, and a deleted account's messages as a deleted member's", async () => {
		const [author, reader] = [await newMember(server.url, { name: 'Before Rename' }), await newMember(server.url)]
		const room = await newRoom(author)
		await postInRoom(connect, author, 'Who am I?', room)
		expect((await newestPage(reader, room))[0]).toMatchObject({ senderName: 'Before Rename' })
		await UserModel.updateOne({ id: author.id }, { $set: { name: 'After Rename' } })
		expect((await newestPage(reader, room))[0]).toMatchObject({ senderName: 'After Rename' })
		expect((await author.client.json('DELETE', '/api/users/me', { password: CHAT_PASSWORD })).status).toBe(200)
		expect((await newestPage(reader, room))[0]).toMatchObject({ senderName: DELETED_MEMBER })
	})
})

describe("a room's member list, between visits", () => {
	/** The names in the room page's Community Members list. */
	async function memberList(member: Member): Promise<string> {
		const html = await pageHtml(member.client, '/community/1')
		const list = /<ul[^>]*aria-label="Community Members"[^>]*>([\s\S]*?)<\/ul>/.exec(html)
		expect(list, 'the page has its member list').not.toBeNull()
		return list![1]!
	}

	it('shows a new member, a new name and a deleted account at the next visit', async () => {
		const reader = await newMember(server.url)
		expect(await memberList(reader)).not.toContain('Aaa Newcomer')
		// Sorted by name: a name starting "Aaa" comes first.
		const newcomer = await newMember(server.url, { name: 'Aaa Newcomer' })
		expect(await memberList(reader)).toContain('Aaa Newcomer')
		await UserModel.updateOne({ id: newcomer.id }, { $set: { name: 'Aab Renamed' } })
		const renamed = await memberList(reader)
		expect(renamed).toContain('Aab Renamed')
		expect(renamed).not.toContain('Aaa Newcomer')
		expect((await newcomer.client.json('DELETE', '/api/users/me', { password: CHAT_PASSWORD })).status).toBe(200)
		expect(await memberList(reader)).not.toContain('Aab Renamed')
	})
})
