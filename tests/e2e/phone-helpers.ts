import { type Locator, type Page } from '@playwright/test'
import { expect, startSession, type Account, type NewBrowser, type OwnBrowser } from './fixtures'

/**
 * A phone as issue 28's review used one (390 × 844 CSS pixels, a touch
 * screen), and the measurements the phone checks share: targets a finger can
 * hit, a page that never scrolls sideways, the Menu drawer's links.
 */

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
/** WCAG 2.2, 2.5.8 Target Size (Minimum). */
export const MINIMUM_TARGET = 24

/**
 * A phone with JavaScript as the project says: checks that measure the page run in it, so without JavaScript
 * the page is drawn without the app's scripts in a browser whose JavaScript stays on (fixtures.ts).
 */
export function openPhone(newBrowser: NewBrowser, javaScriptEnabled: boolean): Promise<OwnBrowser> {
	return newBrowser({ ...PHONE, javaScriptEnabled: true, appScripts: javaScriptEnabled })
}

/** A phone with the account's session (a fresh free member for 'member'); the fixture closes it after the test. */
export async function phoneAs(newBrowser: NewBrowser, javaScriptEnabled: boolean, account: Account): Promise<Page> {
	const phone = await openPhone(newBrowser, javaScriptEnabled)
	await startSession(phone, account)
	return phone.page
}

/** Follows a link of the phone's Menu drawer (the drawer sits over the page wherever it is scrolled). */
export async function followMenuLink(page: Page, name: string) {
	await page.getByText('Menu', { exact: true }).click()
	await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).click()
}

async function size(locator: Locator) {
	const box = await locator.boundingBox()
	expect(box, `${locator} is not drawn`).not.toBeNull()
	return { width: Math.round(box!.width), height: Math.round(box!.height) }
}

/** Every link and control of the list is at least 24 × 24 pixels. */
export async function expectTappable(targets: Locator, what: string) {
	const count = await targets.count()
	expect(count, `no ${what} found`).toBeGreaterThan(0)
	const small: string[] = []
	for (let index = 0; index < count; index++) {
		const target = targets.nth(index)
		const { width, height } = await size(target)
		if (width < MINIMUM_TARGET || height < MINIMUM_TARGET)
			small.push(`${(await target.getAttribute('aria-label')) ?? (await target.innerText())}: ${width}×${height}`)
	}
	expect(small, `${what} smaller than ${MINIMUM_TARGET}×${MINIMUM_TARGET}:\n${small.join('\n')}`).toEqual([])
}

/** How far the page reaches past the right edge of the screen, and what sticks out first. */
export function sidewaysOverflow(page: Page) {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth
		const beyond = document.documentElement.scrollWidth - width
		if (beyond <= 0) return { beyond, culprit: '' }
		const culprit = [...document.querySelectorAll('body *')].find(
			(element) => element.getBoundingClientRect().right > width + 0.5,
		)
		return {
			beyond,
			culprit: culprit
				? `${culprit.tagName.toLowerCase()} "${(culprit.textContent ?? '').trim().slice(0, 40)}"`
				: '(text or a pseudo-element)',
		}
	})
}
