import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { uniqueName } from '../setup/unique-name'
import { expect, test } from './fixtures'
import { holdBackPartModule, partModule } from './part-helpers'

/**
 * Issue 25, "Captions, transcripts, chapters" and "Notes"
 * (docs/decisions/170–174), in Chromium with JavaScript on and off. Lesson
 * 1, 'What Great Leaders Do Differently', is 12 minutes in four parts: the
 * title until 0:20, 'Followed, not obeyed' from 0:20, 'Clarity before
 * speed' from 3:08, 'Consistency' from 5:55, 'Credit and blame' from 8:43,
 * the next step from 11:30. Its captions say each slide's heading, then its
 * point, eight seconds later.
 */

const LESSON = '/content-library/1'

const transcript = (page: Page) => page.getByRole('region', { name: 'Transcript' })
const playerTime = (page: Page) => page.getByTestId('player-time')
const notes = (page: Page) => page.locator('#notes')

/**
 * Axe on the part of the page in a state worth checking: nothing serious or
 * critical. With JavaScript only (axe runs in the page); the same states
 * without it are in accessibility.spec.ts.
 */
async function expectAccessible(page: Page, include: string) {
	if (test.info().project.use.javaScriptEnabled === false) return
	const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
	const { violations } = await (include ? builder.include(include) : builder).analyze()
	expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
}

test.describe('captions', () => {
	test('turn on and off from the keyboard, show above the controls, and the choice is remembered', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(!javaScriptEnabled, "the player's own button needs JavaScript; without it, the next test")
		await signUp()
		await page.goto(LESSON)
		const captions = page.getByRole('button', { name: 'Captions' })
		await expect(captions).toHaveAttribute('aria-pressed', 'false')
		await captions.focus()
		await page.keyboard.press('Enter')
		await expect(captions).toHaveAttribute('aria-pressed', 'true')
		expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.textTracks[0]?.mode)).toBe('hidden')

		// At a line of the transcript, its words show over the picture.
		await transcript(page).getByRole('link', { name: 'Authority gets compliance; trust gets effort.' }).click()
		await expect(page.getByTestId('player-captions')).toHaveText('Authority gets compliance; trust gets effort.')
		await page.reload()
		await expect(page.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'true')

		await page.getByRole('button', { name: 'Captions' }).click()
		await expect(page.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'false')
		await expect(page.getByTestId('player-captions')).toHaveCount(0)
		expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.textTracks[0]?.mode)).toBe(
			'disabled',
		)
		await page.reload()
		await expect(page.getByRole('button', { name: 'Captions' })).toHaveAttribute('aria-pressed', 'false')
	})

	test("without JavaScript the browser's own player gets the captions track, on when the member chose captions", async ({
		page,
		context,
		javaScriptEnabled,
		signUp,
		baseURL,
	}) => {
		test.skip(javaScriptEnabled, 'covers the no-JS player')
		await signUp()
		await page.goto(LESSON)
		const track = page.locator('video track[kind="captions"]')
		await expect(track).toHaveAttribute('srclang', 'en')
		await expect(track).toHaveAttribute('label', 'English')
		await expect(track).not.toHaveAttribute('default')
		// The file comes through the lesson's gate, to this member.
		const file = await page.request.get((await track.getAttribute('src'))!)
		expect(file.status()).toBe(200)
		expect(await file.text()).toMatch(/^WEBVTT/)

		await context.addCookies([{ name: 'captions', value: 'en', url: baseURL! }])
		await page.reload()
		await expect(track).toHaveAttribute('default', '')
		await context.addCookies([{ name: 'captions', value: 'off', url: baseURL! }])
		await page.reload()
		await expect(track).not.toHaveAttribute('default')
	})
})

