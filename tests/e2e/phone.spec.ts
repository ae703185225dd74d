import { type Page } from '@playwright/test'
import { uniqueName } from '../setup/unique-name'
import { composer, expectMessageOnce, waitUntilConnected } from './chat-helpers'
import { expect, test } from './fixtures'
import { PHONE, expectTappable, followMenuLink, openPhone, phoneAs } from './phone-helpers'

/**
 * Issue 28, "What a phone user met" (findings 15 to 25): the app as a phone
 * shows it, 390 × 844 CSS pixels with a touch screen, with JavaScript on and
 * off. Checks that measure the page run in it, so the JS-off project draws
 * pages without the app's scripts in a browser whose JavaScript stays on (see
 * fixtures.ts, withoutAppScripts).
 */

/** The member layout's sticky top bar (components/layout/top-bar.tsx, h-16). */
const TOP_BAR_HEIGHT = 64

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

async function scrollPageTo(page: Page, y: number) {
	await page.evaluate((top) => window.scrollTo(0, top), y)
	await expect.poll(() => scrollY(page)).toBe(y)
}

/** The page opened at its top: nothing scrolled, its heading in sight below the sticky top bar. */
async function expectOpenedAtTop(page: Page, heading: string | RegExp) {
	const title = page.getByRole('heading', { level: 1, name: heading })
	await expect(title).toBeVisible()
	expect(await scrollY(page), 'the page opened scrolled down').toBe(0)
	const box = (await title.boundingBox())!
	expect(box.y).toBeGreaterThanOrEqual(TOP_BAR_HEIGHT)
	await expect(title).toBeInViewport({ ratio: 1 })
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

test.describe('15: a page reached by a link opens at its top', () => {
	test('from a scrolled room and a scrolled dashboard the next page starts at its top, and Back returns to the place', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		// A page that runs the app's JavaScript (the room), scrolled well down, then a link.
		await page.goto('/community/1')
		if (javaScriptEnabled) await waitUntilConnected(page)
		await scrollPageTo(page, 667)
		await followMenuLink(page, 'Events')
		await expect(page).toHaveURL(/\/events$/)
		await expectOpenedAtTop(page, 'Events')
		await followMenuLink(page, 'Community')
		await expectOpenedAtTop(page, 'Community')

		// A page without JavaScript of its own, reached by a link from one with it (the dashboard after the login).
		await followMenuLink(page, 'Dashboard')
		await expectOpenedAtTop(page, /^Welcome back/)
		await scrollPageTo(page, 500)
		await followMenuLink(page, 'Resources')
		await expectOpenedAtTop(page, 'Resources')
		await page.goBack()
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeAttached()
		await expect.poll(() => scrollY(page), 'Back did not return to where the reader was').toBe(500)
	})

	test('an address with a #hash opens at its target, below the top bar', async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'member')
		await followMenuLink(page, 'Events')
		await expectOpenedAtTop(page, 'Events')
		// The RSVP form comes back to /events#event-{id}; pressed without scrolling to it first (a script's click).
		await page
			.getByRole('button', { name: 'RSVP: Strategy Masterclass' })
			.evaluate((button: HTMLElement) => button.click())
		await expect(page).toHaveURL(/\/events#event-\d+$/)
		const card = page.locator('li[id^="event-"]').filter({ hasText: 'Strategy Masterclass' })
		await expect(card.getByRole('button', { name: 'Cancel RSVP: Strategy Masterclass' })).toBeInViewport()
		expect((await card.boundingBox())!.y).toBeGreaterThanOrEqual(TOP_BAR_HEIGHT)
	})
})

