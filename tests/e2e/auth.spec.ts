import { uniqueName } from '../setup/unique-name'
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.describe('accounts', () => {
	test('a visitor signs up, lands on the dashboard welcomed by name, and logs out', async ({ page, signUp }) => {
		const { name } = await signUp({ name: 'Morgan Newcomer' })
		await expect(page.getByRole('heading', { name: `Welcome back, ${name}!` })).toBeVisible()
		await expect(page.getByText('Registration successful')).toBeVisible()

		await page.getByRole('button', { name: 'Logout' }).click()
		await expect(page).toHaveURL(/\/$/)
		await expect(page.getByText('You have been successfully logged out.')).toBeVisible()
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/auth$/)
	})

	test('a demo account logs in and sees the welcome notice', async ({ page, login }) => {
		await login('premium')
		await expect(page.getByRole('heading', { name: 'Welcome back, Taylor Brooks!' })).toBeVisible()
		await expect(page.getByText('Login successful')).toBeVisible()
		await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible()
	})

	test('a wrong password shows "Invalid username or password" once, on the form, and keeps the visitor out', async ({
		page,
	}) => {
		await page.goto('/auth')
		await page.getByLabel('Username').fill(uniqueName('ghost'))
		await page.getByLabel('Password', { exact: true }).fill('not-the-password')
		await page.getByRole('button', { name: 'Login' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible()
		await expect(page.getByText('Invalid username or password')).toHaveCount(1)
		await expect(page.getByTestId('toast')).toHaveCount(0)
		await expect(page).toHaveURL(/\/auth/)
	})

	test('an empty sign-up email says it is required', async ({ page }) => {
		await page.goto('/auth?tab=signup')
		await page.getByRole('button', { name: 'Create Account' }).click()
		await expect(page.getByText('Email is required')).toBeVisible()
		await expect(page.getByText('Invalid email address')).toHaveCount(0)
	})

	test('logging in sends the browser’s time zone: the dashboard is drawn in it, without a reload', async ({
		browser,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'without JavaScript times are in UTC, and the page says so')
		const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', javaScriptEnabled: true })
		const page = await context.newPage()
		await page.goto('/auth')
		// As a first visit that skipped the hint: the zone must come with the form.
		await context.clearCookies({ name: 'tz' })
		const documentLoads: string[] = []
		page.on('load', () => documentLoads.push(page.url()))
		await page.getByLabel('Username').fill('member')
		await page.getByLabel('Password', { exact: true }).fill('password123')
		await page.getByRole('button', { name: 'Login' }).click()
		await expect(page).toHaveURL(/\/dashboard$/)
		await expect(page.locator('[data-time-zone]')).toHaveAttribute('data-time-zone', 'Asia/Tokyo')
		expect(documentLoads).toEqual([])
		await context.close()
	})

	test('empty login shows both required messages', async ({ page }) => {
		await page.goto('/auth')
		await page.getByRole('button', { name: 'Login' }).click()
		await expect(page.getByText('Username is required')).toBeVisible()
		await expect(page.getByText('Password is required')).toBeVisible()
	})

	test('sign-up shows the product §5 messages for bad input', async ({ page }) => {
		await page.goto('/auth?tab=signup')
		await page.getByLabel('Username').fill(uniqueName('bad'))
		await page.getByLabel('Name', { exact: true }).fill('Bad Input')
		await page.getByLabel('Email').fill('not-an-email')
		await page.getByLabel('Password', { exact: true }).fill('short')
		await page.getByLabel('Confirm Password').fill('')
		await page.getByRole('button', { name: 'Create Account' }).click()
		await expect(page.getByText('Invalid email address')).toBeVisible()
		await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()
		await expect(page.getByText('Confirm Password is required')).toBeVisible()

		await page.getByLabel('Password', { exact: true }).fill('long-enough-1')
		await page.getByLabel('Confirm Password').fill('long-enough-2')
		await page.getByLabel('Email').fill('fine@example.com')
		await page.getByRole('button', { name: 'Create Account' }).click()
		await expect(page.getByText('Passwords do not match')).toBeVisible()
		await expect(page).toHaveURL(/\/auth/)
	})

	test('a taken username is reported on the username field', async ({ page }) => {
		await page.goto('/auth?tab=signup')
		await page.getByLabel('Username').fill('admin')
		await page.getByLabel('Name', { exact: true }).fill('Impostor')
		await page.getByLabel('Email').fill(`${uniqueName('imp')}@example.com`)
		await page.getByLabel('Password', { exact: true }).fill('a-good-password')
		await page.getByLabel('Confirm Password').fill('a-good-password')
		await page.getByRole('button', { name: 'Create Account' }).click()
		await expect(page.locator('form').getByText('Username is already taken')).toBeVisible()
		await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByTestId('toast').getByText('Registration failed')).toBeVisible()
	})

	test('the login button says "Logging in..." while pending', async ({ page, javaScriptEnabled }) => {
		test.skip(!javaScriptEnabled, 'pending labels need JavaScript')
		await page.goto('/auth')
		await page.route('**/auth?tab=login*', async (route) => {
			await new Promise((resolve) => setTimeout(resolve, 800))
			await route.continue()
		})
		await page.getByLabel('Username').fill('member')
		await page.getByLabel('Password', { exact: true }).fill('password123')
		await page.getByRole('button', { name: 'Login' }).click()
		await expect(page.getByRole('button', { name: 'Logging in...' })).toBeVisible()
		await expect(page).toHaveURL(/\/dashboard$/)
	})
})

