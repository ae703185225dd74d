import { expect, startSession, test } from './fixtures'

/**
 * Search across everything (issue 24, product §2 "Search") in the browser,
 * with JavaScript on and off: the top bar's box, the results by kind with
 * the words highlighted, a result that opens the post, a lesson found by
 * the words spoken that starts at their time, and the same on a phone,
 * where the top bar's search is a link to the page's own form.
 */

test.describe('search', () => {
	test('from the top bar: the results by kind, the words highlighted, and a result opens the post', async ({
		page,
		login,
	}) => {
		await login('premium')
		const box = page.getByRole('search', { name: 'Site' }).getByRole('searchbox', { name: 'Search' })
		await box.fill('delegation')
		await box.press('Enter')
		await expect(page).toHaveURL(/\/search\?q=delegation$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
		const discussions = page.getByRole('region', { name: /^Discussions \(\d+\)$/ })
		await expect(discussions).toBeVisible()
		await expect(discussions.locator('mark').first()).toHaveText(/delegation/i)

		await discussions.getByRole('link', { name: 'Delegation: I keep taking the tasks back' }).click()
		await expect(
			page.getByRole('heading', { level: 1, name: 'Delegation: I keep taking the tasks back' }),
		).toBeVisible()
	})

	test('a lesson found by what is said in it starts at the time it is said, for a free member too (a free lesson)', async ({
		page,
		signUp,
	}) => {
		await signUp()
		await page.goto('/search?q=slides&type=lessons')
		await expect(page.getByText(/^\d+ results? for “slides” in Lessons$/)).toBeVisible()
		const result = page
			.getByRole('list', { name: 'Lessons' })
			.getByRole('listitem')
			.filter({ hasText: 'Setting a Clear Direction' })
		await expect(result).toContainText('If it needs slides, it is not clear yet.')
		await result.getByRole('link', { name: 'Setting a Clear Direction' }).click()
		await expect(page).toHaveURL(/\/content-library\/5\?t=711$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Setting a Clear Direction' })).toBeVisible()
	})

	test('on a phone: the top bar leads to the search page, and a result opens', async ({
		newBrowser,
		javaScriptEnabled,
	}) => {
		const phone = await newBrowser({
			viewport: { width: 390, height: 844 },
			hasTouch: true,
			isMobile: true,
			javaScriptEnabled: true,
			appScripts: javaScriptEnabled,
		})
		await startSession(phone, 'premium')
		const { page } = phone
		// The box does not fit beside the rest of the top bar: a link to the page with its own form.
		await expect(page.getByRole('search', { name: 'Site' })).toBeHidden()
		await page.getByRole('banner').getByRole('link', { name: 'Search' }).click()
		await expect(page).toHaveURL(/\/search$/)
		await page.getByRole('searchbox', { name: 'Search everything' }).fill('mentor')
		await page.getByRole('button', { name: 'Search', exact: true }).click()
		await expect(page).toHaveURL(/\/search\?q=mentor$/)
		// A comment's result opens its thread at the comment.
		const post = 'Finding a mentor outside my company'
		await page
			.getByRole('region', { name: /^Discussions/ })
			.getByRole('link', { name: `Comment on “${post}”` })
			.first()
			.click()
		await expect(page).toHaveURL(/\/community\/\d+\/discussions\/\d+#comment-\d+$/)
		await expect(page.getByRole('heading', { level: 1, name: post })).toBeVisible()
		// Nothing on the search page was wider than the phone.
		await page.goBack()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	})
})
