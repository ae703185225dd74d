import { type Page } from '@playwright/test'
import { expect, startSession, test, type Account } from './fixtures'

/**
 * On the narrowest phone still sold (320 CSS pixels), no page scrolls
 * sideways: long titles truncate or wrap, grids fall to one column, and the
 * landing page's top bar keeps to one line. Checked as each kind of user,
 * with JavaScript on and off (the no-JS pages draw menus and dialogs
 * differently).
 */

const PHONE = { width: 320, height: 640 }

/** Demo data ids: video 12 is beyond the free ten, user 6 is Maria Gonzalez. */
const PATHS: Record<Account, string[]> = {
	visitor: ['/', '/auth', '/auth?tab=signup', '/no-such-page'],
	member: [
		'/dashboard',
		'/content-library',
		'/content-library/1',
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
	],
	premium: ['/dashboard', '/content-library/12', '/community/1', '/subscription-success', '/notifications', '/events', '/messages'],
	admin: ['/admin', '/admin?tab=content', '/admin?tab=communities', '/admin?tab=events', '/admin?tab=resources', '/admin/videos/new', '/admin/events/1/edit'],
}

/** How far the page reaches past the right edge of the screen, and what sticks out first. */
function sidewaysOverflow(page: Page) {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth
		const beyond = document.documentElement.scrollWidth - width
		if (beyond <= 0) return { beyond, culprit: '' }
		const culprit = [...document.querySelectorAll('body *')].find((element) => element.getBoundingClientRect().right > width + 0.5)
		return { beyond, culprit: culprit ? `${culprit.tagName.toLowerCase()} "${(culprit.textContent ?? '').trim().slice(0, 40)}"` : '(text or a pseudo-element)' }
	})
}

for (const account of Object.keys(PATHS) as Account[]) {
	test(`no page scrolls sideways on a 320-pixel phone for the ${account}`, async ({ javaScriptEnabled, newBrowser }) => {
		test.setTimeout(30_000 + PATHS[account].length * 5_000)
		// JavaScript stays on for the measurement itself; without it, the app's scripts never run.
		const phone = await newBrowser({ viewport: PHONE, javaScriptEnabled: true, appScripts: javaScriptEnabled })
		const { page } = phone
		await startSession(phone, account)
		const overflowing: string[] = []
		for (const path of PATHS[account]) {
			const response = await page.goto(path)
			expect(response?.status(), `${path} answered`).toBeLessThan(account === 'visitor' && path === '/no-such-page' ? 500 : 400)
			// With JavaScript, the time-zone hint may reload the first page once; measure the settled page.
			await page.waitForLoadState('load')
			const { beyond, culprit } = await sidewaysOverflow(page)
			if (beyond > 0) overflowing.push(`${path}: ${beyond}px too wide, starting with ${culprit}`)
		}
		await phone.close()
		expect(overflowing, overflowing.join('\n')).toEqual([])
	})
}

test('on a phone the open conversation comes first, with the way back to the contacts above it', async ({ newBrowser }) => {
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