test.describe('routing', () => {
	test('the landing page links and ships no JavaScript', async ({ page }) => {
		const scripts: string[] = []
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.push(request.url())
		})
		await page.goto('/')
		await expect(page.getByRole('heading', { name: 'Elevate Your Leadership Journey' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/auth')
		await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '#features')
		await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/subscribe')
		await expect(page.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/auth')
		expect(await page.locator('script').count()).toBe(0)
		expect(scripts).toEqual([])
	})

	test('an unknown path shows the 404 page', async ({ page }) => {
		const response = await page.goto('/this/does/not/exist')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
		await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
	})

	test('a visitor is sent from a protected page to /auth, and a member from /auth to /dashboard', async ({
		page,
		login,
	}) => {
		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/auth$/)
		await login('member')
		await page.goto('/auth')
		await expect(page).toHaveURL(/\/dashboard$/)
		await page.goto('/')
		await expect(page).toHaveURL(/\/dashboard$/)
	})
})

/** Once the page has hydrated (Remix's router is up): its forms are Conform's, its links the router's. */
const hydrated = (page: Page) =>
	page.waitForFunction(
		() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
	)

test.describe('an island page (decision 222)', () => {
	// What the page fetches is watched here: the service worker would answer some of it from its cache.
	test.use({ serviceWorkers: 'block' })

	test('fetches its scripts after its styles, at low priority, and still hydrates', async ({
		page,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'without JavaScript the page loads no script')
		// Chromium's own priority for each request, as its network panel shows it.
		const client = await page.context().newCDPSession(page)
		await client.send('Network.enable')
		const priorities = new Map<string, string>()
		client.on('Network.requestWillBeSent', ({ request, type }) => {
			if (type === 'Script' || type === 'Stylesheet')
				priorities.set(new URL(request.url).pathname, request.initialPriority)
		})
		const html = await (await page.goto('/auth'))!.text()
		await hydrated(page)
		// The scripts the page names (its autofocused form then loads its checks at once, at a higher priority).
		const named = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!)
		expect(named.length).toBeGreaterThan(5)
		expect(named.map((path) => [path, priorities.get(path)]).filter(([, priority]) => priority !== 'Low')).toEqual([])
		expect([...priorities].filter(([path]) => path.endsWith('.css')).map(([, priority]) => priority)).toEqual([
			'VeryHigh',
		])
	})
})

test.describe('a form’s checks (decision 220)', () => {
	// What the page fetches is watched and held here: the service worker would answer some of it from its cache.
	test.use({ serviceWorkers: 'block' })

	/** The addresses of the page's posts from now on. */
	function postsOf(page: Page): string[] {
		const posts: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST') posts.push(request.url())
		})
		return posts
	}

	test('are loaded when the visitor first uses the form, then answer in the browser without asking the server', async ({
		page,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'without JavaScript the server checks every form')
		const scripts: Promise<string>[] = []
		page.on('response', (response) => {
			if (/\/build\/.+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response.text())
		})
		const loadedZod = async () => (await Promise.all(scripts)).some((text) => text.includes('ZodError'))
		await page.goto('/contact')
		await hydrated(page)
		expect(scripts.length).toBeGreaterThan(0)
		expect(await loadedZod()).toBe(false)

		await page.getByLabel('Name').focus()
		await expect.poll(loadedZod).toBe(true)
		const posts = postsOf(page)
		await page.getByLabel('Email').fill('not-an-address')
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByText('Name is required')).toBeVisible()
		await expect(page.getByText('Invalid email address')).toBeVisible()
		await expect(page.getByText('Message is required')).toBeVisible()
		expect(posts).toEqual([])
	})
	test('while they are on their way the server answers the form once, and typing sends nothing; then they check it', async ({
		page,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'without JavaScript the server checks every form')
		// The contact form's schema is held back (a slow network) until the test lets it through.
		let letThrough = () => {}
		const held = new Promise<void>((resolve) => (letThrough = resolve))
		await page.route(/\/build\/.*contact-schemas-[^/]*\.js$/, async (route) => {
			await held
			await route.continue()
		})
		const posts = postsOf(page)
		await page.goto('/contact')
		await hydrated(page)
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByText('Name is required')).toBeVisible()
		expect(posts).toHaveLength(1)

		// Conform checks a field again on each input once the action has checked it: not by asking the action.
		await page.getByLabel('Name').pressSequentially('Rob')
		await page.getByLabel('Email').pressSequentially('robin@')
		// A post a keystroke started has begun by the page's next tasks (Remix starts it in microtasks).
		await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
		await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
		expect(posts).toHaveLength(1)

		letThrough()
		// Typed until the arrived schema answers the input (it is in place a moment after its script arrives).
		await expect(async () => {
			await page.getByLabel('Name').pressSequentially('e')
			await expect(page.getByText('Name is required')).toHaveCount(0, { timeout: 200 })
		}).toPass()
		await page.getByLabel('Email').pressSequentially('example')
		await expect(page.getByText('Invalid email address')).toBeVisible()
		await expect(page.getByText('Message is required')).toBeVisible()
		expect(posts).toHaveLength(1)
	})
})
