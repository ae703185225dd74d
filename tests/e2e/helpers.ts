import { expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test'

export const DEMO_PASSWORD = 'password123'

export function jsEnabled(testInfo: TestInfo) {
	return testInfo.project.use.javaScriptEnabled !== false
}

export function uniqueName(prefix: string) {
	return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

export async function logIn(page: Page, username: string, password = DEMO_PASSWORD) {
	await page.goto('/auth')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Login' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
}

export async function signUp(page: Page, { username = uniqueName('e2e'), name = 'Jamie Example' } = {}) {
	await page.goto('/auth?tab=signup')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Email').fill(`${username}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill('a-good-password')
	await page.getByLabel('Confirm Password').fill('a-good-password')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	return { username, name, password: 'a-good-password' }
}

/**
 * A check that runs inside the page (axe, a layout measurement) is refused by
 * a context without JavaScript. So the JS-off project checks in a context
 * where JavaScript is on but the app's never runs: every script request is refused and every document
 * arrives with its <script> elements taken out (and its <noscript> content
 * shown), which is what a browser without JavaScript draws.
 */
export async function withoutAppScripts(context: BrowserContext) {
	await context.route('**/*', async (route) => {
		const type = route.request().resourceType()
		if (type === 'script') return route.abort()
		if (type !== 'document') return route.fallback()
		const response = await route.fetch({ maxRedirects: 0 })
		const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '')
		await route.fulfill({ response, body })
	})
}
