import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityModel, MessageModel, NotificationModel, UserModel, nextId, reserveIds } from '#models/index'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { visitPage } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { askBadges, connectChat, demoMember } from './chat-helpers'

/**
 * The member layout's bell and communities are held by the server under the
 * account's layout version (docs/decisions/193): a page where nothing
 * changed reads only the session and the account, and anything the layout
 * shows that changes (written here by another process: this test's) is on
 * the very next page.
 */
const server = useSeededTestServer()
let premium: TestClient
let premiumId: number

beforeAll(async () => {
	premium = await logIn(server.url, 'premium')
	premiumId = (await UserModel.findOne({ username: 'premium' }).lean())!.id
})

/** The page's Server-Timing query count (docs/decisions/082). */
async function queriesOf(path: string): Promise<number> {
	return (await visitPage(premium, path)).queries
}

async function profilePage(): Promise<string> {
	const response = await premium.get('/profile')
	expect(response.status).toBe(200)
	return response.text()
}

async function newNotification(title: string, sourceMessageId: number | null = null) {
	const [id] = await reserveIds('notifications', 1)
	await NotificationModel.create({
		id,
		recipientId: premiumId,
		kind: 'mention',
		title,
		text: 'Said in a room',
		link: '/community/1',
		sourceMessageId,
	})
}

describe('the member layout', () => {
	it('costs no query of its own on a page where nothing changed: the session and the account are the two', async () => {
		// The Password tab reads nothing of its own.
		const first = await queriesOf('/profile?tab=password')
		const again = await queriesOf('/profile?tab=password')
		expect(first).toBeGreaterThan(2)
		expect(again).toBe(2)
	})

	it('shows a new notification, its new text and its being read on the next page', async () => {
		await profilePage()
		const messageId = await nextId('messages')
		await newNotification('Layout check: a fresh mention', messageId)
		const withIt = await profilePage()
		expect(withIt).toContain('Layout check: a fresh mention')
		expect(withIt).toMatch(/Notifications \(\d+ new\)/)

		await NotificationModel.updateMany({ sourceMessageId: messageId }, { $set: { text: 'The corrected words' } })
		expect(await profilePage()).toContain('The corrected words')

		const read = await premium.json('POST', '/api/notifications/read', {})
		expect(read.status).toBe(200)
		const unread = await NotificationModel.countDocuments({ recipientId: premiumId, readAt: null })
		expect(unread).toBe(0)
		expect(await profilePage()).not.toMatch(/Notifications \(\d+ new\)/)
	})

	it('shows a community’s new name on the next page, and a message in it leaves the layout held', async () => {
		const [roomId] = (await UserModel.findOne({ id: premiumId }).lean())!.communityIds!
		await profilePage()
		await CommunityModel.findOneAndUpdate({ id: roomId }, { $set: { name: 'Renamed For The Layout' } })
		expect(await profilePage()).toContain('Renamed For The Layout')

		const before = (await UserModel.findOne({ id: premiumId }).lean())!.layoutVersion
		await MessageModel.create({
			id: await nextId('messages'),
			content: 'Hello room',
			senderId: premiumId,
			communityId: roomId,
		})
		await CommunityModel.updateOne({ id: roomId }, { $set: { description: 'A new description' } })
		expect((await UserModel.findOne({ id: premiumId }).lean())!.layoutVersion).toBe(before)
		expect(await queriesOf('/profile?tab=password')).toBe(2)
	})
})

describe('an account from before the layout version (decision 193)', () => {
	it('gets one on its first page, written once for the layout, the blocks and the mute alike, and is held from then on', async () => {
		await UserModel.updateOne({ id: premiumId }, { $unset: { layoutVersion: 1 } })
		const first = await queriesOf('/community/1')
		const version = (await UserModel.findOne({ id: premiumId }).lean())!.layoutVersion
		expect(version).toMatch(/^[0-9a-f-]{36}$/)
		expect(first).toBeGreaterThan(4)
		// The very next page reads only the session, the account, the room and the stamps: every held read of the
		// first page was held under the one value that was stored.
		expect(await queriesOf('/community/1')).toBe(4)
	})
})

describe("the layout's live socket catching up when it connects (`badges`, docs/decisions/100)", () => {
	it('is answered what the next page draws: the counts, and the notifications newer than the newest it shows', async () => {
		const page = await connectChat(server.url, await demoMember(server.url, 'premium'), { auth: false })
		const newest = (await NotificationModel.findOne({ recipientId: premiumId }).sort({ id: -1 }).lean())?.id ?? 0
		expect(await askBadges(page, { notificationsAfter: newest })).toMatchObject({ ok: true, notifications: [] })

		// Written while the page was not listening: by this test's process, as any other process would.
		await newNotification('Layout check: missed by the socket')
		const answer = await askBadges(page, { notificationsAfter: newest })
		page.close()
		if (!answer.ok) throw new Error(answer.message)
		expect(answer.notifications.map(({ title }) => title)).toEqual(['Layout check: missed by the socket'])
		const next = await profilePage()
		expect(next).toContain(`Notifications (${answer.unreadNotifications} new)`)
		if (answer.unreadConversations > 0) expect(next).toContain(`Messages (${answer.unreadConversations} unread)`)
		else expect(next).not.toMatch(/Messages \(\d+ unread\)/)
	})
})
