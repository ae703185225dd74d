import fs from 'node:fs'
import { type Page, type WebSocketRoute } from '@playwright/test'
import { composer, expectMessageOnce, openChat } from './chat-helpers'
import { expect, test } from './fixtures'
import { openTopBarMenu } from './member-helpers'

/**
 * Issue 11 as a member meets it, with JavaScript on and off: RSVP on the
 * events page, a message that lights the bell and the Messages badge, marking
 * everything read, and an event's calendar file.
 */

test.describe('events', () => {
	test('a member says they are going, then cancels, with the same form', async ({ page, signUp }) => {
		await signUp()
		await page.goto('/events')
		const card = page
			.locator('li[id^="event-"]')
			.filter({ has: page.getByRole('heading', { name: 'Annual Leadership Summit' }) })
		await card.getByRole('button', { name: 'RSVP: Annual Leadership Summit' }).click()
		await expect(card.getByText('Going', { exact: true })).toBeVisible()
		await expect(card.getByText(/^\d+ going$/)).toBeVisible()
		// Going, without a meeting link: it says where it happens.
		await expect(card.getByText('Happens at: San Francisco, CA')).toBeVisible()
		await card.getByRole('button', { name: 'Cancel RSVP: Annual Leadership Summit' }).click()
		await expect(card.getByRole('button', { name: 'RSVP: Annual Leadership Summit' })).toBeVisible()
		await expect(card.getByText('Going', { exact: true })).toHaveCount(0)
	})

	test("an event's calendar file downloads and holds the event", async ({ page, signUp }) => {
		await signUp()
		await page.goto('/events')
		const downloading = page.waitForEvent('download')
		await page.getByRole('link', { name: 'Add to calendar: Feedback Skills Workshop' }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toMatch(/^event-\d+\.ics$/)
		const text = fs.readFileSync((await download.path())!, 'utf8')
		expect(text).toContain('BEGIN:VEVENT')
		expect(text).toContain('SUMMARY:Feedback Skills Workshop')
	})
})

test.describe('notifications', () => {
	test('a private message lights the bell and Messages; opening the conversation and marking all read put them out', async ({
		page,
		javaScriptEnabled,
		signUp,
		liveBrowser,
	}) => {
		const member = await signUp()
		// On a page that holds a socket (JavaScript on), the badges change as it happens; without, on the next page.
		if (javaScriptEnabled) await page.goto('/profile')

		const david = await liveBrowser('david')
		await openChat(david.page, `/messages?q=${member.username}`, { live: false })
		await david.page.getByRole('link', { name: new RegExp(member.name) }).click()
		await expect(david.page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
		await david.page.getByRole('textbox', { name: 'Message', exact: true }).fill(`Hello @${member.username}, welcome!`)
		await david.page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter')
		await expect(david.page.getByRole('list', { name: 'Messages' }).getByText(/welcome!/)).toBeVisible()

		// The top bar's Messages link (the sidebar's says the same).
		const messagesLink = page.getByRole('link', { name: 'Messages (1 unread)' }).first()
		if (javaScriptEnabled) await expect(messagesLink).toBeVisible()
		else {
			// Without JavaScript the badges show on the next page. The server counts the message unread just after
			// delivering it to David's page, so a page opened in that moment may still show none: the next one does.
			await expect(async () => {
				await page.goto('/dashboard')
				await expect(messagesLink).toBeVisible({ timeout: 1_000 })
			}).toPass({ timeout: 10_000 })
		}
		const bell = await openTopBarMenu(page, 'Notifications (1 new)')
		await expect(bell.getByRole('button', { name: /New message from David Kim/ })).toBeVisible()

		// Opening the notification reads it and opens the conversation, which reads the messages.
		await bell.getByRole('button', { name: /New message from David Kim/ }).click()
		await expect(page).toHaveURL(/\/messages\?userId=\d+/)
		await expect(page.getByRole('heading', { name: 'David Kim' })).toBeVisible()
		await expect(page.locator('mark', { hasText: `@${member.username}` })).toBeVisible()
		await expect(page.getByRole('link', { name: /^Messages \(\d+ unread\)$/ })).toHaveCount(0)
		await expect(page.locator('summary', { hasText: /Notifications \(\d+ new\)/ })).toHaveCount(0)

		// Away from the conversation, a second message is announced again; "Mark all as read" on /notifications.
		await page.goto('/notifications')
		await expect(page.getByText('You are all caught up.')).toBeVisible()
		await david.page.getByRole('textbox', { name: 'Message', exact: true }).fill('One more thing')
		await david.page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter')
		await expect(david.page.getByRole('list', { name: 'Messages' }).getByText('One more thing')).toBeVisible()
		// As above: the notification is written just after the message reaches David's page.
		await expect(async () => {
			await page.goto('/notifications')
			await expect(page.getByText('1 unread', { exact: true })).toBeVisible({ timeout: 1_000 })
		}).toPass({ timeout: 10_000 })
		await page.getByRole('button', { name: 'Mark all as read' }).click()
		await expect(page.getByText('You are all caught up.')).toBeVisible()
		await expect(page.locator('summary', { hasText: /Notifications \(\d+ new\)/ })).toHaveCount(0)
	})
	test("messages that came before the page's live connection opened, or while it was down, light the bell and Messages once it connects", async ({
		page,
		javaScriptEnabled,
		signUp,
		liveBrowser,
	}) => {
		test.skip(!javaScriptEnabled, 'the badges follow the server live only with JavaScript')
		test.setTimeout(60_000)
		await signUp()
		const member = (await (await page.request.get('/api/user')).json()) as { id: number }
		const live = await liveConnectionsBehindAGate(page)
		await page.goto('/profile')

		// Between the render and the live connection: the page heard nothing of it.
		const david = await liveBrowser('david')
		await sendPrivateMessage(david.page, member.id, 'Hello before your page was listening')
		await expectNextPageShows(page, ['Messages (1 unread)', 'Notifications (1 new)'])
		await expect(page.getByRole('link', { name: /^Messages \(\d+ unread\)$/ })).toHaveCount(0)
		live.open()
		await expect(page.getByRole('link', { name: 'Messages (1 unread)' }).first()).toBeVisible()
		const bell = await openTopBarMenu(page, 'Notifications (1 new)')
		await expect(bell.getByRole('button', { name: /New message from David Kim/ })).toBeVisible()
		await page.keyboard.press('Escape')

		// While the connection is down and the page reconnects.
		await live.shutAndCut()
		const maria = await liveBrowser('maria')
		await sendPrivateMessage(maria.page, member.id, 'Hello while your page was away')
		await expectNextPageShows(page, ['Messages (2 unread)', 'Notifications (2 new)'])
		await expect(page.getByRole('link', { name: 'Messages (1 unread)' }).first()).toBeVisible()
		live.open()
		// Socket.IO waits up to five seconds before trying again.
		await expect(page.getByRole('link', { name: 'Messages (2 unread)' }).first()).toBeVisible({ timeout: 15_000 })
		const updated = await openTopBarMenu(page, 'Notifications (2 new)')
		await expect(updated.getByRole('button', { name: /New message from/ }).first()).toHaveAccessibleName(
			/New message from Maria Gonzalez/,
		)
		await expect(updated.getByRole('button', { name: /New message from David Kim/ })).toBeVisible()
	})
})

/**
 * The page's live connections behind a gate, shut at first: each one the page
 * opens waits there before it reaches the server. `open()` lets the waiting
 * ones and any later one through; `shutAndCut()` shuts the gate again and
 * cuts the connections that went through, so the page reconnects and waits.
 */
async function liveConnectionsBehindAGate(page: Page) {
	let open = () => {}
	let opened = new Promise<void>((resolve) => (open = resolve))
	const through = new Set<WebSocketRoute>()
	await page.routeWebSocket(/\/ws\//, async (ws) => {
		await opened
		ws.connectToServer()
		through.add(ws)
	})
	return {
		open: () => open(),
		async shutAndCut() {
			opened = new Promise<void>((resolve) => (open = resolve))
			await Promise.all([...through].map((ws) => ws.close({ code: 1001, reason: 'cut' })))
			through.clear()
		},
	}
}

async function sendPrivateMessage(page: Page, recipientId: number, text: string) {
	await openChat(page, `/messages?userId=${recipientId}`)
	await composer(page).fill(text)
	await composer(page).press('Enter')
	await expectMessageOnce(page, text)
}

/** The server has it: the member's next page would draw these, whatever the open page shows. */
async function expectNextPageShows(page: Page, texts: string[]) {
	await expect
		.poll(async () => {
			const html = await (await page.request.get('/dashboard')).text()
			return texts.filter((text) => !html.includes(text))
		})
		.toEqual([])
}
