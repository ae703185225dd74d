import { uniqueName } from '../setup/unique-name'
import { startSimulatedTrial } from './billing-helpers'
import { expect, test } from './fixtures'

/**
 * Issue 24 in the browser, with JavaScript on and off: a Premium member
 * writes a post, comments, replies and reacts; a free member reads and is
 * offered Premium; members join and leave communities and find each other
 * in the directory.
 */

test.describe('discussions', () => {
	test('a Premium member writes a post, comments on it, replies and reacts; the list shows it', async ({
		page,
		signUp,
	}) => {
		await signUp({ name: 'Dana Discussant' })
		await startSimulatedTrial(page)
		await page.goto('/community/2')
		await page.getByRole('link', { name: 'Read the discussions' }).click()
		await expect(page).toHaveURL(/\/community\/2\/discussions$/)
		await expect(page.getByRole('heading', { level: 1, name: 'New Managers: Discussions' })).toBeVisible()
		// The demo's pinned welcome post is on top.
		const list = page.getByRole('list', { name: 'Discussions in New Managers' })
		await expect(list.getByRole('listitem').first()).toContainText('Pinned')

		const title = uniqueName('How do you run a retro')
		const form = page.getByRole('form', { name: 'Start a discussion' })
		await form.getByLabel('Title').fill(title)
		await form.getByLabel('Post').fill('We tried **start, stop, continue**. What works for you?')
		await form.getByRole('button', { name: 'Publish' }).click()

		await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
		await expect(page.getByText('Post published')).toBeVisible()
		await expect(page.locator('.rich-text strong')).toHaveText('start, stop, continue')
		// The author follows their own post.
		await expect(page.getByRole('button', { name: 'Following' })).toBeVisible()

		await page
			.getByRole('form', { name: 'Add a comment' })
			.getByLabel('Add a comment')
			.fill('Ours is 30 minutes, every two weeks.')
		await page.getByRole('button', { name: 'Comment', exact: true }).click()
		const comment = page.getByRole('article', { name: 'Comment by Dana Discussant' })
		await expect(comment).toContainText('Ours is 30 minutes, every two weeks.')

		await comment.locator('summary').click()
		await comment.getByRole('link', { name: 'Reply' }).click()
		await page.getByLabel('Your reply to Dana Discussant').fill('And we rotate who runs it.')
		await page.getByRole('button', { name: 'Reply', exact: true }).click()
		await expect(page.getByRole('list', { name: 'Replies to Dana Discussant' })).toContainText(
			'And we rotate who runs it.',
		)

		await page.getByRole('button', { name: 'Insightful 0, on the post' }).click()
		await expect(page.getByRole('button', { name: 'Insightful 1, on the post' })).toHaveAttribute(
			'aria-pressed',
			'true',
		)
		await page.getByText('Who reacted').click()
		await expect(page.getByText('Insightful: Dana Discussant')).toBeVisible()

		await page.getByRole('link', { name: '← New Managers discussions' }).click()
		const item = page.getByRole('listitem').filter({ hasText: title })
		await expect(item).toContainText('2 comments · 1 reaction')
	})

	test('a free member reads the discussions and is offered Premium instead of the forms', async ({ page, signUp }) => {
		await signUp()
		await page.goto('/community/1/discussions')
		await expect(page.getByRole('region', { name: 'Premium Feature' })).toBeVisible()
		await expect(page.getByRole('form', { name: 'Start a discussion' })).toHaveCount(0)
		await page.getByRole('link', { name: 'How do you prepare for a board meeting without drowning in slides?' }).click()
		await expect(page.locator('.rich-text').first()).toContainText('two weeks')
		await expect(page.getByRole('region', { name: 'Premium Feature' })).toBeVisible()
		await expect(page.getByRole('button', { name: /^Like \d+, on the post/ })).toHaveCount(0)
	})
})

test.describe('communities members join', () => {
	test('a member leaves and joins communities; "Your Communities" follows', async ({ page, signUp }) => {
		await signUp()
		await page.goto('/community')
		await expect(
			page.getByRole('listitem').filter({ hasText: 'New Managers' }).getByText('Member', { exact: true }),
		).toBeVisible()
		await page.getByRole('button', { name: 'Leave New Managers' }).click()
		await expect(page.getByText('New Managers is no longer one of your communities.')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Join New Managers' })).toBeVisible()
		await page.getByRole('button', { name: 'Join Remote Team Leaders' }).click()
		await expect(page.getByText('Remote Team Leaders is one of your communities now.')).toBeVisible()
		await page.goto('/dashboard')
		const sidebar = page.locator('#app-sidebar')
		await expect(sidebar.getByRole('link', { name: 'Remote Team Leaders' })).toBeVisible()
		await expect(sidebar.getByRole('link', { name: 'New Managers' })).toHaveCount(0)
	})

	test('the member directory finds leaders by interest, and the card shows what they share', async ({
		page,
		signUp,
	}) => {
		await signUp()
		await page.goto('/members')
		const search = page.getByRole('search', { name: 'Search the members' })
		await search.getByLabel('Search').fill('healthcare')
		await search.getByRole('button', { name: 'Search' }).click()
		const found = page.getByRole('list', { name: 'Members' })
		await expect(found.getByRole('link', { name: 'Maria Gonzalez' })).toBeVisible()
		await found.getByRole('link', { name: 'Maria Gonzalez' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Maria Gonzalez' })).toBeVisible()
		await expect(page.getByText('VP of Operations, mentor for new managers', { exact: true })).toBeVisible()
		await expect(page.getByRole('list', { name: 'Communities in common' })).toContainText('New Managers')
		await expect(page.getByRole('main').getByRole('link', { name: 'Message', exact: true })).toBeVisible()
	})
})
