import { uniqueName } from '../setup/unique-name'
import { composer, expectMessageOnce, waitUntilConnected } from './chat-helpers'
import { expect, test } from './fixtures'

test.describe('private messages', () => {
	test('a member finds a contact, writes to them, and only the two of them see it', async ({
		page,
		javaScriptEnabled,
		login,
		newBrowser,
		sendMessage,
	}) => {
		await login('premium')
		await page.goto('/messages')
		await expect(page.getByText('Select a contact')).toBeVisible()
		const contacts = page.getByRole('list', { name: 'Contacts' })
		await expect(contacts.getByText('@premium')).toHaveCount(0)

		const search = page.getByRole('searchbox', { name: 'Search contacts' })
		await search.fill('nobody-by-that-name')
		if (!javaScriptEnabled) await search.press('Enter')
		await expect(page.getByText('No contacts found')).toBeVisible()
		await search.fill('gonz')
		if (!javaScriptEnabled) await search.press('Enter')
		await expect(contacts.getByRole('link')).toHaveCount(1)
		await contacts.getByRole('link', { name: /Maria Gonzalez/ }).click()
		await expect(page).toHaveURL(/userId=\d+/)
		await expect(page.getByRole('heading', { name: 'Maria Gonzalez' })).toBeVisible()

		// Maria is already looking at the conversation, live when JavaScript is on.
		const sameBrowserKind = { javaScriptEnabled }
		const mariasBrowser = await newBrowser(sameBrowserKind)
		const maria = mariasBrowser.page
		await mariasBrowser.login('maria')
		await maria.goto('/messages?q=taylor')
		await maria
			.getByRole('list', { name: 'Contacts' })
			.getByRole('link', { name: /Taylor Brooks/ })
			.click()
		await expect(maria.getByRole('heading', { name: 'Taylor Brooks' })).toBeVisible()
		if (javaScriptEnabled) {
			await waitUntilConnected(maria)
			await waitUntilConnected(page)
		}

		const text = uniqueName('Coffee next week?')
		await sendMessage(page, text)
		await expectMessageOnce(page, text)
		if (!javaScriptEnabled) await maria.reload()
		await expectMessageOnce(maria, text)
		await expect(composer(maria)).toBeVisible()

		// David, looking at his own conversation with Taylor, sees none of it.
		const taylorId = new URL(maria.url()).searchParams.get('userId')
		const davidsBrowser = await newBrowser(sameBrowserKind)
		const david = davidsBrowser.page
		await davidsBrowser.login('david')
		await david.goto(`/messages?userId=${taylorId}`)
		await expect(david.getByRole('heading', { name: 'Taylor Brooks' })).toBeVisible()
		await expect(david.getByText(text)).toHaveCount(0)
		await Promise.all([mariasBrowser.close(), davidsBrowser.close()])
	})
})