test.describe('the transcript and the chapters', () => {
	test('clicking a line or a chapter seeks there, and the line being spoken is marked', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(!javaScriptEnabled, 'seeking in place needs JavaScript; without it the links open the lesson at the time')
		await signUp()
		await page.goto(LESSON)
		await expect(playerTime(page)).toHaveText('0:00 / 12:00')
		const line = transcript(page).getByRole('link', { name: 'Say what matters, why, and what good looks like.' })
		await line.click()
		await expect(playerTime(page)).toHaveText(/^3:1\d \/ 12:00$/)
		await expect(line).toHaveAttribute('aria-current', 'time')
		await expect(page).toHaveURL(/\/content-library\/1$/)
		await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()

		// The chapter menu, by keyboard: the chapter playing is checked; the arrows move, Enter chooses.
		await page.getByRole('button', { name: 'Pause' }).click()
		const menuButton = page.getByRole('button', { name: 'Chapters' })
		await menuButton.focus()
		await page.keyboard.press('Enter')
		const menu = page.getByRole('menu', { name: 'Chapters' })
		await expect(menu.getByRole('menuitemradio', { name: '3:08 Clarity before speed' })).toBeFocused()
		await expect(menu.getByRole('menuitemradio', { name: '3:08 Clarity before speed' })).toHaveAttribute(
			'aria-checked',
			'true',
		)
		await expectAccessible(page, '#player')
		await page.keyboard.press('ArrowDown')
		await page.keyboard.press('Enter')
		await expect(menu).toHaveCount(0)
		await expect(menuButton).toBeFocused()
		await expect(playerTime(page)).toHaveText(/^5:5\d \/ 12:00$/)
		await expect(
			page.getByRole('region', { name: 'Chapters' }).getByRole('link', { name: /Consistency/ }),
		).toHaveAttribute('aria-current', 'time')
		// Escape closes the menu and gives the focus back.
		await page.keyboard.press('ArrowUp')
		await expect(menu).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(menu).toHaveCount(0)
		await expect(menuButton).toBeFocused()

		await page
			.getByRole('region', { name: 'Chapters' })
			.getByRole('link', { name: /Credit and blame/ })
			.click()
		await expect(playerTime(page)).toHaveText(/^8:4\d \/ 12:00$/)
	})

	test('?t= starts the video at that second, with JavaScript and without', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		await signUp()
		await page.goto(`${LESSON}?t=355`)
		await expect(page.locator('video')).toHaveAttribute('src', /\/media\/what-great-leaders-do-differently\.mp4#t=355$/)
		if (javaScriptEnabled) await expect(playerTime(page)).toHaveText('5:55 / 12:00')
		else {
			// Without JavaScript a line is a link to the lesson at its time, which starts the video there.
			await transcript(page).getByRole('link', { name: 'Give the first away; keep the second.' }).click()
			await expect(page).toHaveURL(/\/content-library\/1\?t=531#player$/)
			await expect(page.locator('video')).toHaveAttribute('src', /#t=531$/)
			await expect(page.locator('video')).toHaveAttribute('controls', '')
		}
	})

	test('the search box finds a phrase in the transcript and jumps to it', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		await signUp()
		await page.goto(LESSON)
		await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('people follow')
		await page.getByRole('search', { name: 'Search the transcript' }).getByRole('button', { name: 'Search' }).click()
		await expect(page).toHaveURL(/\?q=people\+follow/)
		const matches = page.getByTestId('transcript-matches')
		await expect(matches).toContainText('1 line has “people follow”: the video starts at the first.')
		await expect(matches.getByRole('link', { name: /People follow the leader they can predict\./ })).toBeVisible()
		if (javaScriptEnabled) await expect(playerTime(page)).toHaveText(/^6:0\d \/ 12:00$/)
		else await expect(page.locator('video')).toHaveAttribute('src', /#t=363$/)
		await matches.getByRole('link', { name: 'Clear search' }).click()
		await expect(matches).toHaveCount(0)
	})
})

test.describe('notes', () => {
	test('a member writes a note at a time, finds it on /notes, edits it and deletes it', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		await signUp()
		await page.goto(LESSON)
		const text = `Trust gets effort ${uniqueName('note')}`
		if (javaScriptEnabled) {
			// Stamped with where the video is when the member starts writing.
			await transcript(page).getByRole('link', { name: 'Say what matters, why, and what good looks like.' }).click()
			await page.getByRole('button', { name: 'Pause' }).click()
			await notes(page).getByLabel('New note').click()
			await expect(notes(page).getByLabel('At time')).toHaveValue(/^3:1\d$/)
			await notes(page).getByLabel('At time').fill('3:16')
		} else await notes(page).getByLabel('At time').fill('3:16')
		await notes(page).getByLabel('New note').fill(text)
		await notes(page).getByRole('button', { name: 'Add Note' }).click()
		await expect(page.getByText('Note saved')).toBeVisible()
		const item = notes(page).getByRole('listitem').filter({ hasText: text })
		await expect(item.getByRole('link', { name: 'Play from 3:16' })).toHaveAttribute(
			'href',
			'/content-library/1?t=196#player',
		)
		await expect(notes(page).getByLabel('New note')).toHaveValue('')

		await item.getByRole('link', { name: 'Edit the note at 3:16' }).click()
		const edit = page.getByRole('form', { name: 'Edit the note at 3:16' })
		await expectAccessible(page, '#notes')
		await edit.getByLabel('Note').fill(`${text}, and clarity`)
		await edit.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByText('Note updated')).toBeVisible()
		await expect(notes(page).getByText(`${text}, and clarity`)).toBeVisible()

		await page.goto('/notes')
		const lesson = page.getByRole('region', { name: 'What Great Leaders Do Differently' })
		await expect(lesson.getByText(`${text}, and clarity`)).toBeVisible()
		await lesson.getByRole('link', { name: 'Play What Great Leaders Do Differently from 3:16' }).click()
		await expect(page).toHaveURL(/\/content-library\/1\?t=196#player$/)

		await notes(page).getByRole('button', { name: 'Delete the note at 3:16' }).click()
		await expect(page.getByText('Note deleted')).toBeVisible()
		await expect(notes(page).getByText('No notes on this lesson yet.')).toBeVisible()
	})

	test('on a phone (390×844, touch) a note is written and listed without scrolling sideways', async ({
		javaScriptEnabled,
		newBrowser,
	}) => {
		const phone = await newBrowser({
			viewport: { width: 390, height: 844 },
			hasTouch: true,
			isMobile: true,
			javaScriptEnabled,
		})
		await phone.signUp()
		const { page } = phone
		await page.goto(LESSON)
		await notes(page).getByLabel('New note').tap()
		await notes(page).getByLabel('New note').fill('Written on the train')
		await notes(page).getByLabel('At time').fill('0:20')
		await notes(page).getByRole('button', { name: 'Add Note' }).tap()
		await expect(page.getByText('Note saved')).toBeVisible()
		const link = notes(page).getByRole('link', { name: 'Play from 0:20' })
		await expect(link).toBeVisible()
		const box = await link.boundingBox()
		// A finger's target: the time link is at least 24 pixels tall (WCAG 2.5.8).
		expect(box!.height).toBeGreaterThanOrEqual(24)
		expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
			0,
		)
		if (javaScriptEnabled) {
			await link.tap()
			await expect(playerTime(page)).toHaveText(/^0:2\d \/ 12:00$/)
		}
		await phone.close()
	})
})

