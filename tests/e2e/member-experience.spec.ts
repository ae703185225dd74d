import { expect, test } from './fixtures'
import { openTopBarMenu, sidebar, widthOf } from './member-helpers'

test.describe('member layout', () => {
	test('the top bar menus open, and the sidebar collapses and stays collapsed', async ({ page, login }) => {
		await login('member')
		await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0)

		// The free member has read everything: no count, and the way to all notifications.
		await expect(page.locator('summary', { hasText: /Notifications \(\d+ new\)/ })).toHaveCount(0)
		const notifications = await openTopBarMenu(page, 'Notifications')
		await expect(notifications.getByText('No notifications yet')).toBeVisible()
		await expect(notifications.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
			'href',
			'/notifications',
		)

		const userMenu = await openTopBarMenu(page, 'User menu')
		await expect(userMenu.getByText('member', { exact: true })).toBeVisible()
		for (const name of ['Profile', 'Dashboard', 'Settings'])
			await expect(userMenu.getByRole('link', { name })).toBeVisible()
		await expect(userMenu.getByRole('button', { name: 'Logout' })).toBeVisible()
		await userMenu.getByRole('link', { name: 'Settings' }).click()
		await expect(page).toHaveURL(/\/profile$/)
		await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()

		expect(await widthOf(sidebar(page))).toBe(256)
		// The form's own answer, which sets the cookie: not the sidebar route's module (/build/routes/sidebar-….js),
		// which the browser fetches first and whose address also holds "/sidebar".
		const stored = page.waitForResponse(
			(response) => new URL(response.url()).pathname === '/sidebar' && response.request().method() === 'POST',
		)
		await page.getByRole('button', { name: 'Collapse sidebar' }).click()
		await stored
		await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true')
		expect(await widthOf(sidebar(page))).toBe(80)
		await expect(page).toHaveURL(/\/profile$/)
		await page.reload()
		await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true')
		await page.getByRole('button', { name: 'Expand sidebar' }).click()
		await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'false')
		expect(await widthOf(sidebar(page))).toBe(256)
	})

	test("the sidebar's icons are drawn from the sprite (decision 221)", async ({ page, login }) => {
		await login('member')
		const icons = sidebar(page).locator('svg use')
		await expect(icons.first()).toBeAttached()
		// The size of what each icon's <use> draws: 0 × 0 until its symbol has arrived from the sprite and been found.
		const drawnSizes = () =>
			icons.evaluateAll((uses) =>
				uses.map((use) => {
					const box = (use as SVGUseElement).getBBox()
					return Math.round(box.width) > 0 && Math.round(box.height) > 0
				}),
			)
		await expect.poll(async () => (await drawnSizes()).length).toBeGreaterThan(5)
		await expect.poll(async () => (await drawnSizes()).every(Boolean)).toBe(true)
	})
})

test.describe('content library', () => {
	test('a free member sees ten playable videos, the rest behind Premium Content', async ({ page, login }) => {
		await login('member')
		await sidebar(page).getByRole('link', { name: 'Content Library' }).click()
		await expect(
			page.getByText('Premium Content Restricted: Free accounts can access 10 videos. Upgrade to unlock all content.'),
		).toBeVisible()
		// The demo's 16 lessons, and any an admin's test published meanwhile: all but ten are locked.
		const lessons = page.getByRole('main').getByRole('article')
		await expect(lessons.first()).toBeVisible()
		const lessonCount = await lessons.count()
		expect(lessonCount).toBeGreaterThanOrEqual(16)
		const unlock = page.getByRole('main').getByRole('link', { name: 'Unlock' })
		await expect(unlock).toHaveCount(lessonCount - 10)
		await expect(unlock.first()).toHaveAttribute('href', '/subscribe')

		await page.getByRole('main').getByRole('searchbox').fill('change')
		await page.getByRole('main').getByRole('searchbox').press('Enter')
		await expect(page).toHaveURL(/\?q=change$/)
		await expect(page.getByRole('article', { name: 'Leading Through Change (Premium Content)' })).toBeVisible()
		await page.getByRole('link', { name: 'Clear search' }).click()
		await expect(page).toHaveURL(/\/content-library$/)

		await page
			.getByRole('navigation', { name: 'Video categories' })
			.getByRole('link', { name: 'Communication' })
			.click()
		await expect(page).toHaveURL(/category=Communication/)
		await page.getByRole('link', { name: /Giving Feedback That Lands/ }).click()
		await expect(page.getByRole('heading', { name: 'Giving Feedback That Lands' })).toBeVisible()
		await expect(page.locator('video')).toHaveCount(1)

		await page.goto('/content-library/12')
		await expect(page.getByRole('heading', { name: 'Premium Content' })).toBeVisible()
		await expect(page.getByText('Enjoy your first month free and get access to all premium content')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/subscribe')
		await expect(page.locator('video')).toHaveCount(0)
	})

	test('a member watches a lesson and the player saves the progress every 10 seconds', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(!javaScriptEnabled, 'the player island needs JavaScript; the no-JS path is the next test')
		await signUp()
		// Lesson 4, 'Running One-on-Ones That Matter', is 11 minutes long, as its clip is.
		await page.goto('/content-library/4')
		await expect(page.getByTestId('progress-text')).toHaveText('Not started')
		await expect(page.getByTestId('player-time')).toHaveText('0:00 / 11:00')
		const volume = page.getByRole('slider', { name: 'Volume' })
		await expect(volume).toHaveAttribute('step', '0.1')
		await volume.fill('0.3')
		expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.volume)).toBeCloseTo(0.3)

		const saved = page.waitForResponse((r) => r.url().endsWith('/api/progress') && r.request().method() === 'POST', {
			timeout: 15_000,
		})
		await page.getByRole('link', { name: 'Start Course' }).click()
		await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
		// The card follows the playing video at once, not from the first save 10 seconds later.
		await expect(page.getByTestId('progress-text')).not.toHaveText('Not started')
		for (let step = 0; step < 6; step += 1) await page.getByRole('button', { name: 'Forward 10 seconds' }).click()
		await expect(page.getByTestId('player-time')).toHaveText(/^1:0\d \/ 11:00$/)
		// Left alone while playing, the controls hide after 3 seconds.
		await expect(page.getByTestId('player-controls')).toHaveAttribute('data-visible', 'false', { timeout: 5_000 })

		const response = await saved
		const report = response.request().postDataJSON()
		expect(report).toMatchObject({ videoId: 4, completed: false })
		// A minute of eleven: 9 %.
		expect(report.progress).toBeGreaterThanOrEqual(9)
		expect(response.status()).toBe(200)
		const shown = Number((await page.getByTestId('progress-text').textContent())?.match(/^(\d+)% complete$/)?.[1])
		expect(shown).toBeGreaterThanOrEqual(report.progress)

		await page.reload()
		await expect(page.getByRole('link', { name: /^Continue \(1?\d min remaining\)$/ })).toBeVisible()
		await expect(page.getByTestId('progress-text')).toHaveText(/^\d+% complete$/)
	})

	test('without JavaScript the lesson plays natively and can be marked complete', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(javaScriptEnabled, 'covers the no-JS fallback')
		await signUp()
		await page.goto('/content-library/4')
		await expect(page.locator('video')).toHaveAttribute('controls', '')
		await page.getByRole('button', { name: 'Mark as complete' }).click()
		await expect(page.getByText('Lesson completed')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Review' })).toBeVisible()
		await expect(page.getByTestId('progress-text')).toHaveText('Completed')
	})
})

