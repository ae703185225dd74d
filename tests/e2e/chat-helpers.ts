import { expect, type Page, type WebSocketRoute } from '@playwright/test'

/** Chat pages seen through a browser; sending a message is the `sendMessage` fixture (fixtures.ts). */

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

/** The message appears in the conversation exactly once. */
export async function expectMessageOnce(page: Page, text: string, timeout?: number) {
	await expect(page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true })).toHaveCount(1, {
		timeout,
	})
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
