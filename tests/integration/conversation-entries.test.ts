import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConversationModel, MessageModel, conversationKeyOf, nextId, type UserJSON } from '#models/index'
import { deleteOwnAccount } from '~/services/account/deletion.server'
import { registerLivePublisher } from '~/platform/live.server'
import { deleteMessage, editMessage, getPrivateHistory, sendPrivateMessage } from '~/services/chat/messages.server'
import {
	countUnreadConversations,
	ensureConversationEntries,
	listConversations,
	rebuildConversationEntries,
} from '~/services/chat/private-inbox.server'
import { ServerToClient, type ConversationsEvent } from '~/lib/live-events'
import { registerUser } from '~/services/account/users.server'
import { logIn } from '../setup/log-in'
import { useTestDatabase } from '../setup/test-database'
import { startTestServer } from '../setup/test-server'
import { uniqueName } from '../setup/unique-name'

const database = useTestDatabase()

/**
 * The Messages list and badge as members meet them, read from the
 * conversation entries kept with each message (docs/decisions/087): the
 * newest conversation first, unread counts per conversation, reading one,
 * a message that arrives while its recipient looks, a member who leaves,
 * and entries built again from the messages alone.
 */

const PASSWORD = 'password-123'
/** Who has which conversation open ("{viewer}:{other}"), as the socket server would answer. */
const viewing = new Set<string>()
const events: Array<{ userId: number; payload: ConversationsEvent }> = []

beforeAll(() => {
	registerLivePublisher({
		deliverMessage: () => {},
		deliverMessageChange: () => {},
		emitToUser: (userId, event, ...args) => {
			if (event === ServerToClient.conversations) events.push({ userId, payload: args[0] as ConversationsEvent })
		},
		isOnline: async () => true,
		isViewingConversation: async (userId, otherUserId) => viewing.has(`${userId}:${otherUserId}`),
		isLookingAt: async () => false,
		disconnectUser: () => {},
	})
})
afterAll(() => registerLivePublisher(null))

async function member(name: string): Promise<UserJSON> {
	const username = uniqueName('conv')
	return registerUser({
		username,
		name,
		email: `${username}@example.com`,
		password: PASSWORD,
		bio: null,
		role: 'member',
	})
}

const send = (from: UserJSON, to: UserJSON, content: string) =>
	sendPrivateMessage(from, { recipientId: to.id, content })

/** The list as the page shows it: who, the last words, how many unread. */
async function listOf(user: UserJSON) {
	return (await listConversations(user.id)).map((row) => [row.user.name, row.lastMessage.content, row.unreadCount])
}

/** Every entry, in a stable order, without its time. */
async function allEntries() {
	const rows = await ConversationModel.find()
		.select('-_id ownerId otherUserId lastMessageId unreadCount lastMessage')
		.lean()
	return rows.sort((a, b) => a.ownerId - b.ownerId || a.otherUserId - b.otherUserId)
}