test.describe('events', () => {
	test('upcoming events are grouped, past events come newest first, with Replay where there is one', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		await login('member')
		await sidebar(page).getByRole('link', { name: 'Events' }).click()
		await expect(page.getByRole('heading', { name: 'This Week' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Later' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Annual Leadership Summit' })).toBeVisible()
		await expect(page.getByText(/^In \d+ days$/).first()).toBeVisible()
		await expect(
			page.getByText(javaScriptEnabled ? /Times are shown in your time zone/ : /Times are shown in UTC/),
		).toBeVisible()

		await page.getByRole('link', { name: 'Past Events' }).click()
		await expect(page).toHaveURL(/tab=past/)
		await expect(page.getByRole('main').locator('li h3')).toHaveText([
			'New Manager Q&A',
			'Fireside Chat: Leading Remote Teams',
			'Quarterly Strategy Review (Replay)',
		])
		const replay = page.getByRole('link', { name: /^Replay/ })
		await expect(replay).toHaveCount(1)
		await replay.click()
		await expect(page.getByRole('heading', { name: 'Setting a Clear Direction' })).toBeVisible()
	})
})

test.describe('profile', () => {
	test('a member edits the profile, changes the password and finds Delete Account behind their password', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		const account = await signUp({ name: 'Pat Profile' })
		await sidebar(page).getByRole('link', { name: 'Settings' }).click()
		await expect(page).toHaveURL(/\/profile$/)

		await page.getByLabel('Name').fill('P')
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible()
		await page.getByLabel('Name').fill('Pat Edited')
		await page.getByLabel('Bio').fill('Leading a team of six.')
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByText('Profile updated')).toBeVisible()
		await expect(page.getByLabel('Name')).toHaveValue('Pat Edited')

		await page.getByRole('link', { name: 'Password', exact: true }).click()
		await expect(page).toHaveURL(/\?tab=password$/)
		await page.getByLabel('Current Password').fill('not-my-password')
		await page.getByLabel('New Password', { exact: true }).fill('a-better-password')
		await page.getByLabel('Confirm New Password').fill('a-better-password')
		await page.getByRole('button', { name: 'Change Password' }).click()
		await expect(page.getByText('Current password is incorrect').first()).toBeVisible()
		await page.getByLabel('Current Password').fill(account.password)
		await page.getByLabel('New Password', { exact: true }).fill('a-better-password')
		await page.getByLabel('Confirm New Password').fill('a-better-password')
		await page.getByRole('button', { name: 'Change Password' }).click()
		await expect(page.getByText('Password changed')).toBeVisible()
		await expect(page.getByLabel('Current Password')).toHaveValue('')
		await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('')

		await page.getByRole('link', { name: 'Account', exact: true }).click()
		await expect(page.getByText('Not Subscribed')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/users/me/export')
		// Deleting needs the password (account-lifecycle.spec.ts deletes for real).
		if (javaScriptEnabled) page.once('dialog', (dialog) => dialog.accept())
		await page.getByLabel('Your password').fill('not-my-password')
		await page.getByRole('button', { name: 'Delete Account' }).click()
		await expect(page.getByText('Password is incorrect').first()).toBeVisible()
		await page.goto('/dashboard')
		await expect(page.getByRole('heading', { name: 'Welcome back, Pat Edited!' })).toBeVisible()
	})
})
