import { expect, startSession, test, type Account } from './fixtures'
import { sidewaysOverflow } from './phone-helpers'

/**
 * On the narrowest phone still sold (320 CSS pixels), no page scrolls
 * sideways: long titles truncate or wrap, grids fall to one column, and the
 * landing page's top bar keeps to one line. Checked as each kind of user,
 * with JavaScript on and off (the no-JS pages draw menus and dialogs
 * differently).
 */

const PHONE = { width: 320, height: 640 }

/** Demo data ids: video 12 is beyond the free ten, user 6 is Maria Gonzalez; program 3 is Leadership Essentials (item 22 its reading, 23 its check). */
const PATHS: Record<Account, string[]> = {
	visitor: ['/', '/auth', '/auth?tab=signup', '/no-such-page', '/contact'],
	member: [
		'/dashboard',
		'/content-library',
		'/content-library/1',
		'/content-library/1?q=trust',
		'/notes',
		'/programs',
		'/programs/1',
		'/programs/3/items/22',
		'/content-library/12',
		'/community',
		'/community/1',
		'/messages',
		'/messages?userId=6',
		'/events',
		'/resources',
		'/profile',
		'/profile?tab=password',
		'/subscribe',
		'/no-such-page',
	],
	premium: [
		'/dashboard',
		'/content-library/12',
		'/community/1',
		'/subscription-success',
		'/programs/1',
		'/programs/3/items/23?attempt=latest',
		'/notifications',
		'/events',
		'/messages',
	],
	admin: [
		'/admin',
		'/admin?tab=content',
		'/admin?tab=communities',
		'/admin?tab=events',
		'/admin?tab=resources',
		'/admin?tab=programs',
		'/admin/programs/1',
		'/admin/programs/1/modules/1/items/new?kind=check',
		'/admin/videos/new',
		'/admin/videos/1/captions',
		'/admin/events/1/edit',
	],
}

for (const account of Object.keys(PATHS) as Account[]) {
	test(`no page scrolls sideways on a 320-pixel phone for the ${account}`, async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		test.setTimeout(30_000 + PATHS[account].length * 5_000)
		// JavaScript stays on for the measurement itself; without it, the app's scripts never run.
		const phone = await newBrowser({ viewport: PHONE, javaScriptEnabled: true, appScripts: javaScriptEnabled })
		const { page } = phone
		await startSession(phone, account)
		const overflowing: string[] = []
		for (const path of PATHS[account]) {
			const response = await page.goto(path)
			expect(response?.status(), `${path} answered`).toBeLessThan(path === '/no-such-page' ? 500 : 400)
			// With JavaScript, the time-zone hint may reload the first page once; measure the settled page.
			await page.waitForLoadState('load')
			const { beyond, culprit } = await sidewaysOverflow(page)
			if (beyond > 0) overflowing.push(`${path}: ${beyond}px too wide, starting with ${culprit}`)
		}
		await phone.close()
		expect(overflowing, overflowing.join('\n')).toEqual([])
	})
}

test('on a phone the open conversation comes first, with the way back to the contacts above it', async ({
	newBrowser,
}) => {
	const phone = await newBrowser({ viewport: PHONE })
	await phone.login('premium')
	await phone.page.goto('/messages?userId=6')
	const conversation = phone.page.getByRole('region', { name: 'Conversation with Maria Gonzalez' })
	const contacts = phone.page.getByRole('list', { name: 'Contacts' })
	await expect(conversation).toBeVisible()
	const [conversationTop, contactsTop] = await Promise.all([conversation.boundingBox(), contacts.boundingBox()])
	expect(conversationTop!.y).toBeLessThan(contactsTop!.y)
	await phone.page.getByRole('link', { name: 'Back to contacts' }).click()
	await expect(contacts).toBeInViewport()
	await phone.close()
})

/** The widths of the narrowest phone still sold and of a common one. */
for (const width of [320, 390]) {
	test(`at ${width} pixels a free member sees all of a locked lesson's 'Subscribe Now', and it leads to /subscribe`, async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const phone = await newBrowser({ viewport: { width, height: 640 }, javaScriptEnabled })
		await phone.signUp()
		const { page } = phone
		await page.goto('/content-library/12')
		const panel = page.getByRole('region', { name: 'Premium Content' })
		const subscribe = panel.getByRole('link', { name: 'Subscribe Now' })
		// Wholly on screen: the panel's own edges would clip it (overflow hidden), and that counts here.
		await expect(subscribe).toBeInViewport({ ratio: 1 })
		const [button, frame] = await Promise.all([subscribe.boundingBox(), panel.boundingBox()])
		expect(button!.y + button!.height).toBeLessThanOrEqual(frame!.y + frame!.height)
		await subscribe.click()
		await expect(page).toHaveURL(/\/subscribe$/)
		await phone.close()
	})
}

