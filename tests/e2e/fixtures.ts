import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test'
import { uniqueName } from '../setup/unique-name'
import { composer } from './chat-helpers'

/**
 * The end-to-end tests' `test`: Playwright's, with fixtures for what many
 * specs do to set the scene (log in, sign up, open a second browser). Specs
 * import `test` and `expect` from here, and name the fixtures they use.
 */

/** The password of every demo account (app/demo/data.server.ts). */
export const DEMO_PASSWORD = 'password123'

export interface NewMember {
	username: string
	name: string
	password: string
}

export type LogIn = (username: string, password?: string) => Promise<void>
export type SignUp = (details?: { username?: string; name?: string }) => Promise<NewMember>

/** A browser of its own (a context with one page) and the same scene-setting steps for its page. */
export interface OwnBrowser {
	page: Page
	login: LogIn
	signUp: SignUp
	close: () => Promise<void>
}

/**
 * Options for a new browser: Playwright's context options (the test's base
 * URL unless given), and `appScripts: false` to draw pages as a browser
 * without JavaScript does while JavaScript stays on for checks that run in
 * the page (see withoutAppScripts).
 */
export type NewBrowser = (options?: BrowserContextOptions & { appScripts?: boolean }) => Promise<OwnBrowser>

export interface Fixtures {
	/** Logs the test's page in through the login form (a demo account unless a password is given) and waits for the dashboard. */
	login: LogIn
	/** Signs a fresh member up through the form on the test's page, so logged in and free, and returns the account. */
	signUp: SignUp
	/** Opens a browser of its own; it is closed when the test ends. */
	newBrowser: NewBrowser
	/** A second person, logged in, in a browser of their own with JavaScript on. */
	liveBrowser: (username: string) => Promise<OwnBrowser>
	/** Sends a chat message the way a user of this project's browser does: Enter with JavaScript, the Send button without. */
	sendMessage: (page: Page, text: string) => Promise<void>
}

async function logInOn(page: Page, username: string, password = DEMO_PASSWORD) {
	await page.goto('/auth')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Login' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	// The address changes before the page's styles arrive: a test that measures the page must find it drawn.
	await page.waitForLoadState('load')
}

async function signUpOn(page: Page, { username = uniqueName('e2e'), name = 'Jamie Example' } = {}): Promise<NewMember> {
	await page.goto('/auth?tab=signup')
	await page.getByLabel('Username').fill(username)
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Email').fill(`${username}@example.com`)
	await page.getByLabel('Password', { exact: true }).fill('a-good-password')
	await page.getByLabel('Confirm Password').fill('a-good-password')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	await page.waitForLoadState('load')
	return { username, name, password: 'a-good-password' }
}

/**
 * A check that runs inside the page (axe, a layout measurement) is refused by
 * a context without JavaScript. So the JS-off project checks in a context
 * where JavaScript is on but the app's never runs: every script request is refused and every document
 * arrives with its <script> elements taken out (and its <noscript> content
 * shown), which is what a browser without JavaScript draws.
 */
async function withoutAppScripts(context: BrowserContext) {
	await context.route('**/*', async (route) => {
		const type = route.request().resourceType()
		if (type === 'script') return route.abort()
		if (type !== 'document') return route.fallback()
		const response = await route.fetch({ maxRedirects: 0 })
		const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '')
		await route.fulfill({ response, body })
	})
}

export const test = base.extend<Fixtures>({
	login: async ({ page }, use) => {
		await use((username, password) => logInOn(page, username, password))
	},
	signUp: async ({ page }, use) => {
		await use((details) => signUpOn(page, details))
	},
	newBrowser: async ({ browser, baseURL }, use) => {
		const opened: BrowserContext[] = []
		await use(async ({ appScripts = true, ...options } = {}) => {
			const context = await browser.newContext({ baseURL, ...options })
			opened.push(context)
			if (!appScripts) await withoutAppScripts(context)
			const page = await context.newPage()
			return {
				page,
				login: (username, password) => logInOn(page, username, password),
				signUp: (details) => signUpOn(page, details),
				close: () => context.close(),
			}
		})
		await Promise.all(opened.map((context) => context.close()))
	},
	liveBrowser: async ({ newBrowser }, use) => {
		await use(async (username) => {
			const own = await newBrowser({ javaScriptEnabled: true })
			await own.login(username)
			return own
		})
	},
	sendMessage: async ({ javaScriptEnabled }, use) => {
		await use(async (page, text) => {
			await composer(page).fill(text)
			if (javaScriptEnabled) await composer(page).press('Enter')
			else await page.getByRole('button', { name: 'Send' }).click()
		})
	},
})

export { expect }

/** The kinds of user that the page-by-page checks (axe, small screens) go through. */
export type Account = 'visitor' | 'member' | 'premium' | 'admin'

/**
 * Starts the account's session in a browser: none for a visitor, a fresh
 * sign-up for the member (sure to be free, whatever other tests do to the
 * demo `member`), the demo account otherwise.
 */
export async function startSession({ login, signUp }: Pick<OwnBrowser, 'login' | 'signUp'>, account: Account) {
	if (account === 'visitor') return
	if (account === 'member') await signUp()
	else await login(account)
}