test.describe('16 and 17: each event has a page of its own', () => {
	test("the dashboard's events lead to their own pages", async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		// The premium member is going to the next two events (app/demo/data.server.ts); the dashboard shows both.
		for (const link of ['Going: Feedback Skills Workshop', 'Feedback Skills Workshop']) {
			await page.goto('/dashboard')
			await page.getByRole('main').getByRole('link', { name: link, exact: true }).click()
			await expect(page).toHaveURL(/\/events\/\d+$/)
			await expectOpenedAtTop(page, link.replace('Going: ', ''))
		}
	})

	test("an event's page says what, when, where and who, and takes the RSVP", async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const phone = await openPhone(newBrowser, javaScriptEnabled)
		await phone.signUp({ name: 'Robin Planner' })
		const { page } = phone
		await page.goto('/events')
		await page.getByRole('link', { name: 'Women in Leadership Meetup', exact: true }).click()
		await expect(page).toHaveURL(/\/events\/\d+$/)
		const eventPath = new URL(page.url()).pathname
		await expectOpenedAtTop(page, 'Women in Leadership Meetup')
		const main = page.getByRole('main')
		await expect(main.getByText('An evening of stories and networking.')).toBeVisible()
		await expect(main.getByText('London, UK')).toBeVisible()
		await expect(main.getByText(/^Times are shown in (UTC|your time zone)/)).toBeVisible()
		const going = main.getByRole('region', { name: 'Who is going' })
		await expect(going.getByText('Robin Planner')).toHaveCount(0)
		await expect(main.getByRole('link', { name: 'Add to calendar: Women in Leadership Meetup' })).toHaveAttribute(
			'href',
			`${eventPath}/calendar.ics`,
		)

		await main.getByRole('button', { name: 'RSVP: Women in Leadership Meetup' }).click()
		await expect(page).toHaveURL(new RegExp(`${eventPath}$`))
		await expect(main.getByRole('button', { name: 'Cancel RSVP: Women in Leadership Meetup' })).toBeVisible()
		await expect(main.getByText('Happens at: London, UK')).toBeVisible()
		await expect(going.getByRole('link', { name: 'Robin Planner' })).toBeVisible()
		await main.getByRole('button', { name: 'Cancel RSVP: Women in Leadership Meetup' }).click()
		await expect(main.getByRole('button', { name: 'RSVP: Women in Leadership Meetup' })).toBeVisible()
		await expect(going.getByText('Robin Planner')).toHaveCount(0)

		// A past event with a recording: Replay, and no RSVP.
		await page.goto('/events?tab=past')
		await page.getByRole('link', { name: 'Quarterly Strategy Review (Replay)', exact: true }).click()
		await expectOpenedAtTop(page, 'Quarterly Strategy Review (Replay)')
		await expect(main.getByRole('button', { name: /RSVP/ })).toHaveCount(0)
		await main.getByRole('link', { name: 'Replay: Quarterly Strategy Review (Replay)' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Setting a Clear Direction' })).toBeVisible()

		// '← All events' leads back to the list; an unknown event is the not-found page.
		await page.goto(eventPath)
		await main.getByRole('link', { name: 'All events' }).click()
		await expect(page).toHaveURL(/\/events$/)
		const missing = await page.goto('/events/99999')
		expect(missing?.status()).toBe(404)
	})
})

test.describe("18: the phone menu's backdrop", () => {
	test('a tap beside the open drawer closes it, on a page without JavaScript of its own too', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		const navigation = page.getByRole('navigation', { name: 'Main navigation' })
		// /events ships no JavaScript: opened from its address, none of the app's scripts runs.
		for (const path of ['/events', '/messages']) {
			await page.goto(path)
			await page.getByText('Menu', { exact: true }).click()
			await expect(navigation).toBeVisible()
			// The drawer opens from the right (decision 234): the backdrop is on the left.
			await page.touchscreen.tap(20, PHONE.viewport.height / 2)
			await expect(navigation, `the backdrop did not close the menu on ${path}`).toBeHidden()
			await expect(page).toHaveURL(new RegExp(`${path}$`))
		}
	})
})

test.describe('19: chat on a touch screen', () => {
	test('Enter starts a new line and Send sends; no keyboard hint', async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		await page.goto('/community/3')
		if (javaScriptEnabled) await waitUntilConnected(page)
		const first = uniqueName('First line')
		await composer(page).fill(first)
		await composer(page).press('Enter')
		await composer(page).pressSequentially('second line')
		await expect(composer(page)).toHaveValue(`${first}\nsecond line`)
		await expect(page.getByText('Enter to send, Shift+Enter for a new line')).toHaveCount(0)
		await page.getByRole('button', { name: 'Send' }).click()
		await expectMessageOnce(page, `${first}\nsecond line`)
	})
})

