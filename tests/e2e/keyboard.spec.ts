import { type Locator, type Page } from '@playwright/test'
import { uniqueName } from '../setup/unique-name'
import { dialog } from './admin-helpers'
import { composer, expectMessageOnce, waitUntilConnected } from './chat-helpers'
import { DEMO_PASSWORD, expect, test } from './fixtures'

/**
 * Issue 7, item 6: the core journeys with the keyboard alone (Tab, Enter,
 * Space, Escape, F8), with JavaScript on and off. `page.goto` and `login`
 * only set the scene; every step of a journey is a key press, and the key
 * stops are checked for a visible focus indicator.
 */

/*
 * These helpers read the page through locators and assertions only: a page
 * without JavaScript refuses page.evaluate, and the JS-off project runs them too.
 */

function focused(page: Page) {
	return page.locator(':focus')
}

/**
 * What has the focus, for the message of a failed walk only: it must never hold the walk up. The focus can move
 * between two reads (a page that is still settling), so each read is short and a miss reads as 'nothing'.
 */
async function describeFocus(page: Page) {
	const element = focused(page)
	if ((await element.count()) === 0) return 'nothing'
	const read = (attempt: Promise<string | null>) => attempt.catch(() => null)
	const label =
		(await read(element.getAttribute('aria-label', { timeout: 500 }))) ??
		(await read(element.textContent({ timeout: 500 })))
	return label === null ? 'nothing' : `"${label.trim().slice(0, 40)}"`
}

/** Presses Tab (or `key`) until `target` has the focus; fails if it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, { limit = 40, key = 'Tab' } = {}) {
	const visited: string[] = []
	for (let presses = 0; presses < limit; presses += 1) {
		if (await target.and(focused(page)).count()) return
		await page.keyboard.press(key)
		visited.push(await describeFocus(page))
	}
	throw new Error(`${key} did not reach ${target} in ${limit} presses; it went through:\n  ${visited.join('\n  ')}`)
}

/**
 * The focused element shows a focus indicator (WCAG 2.4.7): it matches
 * :focus-visible and draws an outline that is not transparent, or, for the
 * form fields that swap the outline for a ring, a box-shadow.
 */
async function expectVisibleFocus(page: Page) {
	const element = page.locator(':focus-visible')
	await expect(element, 'nothing has a visible focus').toHaveCount(1)
	if (await element.and(page.locator('input, textarea, select')).count()) {
		await expect(element).not.toHaveCSS('box-shadow', 'none')
	} else {
		await expect(element).not.toHaveCSS('outline-style', 'none')
		await expect(element).not.toHaveCSS('outline-width', '0px')
		await expect(element).not.toHaveCSS('outline-color', /rgba\(.*, 0\)$/)
	}
}

