import { type Page } from '@playwright/test'
import { uniqueName } from '../setup/unique-name'
import { startSimulatedTrial } from './billing-helpers'
import { composer, expectMessageOnce, openChat } from './chat-helpers'
import { expect, test } from './fixtures'

/**
 * product §6 "Chat people can correct", "Moderation", "Blocking" and the
 * admin panel's Audit log and Insights, as people use them, with JavaScript
 * on and off. Every person here is a fresh sign-up (or the demo moderator
 * and admin, who are only read), so parallel tests never mute or block
 * someone another test relies on.
 */

// Each test signs people up, starts trials and drives two or three browsers.
test.describe.configure({ timeout: 90_000 })

/** Opens the menu of the message with this text and follows one of its entries. */
async function messageMenu(page: Page, text: string, entry: string) {
	const item = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text })
	await item.locator('summary').click()
	await item.getByRole(entry === 'Delete' ? 'button' : 'link', { name: entry, exact: true }).click()
}

/** A fresh member with a running (simulated) trial, so they may post in rooms. */
async function premiumSignUp(
	signUp: (details?: { name?: string }) => Promise<{ name: string; username: string }>,
	page: Page,
	name: string,
) {
	const member = await signUp({ name })
	await startSimulatedTrial(page)
	return member
}

test.describe('chat people can correct', () => {
	test('an author edits a message (it shows (edited)) and deletes another (Message deleted), and a live reader sees both', async ({
		page,
		javaScriptEnabled,
		signUp,
		liveBrowser,
		sendMessage,
	}) => {
		await premiumSignUp(signUp, page, uniqueName('Editing Author'))
		const reader = await liveBrowser('maria')
		await openChat(reader.page, '/community/3')
		await openChat(page, '/community/3', { live: javaScriptEnabled })

		const draft = uniqueName('Teh plan')
		await sendMessage(page, draft)
		await expectMessageOnce(page, draft)
		await messageMenu(page, draft, 'Edit')
		const edited = draft.replace('Teh plan', 'The plan')
		await page.getByLabel('New text').fill(edited)
		await page.getByRole('button', { name: 'Save' }).click()
		await expectMessageOnce(page, edited)
		await expect(
			page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: edited }),
		).toContainText('(edited)')
		await expectMessageOnce(reader.page, edited)

		const mistake = uniqueName('Wrong room')
		await sendMessage(page, mistake)
		await expectMessageOnce(page, mistake)
		await messageMenu(page, mistake, 'Delete')
		await expect(page.getByText(mistake)).toHaveCount(0)
		await expect(reader.page.getByText(mistake)).toHaveCount(0)
		await expect(reader.page.getByText('Message deleted').first()).toBeVisible()
	})
})

test.describe('moderation', () => {
	test('a member reports a message, a moderator mutes its author from the queue, and the author is told why instead of the composer', async ({
		page,
		javaScriptEnabled,
		signUp,
		newBrowser,
		sendMessage,
	}) => {
		const browserKind = { javaScriptEnabled }
		const authorBrowser = await newBrowser(browserKind)
		const authorName = uniqueName('Loud Author')
		await premiumSignUp(authorBrowser.signUp, authorBrowser.page, authorName)
		await openChat(authorBrowser.page, '/community/3', { live: javaScriptEnabled })
		const offending = uniqueName('You are all idiots')
		await sendMessage(authorBrowser.page, offending)
		await expectMessageOnce(authorBrowser.page, offending)

		// Someone reports it.
		await signUp({ name: uniqueName('Careful Reader') })
		await openChat(page, '/community/3', { live: false })
		await messageMenu(page, offending, 'Report')
		const form = page.getByRole('form', { name: 'Report message' })
		await form.getByRole('button', { name: 'Send report' }).click()
		await expect(form.getByText('reason must be one of')).toBeVisible()
		await form.getByLabel('Harassment').check()
		await form.getByLabel('Details').fill('Insulting the whole room')
		await form.getByRole('button', { name: 'Send report' }).click()
		await expect(page.getByTestId('toast').filter({ hasText: 'Report sent' })).toBeVisible()

		// The moderator finds it in the queue and mutes the author for an hour.
		const moderatorBrowser = await newBrowser(browserKind)
		await moderatorBrowser.login('moderator')
		const moderator = moderatorBrowser.page
		await moderator.getByRole('link', { name: /^Moderation/ }).click()
		// Found by its heading (reason, author, room): the message itself may also show as context in another test's report.
		const reportHeading = `Harassment: ${authorName} in Women in Leadership`
		const report = moderator
			.getByRole('list', { name: 'Open reports' })
			.getByRole('listitem')
			.filter({ hasText: reportHeading })
		await expect(report).toContainText(offending)
		await expect(report).toContainText('Insulting the whole room')
		await report.getByLabel('Mute for').selectOption({ label: '1 hour' })
		await report.getByRole('button', { name: `Mute author ${authorName}` }).click()
		await expect(moderator.getByTestId('toast').filter({ hasText: 'Author muted' })).toBeVisible()
		await expect(
			moderator.getByRole('list', { name: 'Open reports' }).getByRole('listitem').filter({ hasText: reportHeading }),
		).toHaveCount(0)
		await moderator.getByRole('link', { name: 'Resolved' }).click()
		await expect(
			moderator
				.getByRole('list', { name: 'Resolved reports' })
				.getByRole('listitem')
				.filter({ hasText: reportHeading }),
		).toContainText('Author muted (1 hour) by Jordan Lee')
		await expect(moderator.getByRole('table', { name: 'Muted members' })).toContainText(authorName)

		// The author's room says why; with JavaScript the open page learns it at once.
		if (!javaScriptEnabled) await authorBrowser.page.reload()
		await expect(authorBrowser.page.getByText(/^You are muted until /)).toBeVisible()
		await expect(authorBrowser.page.getByText(/Reason: Reported for harassment/)).toBeVisible()
		await expect(composer(authorBrowser.page)).toHaveCount(0)
	})

	test('a moderator removes a message from the room itself: everyone sees “Removed by a moderator”', async ({
		page,
		javaScriptEnabled,
		login,
		newBrowser,
		sendMessage,
	}) => {
		const authorBrowser = await newBrowser({ javaScriptEnabled })
		await premiumSignUp(authorBrowser.signUp, authorBrowser.page, uniqueName('Spammy Author'))
		await openChat(authorBrowser.page, '/community/3', { live: javaScriptEnabled })
		const spam = uniqueName('Cheap watches here')
		await sendMessage(authorBrowser.page, spam)
		await expectMessageOnce(authorBrowser.page, spam)

		await login('moderator')
		await openChat(page, '/community/3', { live: javaScriptEnabled })
		await messageMenu(page, spam, 'Delete')
		await expect(page.getByText(spam)).toHaveCount(0)
		if (!javaScriptEnabled) await authorBrowser.page.reload()
		await expect(authorBrowser.page.getByText(spam)).toHaveCount(0)
		await expect(authorBrowser.page.getByText('Removed by a moderator').first()).toBeVisible()
	})
})

