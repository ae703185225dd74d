import { expect, test } from '@playwright/test'
import { composer, expectMessageOnce, sendMessage, waitUntilConnected } from './chat-helpers'
import { jsEnabled, logIn, uniqueName } from './helpers'

test.describe('private messages', () => {
	test('a member finds a contact, writes to them, and only the two of them see it', async ({ page, browser }, testInfo) => {
		await logIn(page, 'premium')
		await page.goto('/messages')
		await expect(page.getByText('Select a contact')).toBeVisible()
		const contacts = page.getByRole('list', { name: 'Contacts' })
		await expect(contacts.getByText('@premium')).toHaveCount(0)

		const search = page.getByRole('searchbox', { name: 'Search contacts' })
		await search.fill('nobody-by-that-name')
		if (!jsEnabled(testInfo)) await search.press('Enter')
		await expect(page.getByText('No contacts found')).toBeVisible()
		await search.fill('gonz')
		if (!jsEnabled(testInfo)) await search.press('Enter')
		await expect(contacts.getByRole('link')).toHaveCount(1)
		await contacts.getByRole('link', { name: /Maria Gonzalez/ }).click()
		await expect(page).toHaveURL(/userId=\d+/)
		await expect(page.getByRole('heading', { name: 'Maria Gonzalez' })).toBeVisible()

		// Maria is already looking at the conversation, live when JavaScript is on.
		const sameBrowserKind = { baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo) }
		const mariaContext = await browser.newContext(sameBrowserKind)
		const maria = await mariaContext.newPage()
		await logIn(maria, 'maria')
		await maria.goto('/messages?q=taylor')
		await maria.getByRole('list', { name: 'Contacts' }).getByRole('link', { name: /Taylor Brooks/ }).click()
		await expect(maria.getByRole('heading', { name: 'Taylor Brooks' })).toBeVisible()
		if (jsEnabled(testInfo)) {
			await waitUntilConnected(maria)
			await waitUntilConnected(page)
		}

		const text = uniqueName('Coffee next week?')
		await sendMessage(page, text, testInfo)
		await expectMessageOnce(page, text)
		if (!jsEnabled(testInfo)) await maria.reload()
		await expectMessageOnce(maria, text)
		await expect(composer(maria)).toBeVisible()

		// David, looking at his own conversation with Taylor, sees none of it.
		const taylorId = new URL(maria.url()).searchParams.get('userId')
		const davidContext = await browser.newContext(sameBrowserKind)
		const david = await davidContext.newPage()
		await logIn(david, 'david')
		await david.goto(`/messages?userId=${taylorId}`)
		await expect(david.getByRole('heading', { name: 'Taylor Brooks' })).toBeVisible()
		await expect(david.getByText(text)).toHaveCount(0)
		await Promise.all([mariaContext.close(), davidContext.close()])
	})
})
