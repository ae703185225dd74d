import { type Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { sidebar } from './member-helpers'
import { expectTappable, followMenuLink, openPhone, sidewaysOverflow } from './phone-helpers'

/** The page's width fits the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
	await page.waitForLoadState('load')
	const { beyond, culprit } = await sidewaysOverflow(page)
	expect(beyond, `${page.url()} is ${beyond}px too wide, starting with ${culprit}`).toBeLessThanOrEqual(0)
}

/** Picks an answer of a knowledge check's question. */
function choose(page: Page, question: RegExp, answer: string) {
	return page.getByRole('group', { name: question }).getByLabel(answer).check()
}

/**
 * Issue 23: a member takes a program from start to certificate, with
 * JavaScript on and off: starts "Leadership Essentials" (the demo's short
 * program, open to a free account: its lesson is one of the free ten, its
 * other items are in its first module), marks the lesson and the reading
 * done, passes the knowledge check, and opens the certificate, which anyone
 * can then check without logging in.
 */
test.describe('programs', () => {
	test('start, finish a reading, pass a check, and see the certificate', async ({ page, signUp, newBrowser }) => {
		await signUp({ name: 'Robin Programme' })
		await sidebar(page).getByRole('link', { name: 'Programs' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible()
		await page.getByRole('link', { name: 'Leadership Essentials' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Leadership Essentials' })).toBeVisible()
		await expect(page.getByTestId('program-progress')).toContainText('Not started')
		// The short program's only module is open at once: every item links to its page.
		await expect(page.getByRole('link', { name: 'Followed, not obeyed' }).last()).toBeVisible()

		await page.getByRole('button', { name: 'Start' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'What Great Leaders Do Differently' })).toBeVisible()
		await page.getByRole('button', { name: 'Mark as done' }).click()
		await expect(page.getByText('Marked as done').first()).toBeVisible()
		await page.getByRole('link', { name: /^Next/ }).click()

		await expect(page.getByRole('heading', { level: 1, name: 'Followed, not obeyed' })).toBeVisible()
		await expect(page.getByText('Authority gets compliance; trust gets effort.')).toBeVisible()
		await page.getByRole('button', { name: 'Mark as done' }).click()
		await expect(page.getByRole('button', { name: 'Mark as done' })).toHaveCount(0)
		await expect(page.getByText('66% complete')).toBeVisible()
		await page.getByRole('link', { name: /^Next/ }).click()

		await expect(page.getByRole('heading', { level: 1, name: 'Leadership essentials' })).toBeVisible()
		// A wrong answer first: not passed, with why.
		await choose(page, /What does authority alone get you/, 'Effort')
		await choose(page, /When the team succeeds/, 'To the team')
		await page.getByRole('button', { name: 'Submit answers' }).click()
		await expect(page.getByRole('heading', { name: '50%: not passed yet' })).toBeVisible()
		await expect(page.getByText('Authority gets compliance; trust is what gets people’s effort.')).toBeVisible()
		await choose(page, /What does authority alone get you/, 'Compliance')
		await choose(page, /When the team succeeds/, 'To the team')
		await page.getByRole('button', { name: 'Try again' }).click()
		await expect(page.getByRole('heading', { name: 'Passed with 100%' })).toBeVisible()

		await page.getByRole('link', { name: 'Leadership Essentials' }).first().click()
		await expect(page.getByTestId('program-progress')).toContainText('Completed')
		await page.getByRole('link', { name: 'Your certificate' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible()
		await expect(page.getByTestId('certificate-name')).toHaveText('Robin Programme')
		await expect(page.getByText('Valid', { exact: true })).toBeVisible()
		const linkedIn = page.getByRole('link', { name: 'Add to LinkedIn' })
		await expect(linkedIn).toHaveAttribute(
			'href',
			/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME/,
		)
		const address = page.url()

		// Anyone with the address checks it: no login, no LinkedIn button for them.
		const visitor = await newBrowser()
		await visitor.page.goto(address)
		await expect(visitor.page.getByTestId('certificate-name')).toHaveText('Robin Programme')
		await expect(visitor.page.getByText('Leadership Essentials').first()).toBeVisible()
		await expect(visitor.page.getByRole('link', { name: 'Add to LinkedIn' })).toHaveCount(0)
		await expect(visitor.page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\.pdf$/)
	})

	test('a locked module says why, and a free account sees Premium where it applies', async ({ page, signUp }) => {
		await signUp()
		await page.goto('/programs')
		await page.getByRole('link', { name: 'New Manager Foundations' }).click()
		await expect(page.getByText('Opens 7 days after you start').first()).toBeVisible()
		await expect(page.getByRole('main').getByText('Premium', { exact: true }).first()).toBeVisible()
		await page.getByRole('button', { name: 'Start' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'What Great Leaders Do Differently' })).toBeVisible()
		await page.goto(page.url().replace(/\/items\/\d+$/, ''))
		await expect(page.getByText(/Opens on [A-Z][a-z]{2} \d{1,2}, \d{4}/).first()).toBeVisible()
		await expect(page.getByText('Complete module 3 first').first()).toBeVisible()
	})

	test('on a phone (390 × 844, touch): every step by tapping, targets a finger can hit, nothing scrolls sideways', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const phone = await openPhone(newBrowser, javaScriptEnabled)
		await phone.signUp({ name: 'Pat Phone' })
		const { page } = phone
		await followMenuLink(page, 'Programs')
		await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible()
		await expectNoSidewaysScroll(page)
		await page.getByRole('link', { name: 'Leadership Essentials' }).first().tap()
		await expect(page.getByRole('heading', { level: 1, name: 'Leadership Essentials' })).toBeVisible()
		await expectNoSidewaysScroll(page)
		const outline = page.getByRole('region', { name: 'Outline' })
		await expectTappable(outline.getByRole('link'), "the outline's items")
		await expectTappable(page.getByRole('button', { name: 'Start' }), 'Start')
		await page.getByRole('button', { name: 'Start' }).tap()

		await expect(page.getByRole('heading', { level: 1, name: 'What Great Leaders Do Differently' })).toBeVisible()
		await expectNoSidewaysScroll(page)
		const steps = page.getByRole('navigation', { name: 'In this program' })
		await expectTappable(steps.getByRole('link'), "the item's Previous and Next")
		await page.getByRole('button', { name: 'Mark as done' }).tap()
		await expect(page.getByText('Marked as done').first()).toBeVisible()
		await steps.getByRole('link', { name: /^Next/ }).tap()

		await expect(page.getByRole('heading', { level: 1, name: 'Followed, not obeyed' })).toBeVisible()
		await expectNoSidewaysScroll(page)
		await page.getByRole('button', { name: 'Mark as done' }).tap()
		// The button reads "Saving..." while the form is on its way: Next is tapped once the item is saved and
		// the page drawn again, as a member who waits for the answer does (a tap during the save can be lost
		// to the save's own return to this page).
		await expect(page.getByRole('button', { name: /Mark as done|Saving/ })).toHaveCount(0)
		await expect(page.getByRole('main').getByText('Done', { exact: true })).toBeVisible()
		await steps.getByRole('link', { name: /^Next/ }).tap()

		await expect(page.getByRole('heading', { level: 1, name: 'Leadership essentials' })).toBeVisible()
		await expectNoSidewaysScroll(page)
		const choices = page.getByRole('main').locator('label')
		await expectTappable(choices, "the check's choices")
		// A choice is chosen by tapping its words, as a finger does.
		await page
			.getByRole('group', { name: /What does authority alone get you/ })
			.getByText('Compliance')
			.tap()
		await page
			.getByRole('group', { name: /When the team succeeds/ })
			.getByText('To the team')
			.tap()
		await expect(page.getByRole('group', { name: /When the team succeeds/ }).getByLabel('To the team')).toBeChecked()
		await page.getByRole('button', { name: 'Submit answers' }).tap()
		await expect(page.getByRole('heading', { name: 'Passed with 100%' })).toBeVisible()
		await expectNoSidewaysScroll(page)

		await page.getByRole('link', { name: 'Leadership Essentials' }).first().tap()
		await expect(page.getByTestId('program-progress')).toContainText('Completed')
		await page.getByRole('link', { name: 'Your certificate' }).tap()
		await expect(page.getByRole('heading', { level: 1, name: 'Certificate of Completion' })).toBeVisible()
		await expect(page.getByTestId('certificate-name')).toHaveText('Pat Phone')
		await expectNoSidewaysScroll(page)
		await expectTappable(
			page.getByRole('link', { name: /^(Download PDF|Add to LinkedIn)$/ }),
			"the certificate's PDF and LinkedIn links",
		)
	})
})