test.describe('keyboard alone', () => {
	test('a member logs in: type, Tab, type, Enter', async ({ page }) => {
		await page.goto('/auth')
		const username = page.getByRole('textbox', { name: 'Username' })
		await tabTo(page, username)
		await expectVisibleFocus(page)
		await page.keyboard.type('member')
		await page.keyboard.press('Tab')
		await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
		await expectVisibleFocus(page)
		await page.keyboard.type(DEMO_PASSWORD)
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(/\/dashboard$/)
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible()
	})

	test('the first Tab on the landing page and in the member layout is "Skip to main content", and it lands in <main>', async ({
		page,
		login,
	}) => {
		for (const path of ['/', '/dashboard']) {
			if (path === '/dashboard') await login('member')
			await page.goto(path)
			await page.keyboard.press('Tab')
			const skip = page.getByRole('link', { name: 'Skip to main content' })
			await expect(skip, `${path}: the first Tab`).toBeFocused()
			await expect(skip).toBeInViewport()
			await expectVisibleFocus(page)
			await page.keyboard.press('Enter')
			await expect(page.getByRole('main')).toBeFocused()
			// The next Tab goes on from inside <main>, past the top bar and the sidebar.
			await page.keyboard.press('Tab')
			await expect(page.getByRole('main').locator(':focus'), `${path}: Tab after the skip link`).toHaveCount(1)
			await expectVisibleFocus(page)
		}
	})

	test('the notifications and user menus open with Enter and Space, and the sidebar links work', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		await login('member')
		// The free member has no notifications: the bell says so, and leads to the page of them all.
		const notifications = page.locator('details').filter({ has: page.locator('summary', { hasText: 'Notifications' }) })
		await tabTo(page, notifications.locator('summary'))
		await expectVisibleFocus(page)
		await page.keyboard.press('Enter')
		await expect(notifications).toHaveAttribute('open', '')
		await page.keyboard.press('Tab')
		await expect(notifications.getByRole('link', { name: 'See all notifications' })).toBeFocused()
		await expectVisibleFocus(page)
		if (javaScriptEnabled) {
			// Escape closes the menu and gives the focus back to its toggle.
			await page.keyboard.press('Escape')
			await expect(notifications).not.toHaveAttribute('open')
			await expect(notifications.locator('summary')).toBeFocused()
		}

		const userMenu = page.locator('details').filter({ has: page.locator('summary', { hasText: 'User menu' }) })
		await tabTo(page, userMenu.locator('summary'))
		await page.keyboard.press(' ')
		await expect(userMenu).toHaveAttribute('open', '')
		await page.keyboard.press('Tab')
		await page.keyboard.press('Tab')
		await page.keyboard.press('Tab')
		const settings = userMenu.getByRole('link', { name: 'Settings' })
		await expect(settings).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(/\/profile$/)

		const events = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Events' })
		await tabTo(page, events)
		await expectVisibleFocus(page)
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(/\/events$/)
		await expect(events).toHaveAttribute('aria-current', 'page')
		// Shift+Tab walks back up the same list.
		await tabTo(
			page,
			page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Community', exact: true }),
			{ key: 'Shift+Tab' },
		)
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(/\/community$/)
	})

	test('on a phone the Menu opens with Enter, Tab walks its links, and Enter follows one', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const phone = await newBrowser({ viewport: { width: 390, height: 800 }, javaScriptEnabled })
		await phone.login('member')
		const { page } = phone
		const menu = page.locator('details[data-phone-menu]')
		await tabTo(page, menu.locator('summary'))
		await expectVisibleFocus(page)
		await page.keyboard.press('Enter')
		await expect(menu).toHaveAttribute('open', '')
		// The drawer is the sidebar, right after the button in the page's order (decision 234): one Tab enters it.
		const navigation = page.getByRole('navigation', { name: 'Main navigation' })
		await page.keyboard.press('Tab')
		await expect(navigation.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused()
		if (javaScriptEnabled) {
			// Past the drawer's last control, Tab comes back to the button, not into the page behind the backdrop.
			await page.locator('#app-sidebar').getByRole('button', { name: 'Logout' }).focus()
			await page.keyboard.press('Tab')
			await expect(menu.locator('summary')).toBeFocused()
		}
		const resources = navigation.getByRole('link', { name: 'Resources', exact: true })
		await tabTo(page, resources)
		await expectVisibleFocus(page)
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(/\/resources$/)
		await expect(menu).not.toHaveAttribute('open')
		await phone.close()
	})

	test('a premium member reaches a room from the sidebar and sends a message from the keyboard', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		await login('premium')
		await tabTo(page, page.getByRole('link', { name: 'Executive Leadership' }))
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(/\/community\/1$/)
		if (javaScriptEnabled) await waitUntilConnected(page)
		// The history scrolls; it takes the focus so that the arrow keys can scroll it, links or not.
		await tabTo(page, page.getByRole('region', { name: 'Message history' }))
		await expectVisibleFocus(page)
		await tabTo(page, composer(page))
		await expectVisibleFocus(page)
		const text = uniqueName('Sent from the keyboard')
		await page.keyboard.type(text)
		if (javaScriptEnabled) {
			// product §2: Enter sends.
			await page.keyboard.press('Enter')
			await expect(composer(page)).toHaveValue('')
		} else {
			// Without JavaScript Enter is a new line: Tab to Send, then Enter.
			await page.keyboard.press('Tab')
			await expect(page.getByRole('button', { name: 'Send' })).toBeFocused()
			await expectVisibleFocus(page)
			await page.keyboard.press('Enter')
		}
		await expectMessageOnce(page, text)
	})

	test('an admin opens a dialog from the keyboard, Tab stays inside it, and it closes back to its link', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		await login('admin')
		await page.goto('/admin?tab=content')
		const addVideo = page.getByRole('link', { name: 'Add Video' })
		await tabTo(page, addVideo)
		await expectVisibleFocus(page)
		await page.keyboard.press('Enter')
		const add = dialog(page, 'Add Video')
		await expect(add).toBeVisible()
		await expect(add.getByLabel('Title')).toBeFocused()
		if (!javaScriptEnabled) {
			// Without JavaScript the dialog is a page: Cancel is a link back to the tab.
			await tabTo(page, add.getByRole('link', { name: 'Cancel' }))
			await page.keyboard.press('Enter')
			await expect(add).toHaveCount(0)
			await expect(page).toHaveURL(/\/admin\?tab=content$/)
			return
		}
		// Tab goes round the dialog (and the browser's own controls), never to the page behind the backdrop.
		for (let presses = 0; presses < 12; presses += 1) {
			await page.keyboard.press('Tab')
			const where = await page.evaluate(() => {
				const active = document.activeElement
				return active === document.body || !active
					? 'outside the page'
					: active.closest('dialog')
						? 'dialog'
						: active.outerHTML.slice(0, 80)
			})
			expect(['dialog', 'outside the page'], `Tab ${presses + 1} left the dialog`).toContain(where)
		}
		await page.keyboard.press('Escape')
		await expect(add).toHaveCount(0)
		await expect(page).toHaveURL(/\/admin\?tab=content$/)
		await expect(addVideo).toBeFocused()

		// A confirmation has no field to focus: the alert dialog itself takes the focus, then its buttons.
		const deleteLink = page.getByRole('link', { name: 'Delete What Great Leaders Do Differently' })
		await tabTo(page, deleteLink)
		await page.keyboard.press('Enter')
		const confirm = dialog(page, 'Delete Video', 'alertdialog')
		await expect(confirm).toBeFocused()
		await page.keyboard.press('Tab')
		await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeFocused()
		await page.keyboard.press('Escape')
		await expect(confirm).toHaveCount(0)
		await expect(deleteLink).toBeFocused()
	})

	test('the video player works from the keyboard, and its controls stay in view while they have the focus', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		test.skip(
			!javaScriptEnabled,
			"the player's own controls need JavaScript; without it the browser's native controls are used",
		)
		await page.clock.install()
		await login('premium')
		await page.goto('/content-library/4')
		const play = page.getByRole('button', { name: 'Play' })
		await tabTo(page, play)
		await expectVisibleFocus(page)
		await page.keyboard.press(' ')
		const pause = page.getByRole('button', { name: 'Pause' })
		await expect(pause).toBeFocused()
		await page.keyboard.press('Tab')
		await page.keyboard.press('Tab')
		await expect(page.getByRole('button', { name: 'Forward 10 seconds' })).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(page.getByTestId('player-time')).toHaveText(/^0:1\d \/ 11:00$/)
		// Past the 3 s after which idle controls hide while playing: the focused one must not vanish.
		await page.clock.fastForward(5_000)
		await expect(page.getByTestId('player-controls')).toHaveAttribute('data-visible', 'true')
		await expectVisibleFocus(page)
		await expect(page.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', /^0:\d\d of 11:00$/)
	})

	test("F8 focuses the notifications region, where Tab reaches the notice's Close button", async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		test.skip(
			!javaScriptEnabled,
			'F8 is a JavaScript shortcut (product §2 "Notices"); without it the notice hides itself',
		)
		await login('member')
		const notice = page.getByTestId('toast').filter({ hasText: 'Login successful' })
		await expect(notice).toBeVisible()
		await page.keyboard.press('F8')
		await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused()
		await expectVisibleFocus(page)
		await page.keyboard.press('Tab')
		await expect(notice.getByRole('button', { name: 'Close' })).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(notice).toHaveCount(0)
	})
})