test.describe('20: targets large enough to tap', () => {
	test('the links and controls the review measured are at least 24 × 24 pixels', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const phone = await openPhone(newBrowser, javaScriptEnabled)
		const { page } = phone
		await page.goto('/')
		await expectTappable(page.getByRole('contentinfo').getByRole('link'), "the landing page's footer links")

		await phone.login('premium')
		// Measured once loaded: the login lands here as soon as the address changes, its stylesheet maybe still on the way.
		await page.goto('/dashboard')
		await expectTappable(
			page.getByRole('main').getByRole('link', { name: /^(View all|View library|See all|Browse the library)/ }),
			"the dashboard's links to the lists",
		)
		await page.goto('/events')
		await expectTappable(page.getByRole('link', { name: /^Add to calendar/ }), "the events' Add to calendar links")
		await page.goto('/content-library/3')
		await expectTappable(page.getByRole('link', { name: 'Back to Library' }), 'Back to Library')
		if (javaScriptEnabled) {
			await page.getByRole('button', { name: 'Play' }).first().click()
			await expectTappable(page.getByRole('slider', { name: 'Seek' }), "the player's seek bar")
		}
		await page.goto('/messages?userId=6')
		await expectTappable(
			page.getByRole('heading', { name: 'Maria Gonzalez' }).getByRole('link', { name: 'Maria Gonzalez' }),
			"the conversation's name",
		)
	})
})

/** The text fields of the page, with their font size where it is under 16 px. */
function smallTextFields(page: Page) {
	return page.evaluate(() => {
		const notText = new Set(['checkbox', 'radio', 'range', 'hidden', 'submit', 'button', 'file', 'color', 'image'])
		return [...document.querySelectorAll<HTMLInputElement>('input, textarea, select')]
			.filter((field) => !notText.has(field.type) && field.getBoundingClientRect().width > 0)
			.map((field) => ({
				field: field.name || field.id || field.type,
				size: parseFloat(getComputedStyle(field).fontSize),
			}))
			.filter(({ size }) => size < 16)
			.map(({ field, size }) => `${field}: ${size}px`)
	})
}

test.describe('21: text fields that iOS does not zoom into', () => {
	test('every text field is at least 16 px on a phone', async ({ javaScriptEnabled, newBrowser }) => {
		test.setTimeout(90_000)
		const phone = await openPhone(newBrowser, javaScriptEnabled)
		const { page } = phone
		const small: string[] = []
		async function check(path: string) {
			await page.goto(path)
			await page.waitForLoadState('load')
			for (const line of await smallTextFields(page)) small.push(`${path} ${line}`)
		}
		for (const path of ['/auth', '/auth?tab=signup', '/contact', '/forgot-password']) await check(path)
		await phone.login('admin')
		for (const path of [
			'/community/1',
			'/messages?userId=6',
			'/content-library',
			'/resources',
			'/profile',
			'/profile?tab=password',
			'/profile?tab=account',
			'/admin',
			'/admin/events/new',
			'/admin/videos/new',
			'/admin/users/4/role',
		])
			await check(path)
		expect(small, small.join('\n')).toEqual([])
	})
})

test.describe('22 and 23: the administration panel on a phone', () => {
	test('each row of a table shows whose it is beside its actions, without scrolling sideways', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'admin')
		for (const [path, who, action] of [
			['/admin?tab=users', 'David Kim', 'Delete David Kim'],
			['/admin?tab=events', 'Annual Leadership Summit', 'Delete Annual Leadership Summit'],
			['/admin?tab=content', 'What Great Leaders Do Differently', 'Delete What Great Leaders Do Differently'],
		] as const) {
			await page.goto(path)
			const row = page.getByRole('row').filter({ hasText: who })
			const remove = row.getByRole('link', { name: action })
			await remove.scrollIntoViewIfNeeded()
			await expect(remove, `${action} is out of reach`).toBeInViewport({ ratio: 1 })
			await expect(row.getByText(who, { exact: true }).first()).toBeInViewport({ ratio: 1 })
			const table = page.getByRole('table')
			const sideways = await table.evaluate((element) => {
				const frame = element.parentElement!
				return frame.scrollWidth - frame.clientWidth
			})
			expect(sideways, `${path}: the table scrolls sideways`).toBeLessThanOrEqual(0)
		}
	})

	test('a dialog fits the screen with its submit in reach, never disabled, and a refusal shows the first field to fix', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'admin')
		await page.goto('/admin/events/new')
		const create = page.getByRole('dialog', { name: 'Create Event' })
		const box = (await create.boundingBox())!
		expect(box.y).toBeGreaterThanOrEqual(0)
		expect(box.y + box.height).toBeLessThanOrEqual(PHONE.viewport.height)
		const submit = create.getByRole('button', { name: 'Create Event' })
		await expect(submit).toBeInViewport({ ratio: 1 })

		await page.goto('/admin/videos/new')
		const add = page.getByRole('dialog', { name: 'Add Video' })
		const addVideo = add.getByRole('button', { name: 'Add Video' })
		await expect(addVideo).toBeEnabled()
		await expect(addVideo).toBeInViewport({ ratio: 1 })
		await add.getByLabel('Description').fill('A lesson without a title yet')
		await addVideo.click()
		await expect(add.getByText('Title is required', { exact: true })).toBeVisible()
		if (javaScriptEnabled) {
			await expect(add.getByLabel('Title')).toBeFocused()
		}
		await expect(add.getByText('Title', { exact: true })).toBeInViewport({ ratio: 1 })
	})
})