test.describe('blocking', () => {
	test('a member blocks another from a conversation; the blocked one cannot write; unblocking from the profile', async ({
		page,
		javaScriptEnabled,
		signUp,
		newBrowser,
	}) => {
		const me = await signUp({ name: uniqueName('Blocking Barbara') })
		const pestBrowser = await newBrowser({ javaScriptEnabled })
		const pest = await pestBrowser.signUp({ name: uniqueName('Pesky Pat') })

		await page.goto(`/messages?q=${pest.username}`)
		await page
			.getByRole('list', { name: 'Contacts' })
			.getByRole('link', { name: new RegExp(pest.name) })
			.click()
		await expect(page.getByRole('heading', { name: pest.name })).toBeVisible()
		await page.getByRole('button', { name: `Block ${pest.name}` }).click()
		await expect(page.getByTestId('toast').filter({ hasText: 'Member blocked' })).toBeVisible()
		await expect(page.getByText('You have blocked this member. Unblock them to send a message.')).toBeVisible()
		await expect(composer(page)).toHaveCount(0)
		await page.goto(`/messages?q=${pest.username}`)
		await expect(page.getByText('No contacts found')).toBeVisible()

		await pestBrowser.page.goto(`/messages?q=${me.username}`)
		await pestBrowser.page
			.getByRole('list', { name: 'Contacts' })
			.getByRole('link', { name: new RegExp(me.name) })
			.click()
		await expect(pestBrowser.page.getByText('You cannot message this member')).toBeVisible()
		await expect(composer(pestBrowser.page)).toHaveCount(0)

		await page.goto('/profile?tab=blocked')
		await expect(page.getByRole('list', { name: 'Blocked members' })).toContainText(pest.name)
		await page.getByRole('button', { name: `Unblock ${pest.name}` }).click()
		await expect(page.getByText('You have not blocked anyone.')).toBeVisible()
		await pestBrowser.page.reload()
		await expect(composer(pestBrowser.page)).toBeVisible()
	})
})

test.describe('the admin panel’s insight', () => {
	test('Insights draws its charts (without JavaScript too) with their figures in tables; content managers see no revenue', async ({
		page,
		login,
		newBrowser,
		javaScriptEnabled,
	}) => {
		await login('admin')
		await page.goto('/admin?tab=insights')
		for (const chart of [
			'New members per week',
			'Members by subscription status',
			'Trials, conversions and churn per month',
			'Completion rate per lesson',
			'Room messages per week',
		]) {
			await expect(page.getByRole('img', { name: chart })).toBeVisible()
			await expect(page.getByRole('table', { name: chart })).toBeAttached()
		}
		await expect(page.getByText('Monthly recurring revenue')).toBeVisible()

		const managerBrowser = await newBrowser({ javaScriptEnabled })
		await managerBrowser.login('manager')
		await managerBrowser.page.goto('/admin?tab=insights')
		await expect(managerBrowser.page.getByRole('img', { name: 'New members per week' })).toBeVisible()
		await expect(managerBrowser.page.getByText('Monthly recurring revenue')).toHaveCount(0)
	})

	test('the audit log filters by what happened', async ({ page, login }) => {
		await login('admin')
		await page.goto('/admin')
		await page.getByRole('link', { name: 'Audit log' }).click()
		await page.getByLabel('What').selectOption({ label: 'Role changed' })
		await page.getByRole('button', { name: 'Filter' }).click()
		await expect(page).toHaveURL(/kind=user\.role_changed/)
		const table = page.getByRole('table', { name: 'Audit log' })
		await expect(table).toContainText('Changed the role of Jordan Lee from member to moderator')
		await expect(table).not.toContainText('Added video')
	})
})
