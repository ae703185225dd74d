import { uniqueName } from '../setup/unique-name'
import { composer, expectMessageOnce, interruptibleChat, openChat, waitUntilConnected } from './chat-helpers'
import { expect, test } from './fixtures'
import { holdBackPartModule } from './part-helpers'

test.describe('community rooms', () => {
	test('a member finds a community and joins its discussion', async ({ page, login }) => {
		await login('david')
		await page.goto('/community')
		await expect(page.getByRole('heading', { name: 'Executive Leadership' })).toBeVisible()
		await page.getByRole('link', { name: 'Join Discussion: New Managers' }).click()
		await expect(page).toHaveURL(/\/community\/2$/)
		await expect(page.getByRole('heading', { level: 1, name: 'New Managers' })).toBeVisible()
		const members = page.getByRole('list', { name: 'Community Members' })
		await expect(members.getByText('Alex Morgan')).toBeVisible()
		await expect(members.getByText('Admin', { exact: true })).toBeVisible()
		// The list is paged by name and grows with every member the other tests sign up: the admin,
		// first by name, stays on its first page.
		await members.getByRole('link', { name: 'Message Alex Morgan' }).click()
		await expect(page).toHaveURL(/\/messages\?userId=\d+$/)
		await expect(page.getByRole('heading', { name: 'Alex Morgan' })).toBeVisible()
	})

	test("in high contrast a message's menu and a member's Message link keep the link colour the system gives them (decision 245)", async ({
		page,
		login,
	}) => {
		await login('david')
		await page.emulateMedia({ forcedColors: 'active' })
		await page.goto('/community/1')
		await expect(page.getByRole('list', { name: 'Messages' }).locator('summary').first()).toBeVisible()
		// The icons are drawn by the controls' classes (a masked ::before), so they must name a system colour themselves.
		const colours = await page.evaluate(() => {
			const iconColour = (selector: string) =>
				getComputedStyle(document.querySelector(selector)!, '::before').backgroundColor
			return {
				menuDots: iconColour('summary.chat-menu-button'),
				messageIcon: iconColour('a.member-row-action'),
				link: getComputedStyle(document.querySelector('a.member-row-action')!).color,
			}
		})
		expect(colours.menuDots).toBe(colours.link)
		expect(colours.messageIcon).toBe(colours.link)
	})

	test('a free member reads the room but is offered Premium instead of a message box', async ({ page, signUp }) => {
		// A fresh account is sure to be free, whatever other tests do to the demo accounts.
		await signUp()
		await page.goto('/community/1')
		await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()).toBeVisible()
		await expect(page.getByText('Read Only')).toBeVisible()
		const premiumFeature = page.getByRole('region', { name: 'Premium Feature' })
		await expect(premiumFeature).toBeVisible()
		await expect(premiumFeature.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe')
		await expect(composer(page)).toHaveCount(0)
	})

	test('two members chat live: typing shows, Enter sends, Shift+Enter adds a line, each message shows once', async ({
		page,
		javaScriptEnabled,
		login,
		liveBrowser,
		sendMessage,
	}) => {
		test.skip(!javaScriptEnabled, 'live chat needs JavaScript')
		await login('maria')
		const david = await liveBrowser('david')
		await openChat(page, '/community/1')
		await openChat(david.page, '/community/1')

		// Whitespace alone is not sent.
		await composer(page).fill('   ')
		await composer(page).press('Enter')
		await expect(composer(page)).toHaveValue('   ')

		const first = uniqueName('First line')
		await composer(page).fill(first)
		await expect(david.page.getByText('Maria Gonzalez is typing...')).toBeVisible()
		await composer(page).press('Shift+Enter')
		await composer(page).pressSequentially('second line')
		await expect(composer(page)).toHaveValue(`${first}\nsecond line`)
		await composer(page).press('Enter')

		await expect(composer(page)).toHaveValue('')
		await expectMessageOnce(david.page, `${first}\nsecond line`)
		await expectMessageOnce(page, `${first}\nsecond line`)
		await expect(david.page.getByText('Maria Gonzalez is typing...')).toBeHidden()

		const reply = uniqueName('Reply from David')
		await sendMessage(david.page, reply)
		await expectMessageOnce(page, reply)
		await david.close()
	})

	test('a dropped connection is restored without losing or doubling a message', async ({
		page,
		javaScriptEnabled,
		login,
		liveBrowser,
		sendMessage,
	}) => {
		test.skip(!javaScriptEnabled, 'live chat needs JavaScript')
		await login('david')
		const connection = await interruptibleChat(page)
		const maria = await liveBrowser('maria')
		await openChat(page, '/community/3')
		await openChat(maria.page, '/community/3')

		const before = uniqueName('Before the drop')
		await sendMessage(maria.page, before)
		await expectMessageOnce(page, before)

		await connection.drop()
		await expect(page.getByText('Failed to connect to chat service')).toBeVisible({ timeout: 15_000 })
		await sendMessage(page, 'Can anyone hear me?')
		await expect(page.getByText('You are not connected to the chat service')).toBeVisible()
		const missed = uniqueName('Sent while David was away')
		await sendMessage(maria.page, missed)
		await expectMessageOnce(maria.page, missed)

		await connection.restore()
		await waitUntilConnected(page, 15_000)
		await expectMessageOnce(page, missed)
		await expectMessageOnce(page, before)
		const after = uniqueName('After the drop')
		await sendMessage(maria.page, after)
		await expectMessageOnce(page, after)
		await maria.close()
	})

	test('without JavaScript the form posts the message, which reaches a live reader at once', async ({
		page,
		javaScriptEnabled,
		login,
		liveBrowser,
		sendMessage,
	}) => {
		test.skip(javaScriptEnabled, 'this is the no-JavaScript path')
		await login('manager')
		const reader = await liveBrowser('moderator')
		await openChat(reader.page, '/community/2')
		await page.goto('/community/2')
		await expect(page.getByText('Reload the page to see new messages')).toBeVisible()

		const text = uniqueName('Posted without JavaScript')
		await sendMessage(page, text)
		await expect(page).toHaveURL(/\/community\/2$/)
		await expectMessageOnce(page, text)
		await expectMessageOnce(reader.page, text)

		await sendMessage(page, '   ')
		await expect(page.getByText('Message cannot be empty')).toBeVisible()
		await reader.close()
	})
})

test.describe('the composer as a part with its own code', () => {
	// The service worker would answer the part's module from its cache, out of page.route's reach.
	test.use({ serviceWorkers: 'block' })

	test('the room is live while the composer’s code is still coming, and the composer hydrates in place, keeping what was typed', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		test.skip(!javaScriptEnabled, 'The composer loads its own code only with JavaScript (decision 254)')
		await login('maria')
		const release = await holdBackPartModule(page, 'composer')
		// The rest of the panel hydrated and connected; the composer is the server's, without its Enter hint.
		await openChat(page, '/community/1')
		await expect(composer(page)).toBeVisible()
		await expect(page.getByText('Enter to send, Shift+Enter for a new line')).toBeHidden()
		await composer(page).evaluate((box) => box.setAttribute('data-drawn-by', 'server'))
		// What is typed meanwhile stays in the box when it hydrates.
		const text = uniqueName('Typed before the composer hydrated')
		await composer(page).fill(text)

		release()
		await expect(page.getByText('Enter to send, Shift+Enter for a new line')).toBeVisible()
		await expect(composer(page)).toHaveAttribute('data-drawn-by', 'server')
		await expect(composer(page)).toHaveValue(text)
		await composer(page).press('Enter')
		await expect(composer(page)).toHaveValue('')
		await expectMessageOnce(page, text)
	})
})