test.describe('the admin captions dialog', () => {
	test('a content manager uploads captions in a second language, a bad file is refused with its line, and members choose the language', async ({
		page,
		javaScriptEnabled,
		login,
	}) => {
		await login('manager')
		const created = await page.request.post('/api/admin/videos', {
			data: { title: `Captioned ${uniqueName('lesson')}`, url: '/media/measuring-what-matters.mp4', duration: 7 },
		})
		expect(created.status()).toBe(201)
		const { id } = await created.json()
		await page.goto(`/admin/videos/${id}/captions`)
		const dialog = page.getByRole('dialog', { name: 'Captions and chapters' })
		await expect(dialog.getByText('No captions yet.')).toBeVisible()

		await dialog.getByLabel('Language').selectOption('es')
		await dialog
			.getByLabel('WebVTT captions')
			.fill('WEBVTT\n\n00:00.000 --> 00:04.000\nHola.\n\n00:0x.000 --> 00:08.000\nMal.')
		await dialog.getByRole('button', { name: 'Save captions' }).click()
		await expect(
			dialog.getByRole('region', { name: 'Captions' }).getByText('Line 6: Cue start timestamp “00:0x.000” is invalid.'),
		).toBeVisible()
		await expectAccessible(page, 'dialog')

		await dialog.getByLabel('WebVTT captions').fill('')
		await dialog.getByLabel('Or a .vtt file').setInputFiles({
			name: 'leccion.es.vtt',
			mimeType: 'text/vtt',
			buffer: Buffer.from(
				'WEBVTT\n\n00:00.000 --> 00:04.000\nHola y bienvenidos.\n\n00:04.000 --> 00:09.000\nMidan lo que importa.\n',
			),
		})
		await dialog.getByLabel('Language').selectOption('es')
		await dialog.getByRole('button', { name: 'Save captions' }).click()
		await expect(page.getByText('Español: 2 cues.')).toBeVisible()
		await expect(dialog.getByRole('list', { name: 'Captions of this video' })).toContainText('Español (es) · 2 cues')

		await dialog.getByLabel('Language').selectOption('en')
		await dialog
			.getByLabel('WebVTT captions')
			.fill('WEBVTT\n\n00:00.000 --> 00:04.000\nHello and welcome.\n\n00:04.000 --> 00:09.000\nMeasure what matters.\n')
		await dialog.getByRole('button', { name: 'Save captions' }).click()
		await expect(page.getByText('English: 2 cues.')).toBeVisible()
		await dialog.getByLabel('Chapters, one a line').fill('0:00 Welcome\n0:04 What to measure')
		await dialog.getByRole('button', { name: 'Save chapters' }).click()
		await expect(page.getByText('2 chapters.')).toBeVisible()

		await page.goto(`/content-library/${id}`)
		await expect(transcript(page).getByRole('navigation', { name: 'Transcript language' })).toBeVisible()
		await transcript(page).getByRole('link', { name: 'Español' }).click()
		await expect(transcript(page).getByRole('link', { name: 'Midan lo que importa.' })).toBeVisible()
		if (javaScriptEnabled) {
			// Two languages: the captions button is a menu of Off and the languages.
			await page.getByRole('button', { name: 'Captions' }).click()
			const menu = page.getByRole('menu', { name: 'Captions' })
			await expect(menu.getByRole('menuitemradio')).toHaveCount(3)
			for (const [index, name] of ['Off', 'English', 'Español'].entries())
				await expect(menu.getByRole('menuitemradio').nth(index)).toHaveAccessibleName(name)
			await expect(menu.getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute('aria-checked', 'true')
			await menu.getByRole('menuitemradio', { name: 'Español' }).click()
			await transcript(page).getByRole('link', { name: 'Midan lo que importa.' }).click()
			await expect(page.getByTestId('player-captions')).toHaveText('Midan lo que importa.')
		} else await expect(page.locator('video track')).toHaveCount(2)
	})
})

test.describe('the notes panel as a part with its own code', () => {
	// The service worker would answer the part's module from its cache, out of page.route's reach.
	test.use({ serviceWorkers: 'block' })

	test('the notes panel works while its code is still coming, and keeps what the server drew once it arrives', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(!javaScriptEnabled, 'The notes panel loads its own code only with JavaScript (decision 254)')
		await signUp()
		// Hold the notes panel's module back: the rest of the page hydrates without it.
		const release = await holdBackPartModule(page, '__notes')
		await page.goto(LESSON)
		await page.getByRole('button', { name: 'Play' }).first().click()
		await expect(playerTime(page)).toHaveText(/^0:0[1-9] \/ 12:00$/)
		await page.getByRole('button', { name: 'Pause' }).click()
		await expect(notes(page).getByLabel('New note')).toBeVisible()
		await expect(notes(page).getByText('Type the time in the lesson the note is about, such as 1:05.')).toBeVisible()
		await notes(page).evaluate((panel) => panel.setAttribute('data-drawn-by', 'server'))

		release()
		// Hydrated in place (the same element, not drawn again): the hint changes and the time follows the video.
		await expect(notes(page).getByText('The time is where the video is when you start writing')).toBeVisible()
		await expect(notes(page)).toHaveAttribute('data-drawn-by', 'server')
		await notes(page).getByLabel('New note').click()
		await expect(notes(page).getByLabel('At time')).toHaveValue(/^0:0[1-9]$/)
	})

	test('a notice that comes while the panel’s code is still coming does not redraw the panel', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(!javaScriptEnabled, 'The notes panel loads its own code only with JavaScript (decision 254)')
		await signUp()
		const release = await holdBackPartModule(page, '__notes')
		await page.goto(LESSON)
		// Posted by the server's form (its code has not come): the answer is the page again, with a notice.
		await notes(page).getByLabel('At time').fill('not a time')
		await notes(page).getByLabel('New note').fill('A note at no time')
		await notes(page).getByRole('button', { name: 'Add Note' }).click()
		await expect(page.getByRole('button', { name: 'Play' }).first()).toBeVisible()
		await expect(notes(page).getByLabel('New note')).toBeVisible()
		await notes(page).evaluate((panel) => panel.setAttribute('data-drawn-by', 'server'))

		release()
		await expect(page.getByText('Could not save the note')).toBeVisible()
		await expect(notes(page).getByText('The time is where the video is when you start writing')).toBeVisible()
		await expect(notes(page)).toHaveAttribute('data-drawn-by', 'server')
	})

	test('when the notes panel’s code cannot be fetched, the panel stays as the server drew it and still saves a note', async ({
		page,
		javaScriptEnabled,
		signUp,
	}) => {
		test.skip(!javaScriptEnabled, 'The notes panel loads its own code only with JavaScript (decision 254)')
		await signUp()
		await page.route(partModule('__notes'), (route) => route.abort())
		await page.goto(LESSON)
		// The rest of the page hydrated: the player plays.
		await page.getByRole('button', { name: 'Play' }).first().click()
		await expect(playerTime(page)).toHaveText(/^0:0[1-9] \/ 12:00$/)
		await expect(notes(page).getByText('Type the time in the lesson the note is about, such as 1:05.')).toBeVisible()
		// Its form posts as it does without JavaScript.
		const text = uniqueName('Saved without its code')
		await notes(page).getByLabel('At time').fill('0:05')
		await notes(page).getByLabel('New note').fill(text)
		await notes(page).getByRole('button', { name: 'Add Note' }).click()
		await expect(page.getByText('Note saved')).toBeVisible()
		await expect(notes(page).getByText(text)).toBeVisible()
	})
})