test("the top bar's notifications and account menus open wholly on a 320-pixel screen, left of the Menu (decision 234)", async ({
	javaScriptEnabled,
	newBrowser,
}) => {
	const phone = await newBrowser({ viewport: PHONE, javaScriptEnabled })
	await phone.login('premium')
	const { page } = phone
	for (const [button, content] of [
		['Notifications', page.getByRole('link', { name: 'See all notifications' })],
		['User menu', page.getByRole('navigation', { name: 'User menu' })],
	] as const) {
		const menu = page.locator('details[data-menu]', { has: page.locator('summary', { hasText: button }) })
		await menu.locator('summary').click()
		await expect(content).toBeVisible()
		// Wholly on screen: a panel hung from its button would start off the screen's left edge.
		await expect(menu.locator('summary + div')).toBeInViewport({ ratio: 1 })
		await menu.locator('summary').click()
		await expect(content).toBeHidden()
	}
	await phone.close()
})

test("the Menu is the top bar's last control, and a top-bar panel opened over its open drawer is drawn whole on top (decision 243)", async ({
	javaScriptEnabled,
	newBrowser,
}) => {
	const phone = await newBrowser({ viewport: PHONE, javaScriptEnabled })
	await phone.login('premium')
	const { page } = phone
	// In the banner landmark, with the rest of the top bar.
	await expect(page.getByRole('banner').getByText('Menu', { exact: true })).toBeVisible()
	await page.getByText('Menu', { exact: true }).click()
	await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
	// Without JavaScript nothing closes the drawer first (with it, the tap on the bell does): the panel must be
	// drawn over the drawer, not under it or under its backdrop, and take a tap.
	await page.locator('summary', { hasText: 'Notifications' }).click()
	await expect(
		page
			.locator('details[data-menu]', { has: page.locator('summary', { hasText: 'Notifications' }) })
			.locator('summary + div'),
	).toBeInViewport({ ratio: 1 })
	await page.getByRole('link', { name: 'See all notifications' }).click({ timeout: 5_000 })
	await expect(page).toHaveURL(/\/notifications$/)
	await phone.close()
})

test('on a phone the sidebar is a labelled Menu drawer whose links navigate, and it closes again', async ({
	javaScriptEnabled,
	newBrowser,
}) => {
	const phone = await newBrowser({ viewport: PHONE, javaScriptEnabled })
	await phone.login('premium')
	const { page } = phone
	await expect(page.locator('#app-sidebar')).toBeHidden()
	const menu = page.locator('details[data-phone-menu]')
	const navigation = page.getByRole('navigation', { name: 'Main navigation' })
	await expect(navigation).toBeHidden()

	await page.getByText('Menu', { exact: true }).click()
	// Labelled: every link says where it goes, with the Messages badge and the trial in words.
	for (const name of ['Dashboard', 'Content Library', 'Community', 'Events', 'Resources', 'Executive Leadership']) {
		await expect(navigation.getByRole('link', { name, exact: true })).toBeVisible()
	}
	await expect(navigation.getByRole('link', { name: /^Messages \(\d+ unread\)$/ })).toBeVisible()
	await expect(page.locator('#app-sidebar').getByText('Trial Active')).toBeVisible()
	await navigation.getByRole('link', { name: 'Events', exact: true }).click()
	await expect(page).toHaveURL(/\/events$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
	await expect(menu).not.toHaveAttribute('open')

	// 'Close' closes it where it is.
	await page.getByText('Menu', { exact: true }).click()
	await expect(navigation).toBeVisible()
	await page.getByText('Close', { exact: true }).click()
	await expect(navigation).toBeHidden()
	await expect(page).toHaveURL(/\/events$/)

	if (javaScriptEnabled) {
		// On a page that runs the app's JavaScript (Messages does), also a tap beside the drawer, and Escape
		// (which gives the focus back to the button).
		await page.goto('/messages')
		await page.getByText('Menu', { exact: true }).click()
		await expect(navigation).toBeVisible()
		// The drawer opens from the right (decision 234): the backdrop is on the left.
		await page.mouse.click(10, PHONE.height / 2)
		await expect(navigation).toBeHidden()
		await page.getByText('Menu', { exact: true }).click()
		await page.keyboard.press('Escape')
		await expect(navigation).toBeHidden()
		await expect(menu.locator('summary')).toBeFocused()
	}
	await phone.close()
})