describe('the conversations list and the Messages badge', () => {
	let ada: UserJSON, ben: UserJSON, cy: UserJSON, dee: UserJSON

	beforeAll(async () => {
		;[ada, ben, cy, dee] = await Promise.all([
			member('Ada Lovelace'),
			member('Ben Okafor'),
			member('Cy Young'),
			member('Dee Rao'),
		])
	})

	it('shows the newest conversation first, with the unread messages of each', async () => {
		await send(ben, ada, 'Hi Ada')
		await send(ben, ada, 'Are you there?')
		await send(ada, dee, 'Lunch on Friday?')
		await send(cy, ada, 'Saw your talk, great stuff')

		expect(await listOf(ada)).toEqual([
			['Cy Young', 'Saw your talk, great stuff', 1],
			['Dee Rao', 'Lunch on Friday?', 0],
			['Ben Okafor', 'Are you there?', 2],
		])
		expect(await countUnreadConversations(ada.id)).toBe(2)
		// The sender's side: their own words last, nothing unread.
		expect(await listOf(ben)).toEqual([['Ada Lovelace', 'Are you there?', 0]])
		expect(await listOf(dee)).toEqual([['Ada Lovelace', 'Lunch on Friday?', 1]])
		// The live line each side got with the last message.
		expect(events.filter((event) => event.userId === ada.id).at(-1)!.payload).toMatchObject({
			unreadCount: 2,
			conversation: { user: { id: cy.id }, lastMessage: { content: 'Saw your talk, great stuff' }, unreadCount: 1 },
		})
		expect(events.filter((event) => event.userId === cy.id).at(-1)!.payload).toMatchObject({
			unreadCount: 0,
			conversation: { user: { id: ada.id }, unreadCount: 0 },
		})
	})

	it('reading a conversation sets its count to 0, and the badge drops by one', async () => {
		await getPrivateHistory(ada, ben.id)
		expect(await listOf(ada)).toEqual([
			['Cy Young', 'Saw your talk, great stuff', 1],
			['Dee Rao', 'Lunch on Friday?', 0],
			['Ben Okafor', 'Are you there?', 0],
		])
		expect(await countUnreadConversations(ada.id)).toBe(1)
		expect(events.at(-1)).toEqual({ userId: ada.id, payload: { unreadCount: 1 } })
		// Reading it again changes nothing.
		await getPrivateHistory(ada, ben.id)
		expect(await countUnreadConversations(ada.id)).toBe(1)
	})

	it('a message that arrives while its recipient has the conversation open is not unread', async () => {
		await getPrivateHistory(dee, ada.id)
		viewing.add(`${dee.id}:${ada.id}`)
		try {
			const message = await send(ada, dee, 'I booked a table')
			expect(await listOf(dee)).toEqual([['Ada Lovelace', 'I booked a table', 0]])
			expect(await countUnreadConversations(dee.id)).toBe(0)
			expect((await MessageModel.findOne({ id: message.id }).lean())!.readAt).not.toBeNull()
			expect(events.filter((event) => event.userId === dee.id).at(-1)!.payload).toMatchObject({
				unreadCount: 0,
				conversation: { unreadCount: 0 },
			})
		} finally {
			viewing.clear()
		}
	})

	it('a deleted last message shows as deleted in both lists', async () => {
		const message = await send(ada, dee, 'Oops, wrong person')
		await deleteMessage({ id: ada.id, role: 'member' }, message.id)
		expect(await listOf(ada)).toContainEqual(['Dee Rao', '', 0])
		expect((await listConversations(dee.id))[0]!.lastMessage).toMatchObject({ id: message.id, content: '' })
		// Deleting it did not change whether it was read: it still counts until Dee opens the conversation.
		expect(await countUnreadConversations(dee.id)).toBe(1)
		await getPrivateHistory(dee, ada.id)
		expect(await countUnreadConversations(dee.id)).toBe(0)
	})

	it("an edit of the last message shows in both lists; an edit of an older one leaves the lists' line alone", async () => {
		const [kit, lou] = await Promise.all([member('Kit Lane'), member('Lou Park')])
		const older = await send(kit, lou, 'See you at 9')
		const last = await send(kit, lou, 'Bring teh slides')
		await editMessage(
			{ id: kit.id, name: kit.name, subscriptionStatus: kit.subscriptionStatus, role: 'member' },
			last.id,
			'Bring the slides',
		)
		expect(await listOf(kit)).toEqual([['Lou Park', 'Bring the slides', 0]])
		expect(await listOf(lou)).toEqual([['Kit Lane', 'Bring the slides', 2]])
		await editMessage(
			{ id: kit.id, name: kit.name, subscriptionStatus: kit.subscriptionStatus, role: 'member' },
			older.id,
			'See you at 10',
		)
		expect(await listOf(lou)).toEqual([['Kit Lane', 'Bring the slides', 2]])
	})

	it('an entry still holding an older message than its last (a moment between two writes) shows the last one, read from the messages', async () => {
		const [max, ned] = await Promise.all([member('Max Ford'), member('Ned Hall')])
		const first = await send(max, ned, 'Are we on for Tuesday?')
		const last = await send(ned, max, 'Yes, Tuesday works')
		const entry = { ownerId: max.id, otherUserId: ned.id }
		const held = (await ConversationModel.findOne(entry).lean())!.lastMessage
		expect(held).toMatchObject({ id: last.id, content: 'Yes, Tuesday works' })
		await ConversationModel.updateOne(entry, {
			$set: {
				lastMessage: { id: first.id, senderId: max.id, content: first.content, createdAt: new Date(first.createdAt) },
			},
		})
		expect((await listConversations(max.id))[0]!.lastMessage).toMatchObject({
			id: last.id,
			content: 'Yes, Tuesday works',
			senderId: ned.id,
		})
		await ConversationModel.updateOne(entry, { $set: { lastMessage: null } })
		expect((await listConversations(max.id))[0]!.lastMessage).toMatchObject({
			id: last.id,
			content: 'Yes, Tuesday works',
		})
		// As it was, for the rebuild below to compare with.
		await ConversationModel.updateOne(entry, { $set: { lastMessage: held } })
	})

	it('many messages and reads at once leave the count at the number of unread messages', async () => {
		const [eve, fay] = await Promise.all([member('Eve Park'), member('Fay Moss')])
		const sends: Array<Promise<{ id: number; content: string }>> = []
		const reads: Array<Promise<unknown>> = []
		for (let n = 1; n <= 8; n++) {
			sends.push(send(eve, fay, `Message ${n}`))
			if (n % 3 === 0) reads.push(getPrivateHistory(fay, eve.id))
		}
		const [sent] = await Promise.all([Promise.all(sends), Promise.all(reads)])
		// Sent at once, they are numbered in the order they reach the conversation: the newest is the largest id.
		const newest = sent.reduce((a, b) => (b.id > a.id ? b : a))
		const unread = await MessageModel.countDocuments({
			conversationKey: conversationKeyOf(eve.id, fay.id),
			recipientId: fay.id,
			readAt: null,
		})
		expect((await listConversations(fay.id))[0]!.unreadCount).toBe(unread)
		expect(await countUnreadConversations(fay.id)).toBe(unread > 0 ? 1 : 0)
		await getPrivateHistory(fay, eve.id)
		expect(await listOf(fay)).toEqual([['Eve Park', newest.content, 0]])
	})

	it('a message stored while a read is being counted stays unread', async () => {
		const [gus, hal] = await Promise.all([member('Gus Grey'), member('Hal Ito')])
		await send(gus, hal, 'First')
		// Hal opens the conversation; just after it marks 'First' read, and before its count moves, 'Second' is stored.
		const updateOne = ConversationModel.updateOne.bind(ConversationModel)
		let interleaved = false
		const spy = vi.spyOn(ConversationModel, 'updateOne').mockImplementation(((
			filter: { ownerId?: number },
			update: object,
			options?: object,
		) => {
			if (!interleaved && filter.ownerId === hal.id && options === undefined) {
				interleaved = true
				return send(gus, hal, 'Second').then(() => updateOne(filter, update))
			}
			return updateOne(filter, update, options)
		}) as never)
		try {
			await getPrivateHistory(hal, gus.id)
		} finally {
			spy.mockRestore()
		}
		expect(interleaved).toBe(true)
		expect(await listOf(hal)).toEqual([['Gus Grey', 'Second', 1]])
		expect(await countUnreadConversations(hal.id)).toBe(1)
	})

	it('a first message read before its conversation is counted is not left unread', async () => {
		const [ida, jon] = await Promise.all([member('Ida Lund'), member('Jon Dale')])
		// Jon opens the conversation just after Ida's very first message is stored, before it is counted.
		const updateOne = ConversationModel.updateOne.bind(ConversationModel)
		let interleaved = false
		const spy = vi.spyOn(ConversationModel, 'updateOne').mockImplementation(((
			filter: { ownerId?: number },
			update: { $inc?: object },
			options?: object,
		) => {
			if (!interleaved && filter.ownerId === jon.id && update.$inc) {
				interleaved = true
				return getPrivateHistory(jon, ida.id).then(() => updateOne(filter, update, options))
			}
			return updateOne(filter, update, options)
		}) as never)
		try {
			await send(ida, jon, 'Hello Jon')
		} finally {
			spy.mockRestore()
		}
		expect(interleaved).toBe(true)
		// The read marked it read before it was counted: the count is 0, not 1 for good.
		expect(await listOf(jon)).toEqual([['Ida Lund', 'Hello Jon', 0]])
		expect(await countUnreadConversations(jon.id)).toBe(0)
	})

	it("a deleted account's conversation leaves the other member's list, and their badge", async () => {
		expect(await countUnreadConversations(ada.id)).toBe(1)
		await deleteOwnAccount(cy, { password: PASSWORD })
		expect((await listOf(ada)).map(([name]) => name)).not.toContain('Cy Young')
		expect(await countUnreadConversations(ada.id)).toBe(0)
		expect(await ConversationModel.countDocuments({ $or: [{ ownerId: cy.id }, { otherUserId: cy.id }] })).toBe(0)
	})

	it('the entries are built again from the messages alone, the same as kept', async () => {
		// A message written straight to the database, as the demo and bench seeds do: no entry yet.
		const id = await nextId('messages')
		await MessageModel.create({
			id,
			content: 'Seeded hello',
			senderId: ben.id,
			recipientId: dee.id,
			conversationKey: conversationKeyOf(ben.id, dee.id),
			isPrivate: true,
			communityId: null,
		})
		expect((await listOf(dee)).map(([name]) => name)).not.toContain('Ben Okafor')

		const kept = await allEntries()
		const rebuilt = await rebuildConversationEntries()
		const seeded = (await MessageModel.findOne({ id }).lean())!
		const lastMessage = { id, senderId: ben.id, content: 'Seeded hello', createdAt: seeded.createdAt }
		const expected = [
			...kept,
			{ ownerId: ben.id, otherUserId: dee.id, lastMessageId: id, unreadCount: 0, lastMessage },
			{ ownerId: dee.id, otherUserId: ben.id, lastMessageId: id, unreadCount: 1, lastMessage },
		]
		expected.sort((a, b) => a.ownerId - b.ownerId || a.otherUserId - b.otherUserId)
		expect(await allEntries()).toEqual(expected)
		expect(rebuilt).toBe(expected.length)

		expect(await listOf(dee)).toEqual([
			['Ben Okafor', 'Seeded hello', 1],
			['Ada Lovelace', '', 0],
		])
		// The stored badges were dropped, and are counted again from the entries.
		expect(await countUnreadConversations(dee.id)).toBe(1)
		expect(await countUnreadConversations(ada.id)).toBe(0)
		// With entries in place, start-up leaves them alone; without any, it builds them.
		expect(await ensureConversationEntries()).toBeNull()
		await ConversationModel.deleteMany({})
		expect(await ensureConversationEntries()).toBe(expected.length)
		expect(await allEntries()).toEqual(expected)
	})
})

describe('a database from before the entries (an upgrade)', () => {
	it('gets its entries when the server starts, and Messages lists them', async () => {
		const [ivy, jon] = await Promise.all([member('Ivy Chen'), member('Jon Bell')])
		const id = await nextId('messages')
		await MessageModel.create({
			id,
			content: 'From the old days',
			senderId: jon.id,
			recipientId: ivy.id,
			conversationKey: conversationKeyOf(ivy.id, jon.id),
			isPrivate: true,
			communityId: null,
		})
		await ConversationModel.deleteMany({})
		const server = await startTestServer({ mongodbUri: database.uri() })
		try {
			expect(server.output()).toMatch(/Private messages without conversation entries: \d+ entries built from them/)
			const ivyBrowser = await logIn(server.url, ivy.username, PASSWORD)
			const response = await ivyBrowser.get('/api/conversations')
			expect(response.status).toBe(200)
			expect(await response.json()).toEqual([
				{
					user: { id: jon.id, username: jon.username, name: 'Jon Bell', avatar: null },
					lastMessage: { id, content: 'From the old days', senderId: jon.id, createdAt: expect.any(String) },
					unreadCount: 1,
				},
			])
		} finally {
			await server.stop()
		}
	})
})
