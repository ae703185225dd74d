import { describe, expect, it } from 'vitest'
import { NotificationModel } from '#models/index'
import {
	countUnreadNotifications,
	listNotifications,
	markNotificationsRead,
	notify,
} from '~/services/notifications/notifications.server'
import { useTestDatabase } from '../setup/test-database'

useTestDatabase()

/**
 * The notification store as the services use it: the bell, the page and the
 * JSON calls are tested through the server elsewhere; here, the rules of
 * writing them (merging while unread, at most once) and of reading them.
 */
const message = (text: string) => ({
	kind: 'private_message' as const,
	title: 'New message from Ada',
	text,
	link: '/messages?userId=7',
})

describe('notifying members', () => {
	it('a plain notification reaches every recipient once, newest first, unread', async () => {
		await notify([101, 102, 101], {
			kind: 'new_video',
			title: 'New lesson',
			text: 'Delegating well',
			link: '/content-library/3',
		})
		await notify(101, { kind: 'new_video', title: 'New lesson', text: 'Running 1:1s', link: '/content-library/4' })
		const page = await listNotifications(101)
		expect(page.unreadCount).toBe(2)
		expect(page.notifications.map((notification) => notification.text)).toEqual(['Running 1:1s', 'Delegating well'])
		expect(page.notifications[0]).toMatchObject({
			kind: 'new_video',
			title: 'New lesson',
			link: '/content-library/4',
			readAt: null,
		})
		expect(await countUnreadNotifications(102)).toBe(1)
	})

	it('messages from one person make one notification while it is unread, and a new one after it was read', async () => {
		await notify(201, { ...message('Hello'), groupKey: 'pm:7' })
		await notify(201, { ...message('Are you there?'), groupKey: 'pm:7' })
		let page = await listNotifications(201)
		expect(page.notifications.map((notification) => notification.text)).toEqual(['Are you there?'])
		expect(page.unreadCount).toBe(1)

		await markNotificationsRead(201)
		await notify(201, { ...message('One more thing'), groupKey: 'pm:7' })
		page = await listNotifications(201)
		expect(page.notifications.map((notification) => [notification.text, notification.readAt === null])).toEqual([
			['One more thing', true],
			['Are you there?', false],
		])
	})

	it('a notification with a once-key is written once per member, even after it was read', async () => {
		const reminder = {
			kind: 'event_reminder' as const,
			title: 'Starting soon',
			text: 'Town hall at 10:00',
			link: '/events',
			onceKey: 'reminder:5',
		}
		expect(await notify([301, 302], reminder)).toHaveLength(2)
		await markNotificationsRead(301)
		expect(await notify([301, 302, 303], reminder)).toHaveLength(1)
		expect(await NotificationModel.countDocuments({ onceKey: 'reminder:5' })).toBe(3)
	})

	it('pages go back by id and say whether there is more', async () => {
		for (let i = 1; i <= 25; i++)
			await notify(401, { kind: 'new_video', title: 'New lesson', text: `Lesson ${i}`, link: null })
		const first = await listNotifications(401)
		expect(first.notifications).toHaveLength(20)
		expect(first.hasMore).toBe(true)
		const second = await listNotifications(401, { before: first.notifications.at(-1)!.id })
		expect(second.notifications.map((notification) => notification.text)).toEqual([
			'Lesson 5',
			'Lesson 4',
			'Lesson 3',
			'Lesson 2',
			'Lesson 1',
		])
		expect(second.hasMore).toBe(false)
	})
})

describe('marking notifications read', () => {
	it('marks the given ones, and answers the new unread count', async () => {
		const written = await Promise.all(
			[1, 2, 3].map((n) => notify(501, { kind: 'mention', title: 'Mentioned', text: `#${n}`, link: null })),
		)
		const [first] = written.map((list) => list[0]!.id)
		expect(await markNotificationsRead(501, [first!])).toBe(2)
		expect(await markNotificationsRead(501)).toBe(0)
	})

	it("someone else's notification is not found, and nothing is marked", async () => {
		const [theirs] = await notify(601, { kind: 'mention', title: 'Mentioned', text: 'theirs', link: null })
		const [mine] = await notify(602, { kind: 'mention', title: 'Mentioned', text: 'mine', link: null })
		await expect(markNotificationsRead(602, [mine!.id, theirs!.id])).rejects.toMatchObject({
			status: 404,
			message: 'Notification not found',
		})
		expect(await countUnreadNotifications(601)).toBe(1)
		expect(await countUnreadNotifications(602)).toBe(1)
		await expect(markNotificationsRead(602, [999_999])).rejects.toMatchObject({ status: 404 })
	})
})