test.describe('24: the landing page links only to what exists', () => {
	test('every footer link leads somewhere, and the privacy and terms pages say what they must', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'visitor')
		await page.goto('/')
		const links = page.getByRole('contentinfo').getByRole('link')
		const dead: string[] = []
		for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))) {
			const url = new URL(href, page.url())
			const response = await page.request.get(url.pathname + url.search)
			if (response.status() !== 200) dead.push(`${href}: ${response.status()}`)
			else if (url.hash && !(await response.text()).includes(`id="${url.hash.slice(1)}"`))
				dead.push(`${href}: no target`)
		}
		expect(dead, dead.join('\n')).toEqual([])

		await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click()
		await expectOpenedAtTop(page, 'Privacy')
		// Drawn from the registry of personal data (services/account/personal-data.server.ts).
		await expect(page.getByText('How far you have watched each lesson.')).toBeVisible()
		await expect(
			page.getByText('The messages you write, in community rooms and in private conversations.'),
		).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Cookies' })).toBeVisible()
		await page.getByRole('link', { name: 'Terms of Service' }).first().click()
		await expectOpenedAtTop(page, 'Terms of Service')
		for (const heading of [
			'Free trial and billing',
			'Cancelling',
			'Refunds',
			'Acceptable use',
			'Moderation',
			'Deleting your account',
		])
			await expect(page.getByRole('heading', { name: heading })).toBeVisible()
	})
})

test.describe('25: the smaller things', () => {
	test("today's conversations show the time alone, and the name has room", async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		await page.goto('/messages')
		const conversations = page.getByRole('list', { name: 'Conversations' })
		const maria = conversations.getByRole('listitem').filter({ hasText: 'Maria Gonzalez' })
		// Sent an hour or two ago (app/demo/data.server.ts): today, or yesterday just after midnight.
		await expect(maria.locator('time')).toHaveText(/^(\d{1,2}:\d{2} [AP]M|Yesterday)$/)
		const name = maria.getByText('Maria Gonzalez', { exact: true })
		expect(await name.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
	})

	test("the library's category tabs show that they scroll", async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		await page.goto('/content-library')
		const tabs = page.getByRole('navigation', { name: 'Video categories' })
		const more = tabs.getByTestId('more-to-the-right')
		expect(await tabs.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
		await expect(more).toBeVisible()
		// Scrolled to the end, nothing more is hinted.
		await tabs.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
		await expect(more).toBeHidden()
	})

	test("the Completed badge covers nothing of a lesson's picture", async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		await page.goto('/content-library')
		const card = page
			.getByRole('article')
			.filter({ has: page.getByText('Completed', { exact: true }) })
			.first()
		const [badge, picture] = await Promise.all([
			card.getByText('Completed', { exact: true }).boundingBox(),
			card.locator('img').boundingBox(),
		])
		expect(overlaps(badge!, picture!)).toBe(false)
	})

	test("the 'Login successful' notice covers none of the page's content", async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'premium')
		const notice = page.getByTestId('toast').filter({ hasText: 'Login successful' })
		await expect(notice).toBeVisible()
		const box = (await notice.boundingBox())!
		// Over the top bar (the app's own controls, which it leaves in a few seconds), never over <main>.
		expect(box.y + box.height).toBeLessThanOrEqual(TOP_BAR_HEIGHT)
	})

	test("on /subscribe 'Start Free Trial' is on the first screen", async ({ javaScriptEnabled, newBrowser }) => {
		const page = await phoneAs(newBrowser, javaScriptEnabled, 'member')
		await page.goto('/subscribe')
		await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeInViewport({ ratio: 1 })
	})
})
