import { expect, type Browser, type Page, type TestInfo, type WebSocketRoute } from '@playwright/test'
import { jsEnabled, logIn } from './helpers'

/** Opens a chat page; with `live` (JavaScript on) it waits until the chat says it is connected. */
export async function openChat(page: Page, path: string, { live = true } = {}) {
	await page.goto(path)
	if (live) await waitUntilConnected(page)
}

export async function waitUntilConnected(page: Page, timeout?: number) {
	await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout })
}

export function composer(page: Page) {
	return page.getByRole('textbox', { name: 'Message', exact: true })
}

/** Sends a message the way a user does: Enter with JavaScript, the Send button without. */
export async function sendMessage(page: Page, text: string, testInfo: TestInfo) {
	await composer(page).fill(text)
	if (jsEnabled(testInfo)) await composer(page).press('Enter')
	else await page.getByRole('button', { name: 'Send' }).click()
}

/** The message appears in the conversation exactly once. */
export async function expectMessageOnce(page: Page, text: string, timeout?: number) {
	await expect(page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true })).toHaveCount(1, { timeout })
}

/** A second person, in a browser of their own with JavaScript on. */
export async function liveBrowser(browser: Browser, testInfo: TestInfo, username: string) {
	const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true })
	const page = await context.newPage()
	await logIn(page, username)
	return { page, close: () => context.close() }
}

/**
 * Puts the page's chat connection behind a switch: `drop()` takes the page
 * offline and cuts its live WebSocket, `restore()` brings it back online.
 */
export async function interruptibleChat(page: Page) {
	const live = new Set<WebSocketRoute>()
	await page.routeWebSocket(/\/ws\//, (ws) => {
		ws.connectToServer()
		live.add(ws)
	})
	return {
		async drop() {
			await page.context().setOffline(true)
			await Promise.all([...live].map((ws) => ws.close({ code: 1001, reason: 'offline' })))
			live.clear()
		},
		async restore() {
			await page.context().setOffline(false)
		},
	}
}
