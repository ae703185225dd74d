import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { uniqueName } from '../setup/unique-name'
import { dialog, expectNotice, openAdminTab, row } from './admin-helpers'
import { expect, test } from './fixtures'

/**
 * Issue 25, "Upload and adaptive streaming" (docs/decisions/175–177): a
 * content manager uploads a video in the Add Video dialog (with JavaScript:
 * tus with a progress bar; without: the file in the form), the admin table
 * shows it processed, and once it is ready the lesson plays: the browser's
 * own HLS, hls.js where it has none, or the single file without JavaScript.
 * The server encodes tiny renditions (playwright.config.ts, MEDIA_RENDITIONS).
 */

const clips = fs.mkdtempSync(path.join(os.tmpdir(), 'leaderforge-e2e-clips-'))
const CLIP = path.join(clips, 'first-team-meeting.mp4')
const DAMAGED = path.join(clips, 'damaged-recording.mp4')
/** A minute long: its processing takes seconds, not the fraction of one the short clip's does. */
const MINUTE_CLIP = path.join(clips, 'quarterly-review.mp4')

function makeClip(file: string, seconds: number) {
	execFileSync('ffmpeg', [
		...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x180:rate=25:duration=${seconds}`],
		...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-shortest'],
		...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
	])
}

test.beforeAll(() => {
	makeClip(CLIP, 3)
	makeClip(MINUTE_CLIP, 60)
	// The same file with its pictures zeroed: ffprobe takes it for a video, but nothing can be decoded.
	const bytes = fs.readFileSync(CLIP)
	for (let offset = 0; offset < bytes.length; offset += bytes.readUInt32BE(offset)) {
		if (bytes.toString('latin1', offset + 4, offset + 8) === 'mdat')
			bytes.fill(0, offset + 8, offset + bytes.readUInt32BE(offset))
	}
	fs.writeFileSync(DAMAGED, bytes)
})
test.afterAll(() => fs.rmSync(clips, { recursive: true, force: true }))

/**
 * Adds a lesson with an uploaded file through the dialog, as the browser
 * does it: with JavaScript the file goes first and its address fills the
 * URL field; without, it goes with the form. Answers the lesson's id.
 */
async function uploadLesson(page: Page, js: boolean, title: string, file: string): Promise<string> {
	await openAdminTab(page, 'Content')
	await page.getByRole('link', { name: 'Add Video' }).click()
	const add = dialog(page, 'Add Video')
	await add.getByLabel('Title').fill(title)
	await add.getByLabel('Or upload a video file').setInputFiles(file)
	if (js) {
		await expect(add.getByRole('status')).toHaveText(`Uploaded ${path.basename(file)}. Save to add it to the lesson.`, {
			timeout: 20_000,
		})
		await expect(add.getByLabel('URL')).toHaveValue(/^\/media\/streams\/[0-9a-f]{32}\/master\.m3u8$/)
	}
	await add.getByRole('button', { name: 'Add Video' }).click()
	await expectNotice(page, 'Video added')
	// The tab opens on the page its new row is on (docs/decisions/249): the suite's lessons run past one page.
	await expect(page).toHaveURL(/\/admin\?tab=content(&page=\d+)?$/)
	return (await row(page, title).getByRole('cell').first().innerText()).trim()
}

/** The row's upload state, as the table shows it: live with JavaScript, on a reload without. */
async function expectUploadState(page: Page, js: boolean, title: string, state: string) {
	if (js) {
		await expect(row(page, title)).toContainText(state, { timeout: 30_000 })
		return
	}
	await expect
		.poll(
			async () => {
				await page.reload()
				return row(page, title).innerText()
			},
			{ timeout: 30_000 },
		)
		.toContain(state)
}

/** The lesson's video plays: started, its time moves on. */
async function expectPlays(page: Page) {
	await page.locator('video').evaluate((video: HTMLVideoElement) => {
		video.muted = true
		return video.play()
	})
	await expect
		.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
		.toBeGreaterThan(0.5)
}

test.describe('uploaded lessons', () => {
	test('a content manager uploads a video, sees it processed, and watches the lesson once it is ready', async ({
		page,
		login,
		javaScriptEnabled: js,
		newBrowser,
	}) => {
		test.setTimeout(90_000)
		const title = uniqueName('Uploaded lesson')
		await login('manager')
		const id = await uploadLesson(page, js, title, CLIP)
		await expectUploadState(page, js, title, 'Ready')
		// The lesson gets its length a moment after its upload is Ready (publishStream follows the asset's state):
		// a page without JavaScript shows it on a later load, as the admin's next visit would.
		await expectUploadState(page, js, title, '1 min')

		await page.goto(`/content-library/${id}`)
		await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
		const master = await page.locator('video source').first().getAttribute('src')
		expect(master).toMatch(/^\/media\/streams\/[0-9a-f]{32}\/master\.m3u8$/)
		const fallback = await page.request.get(master!.replace('master.m3u8', 'progressive.mp4'))
		expect(fallback.status()).toBe(200)
		expect(fallback.headers()['content-type']).toBe('video/mp4')

		if (js) {
			await page.getByRole('button', { name: 'Play', exact: true }).click()
			await expect
				.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
				.toBeGreaterThan(0.5)
		} else {
			// The page as drawn without JavaScript, played by the browser itself (its <video controls>).
			const drawn = await newBrowser({ javaScriptEnabled: true, appScripts: false })
			await drawn.login('manager')
			await drawn.page.goto(`/content-library/${id}`)
			await expect(drawn.page.locator('video[controls]')).toBeVisible()
			await expectPlays(drawn.page)
		}
	})

	test("an upload that became ready before the table's live connection opened is shown Ready once it opens", async ({
		page,
		login,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'the table follows uploads live only with JavaScript')
		test.setTimeout(90_000)
		const title = uniqueName('Done before the socket')
		await login('manager')
		// Every live connection of the page waits until the upload is ready on the server.
		let openLive = () => {}
		const liveMayOpen = new Promise<void>((resolve) => (openLive = resolve))
		await page.routeWebSocket(/\/ws\//, async (ws) => {
			await liveMayOpen
			ws.connectToServer()
		})
		// Processing starts as the file arrives: a clip that takes seconds to process is still being worked on when
		// the saved dialog's table is drawn (a 3-second clip was, on a fast machine, Ready by then).
		await uploadLesson(page, true, title, MINUTE_CLIP)
		await expect(row(page, title)).not.toContainText('Ready')
		await expect
			.poll(async () => (await page.request.get(`/admin?tab=content&q=${encodeURIComponent(title)}`)).text(), {
				timeout: 60_000,
			})
			.toMatch(/>Ready</)
		await expect(row(page, title)).not.toContainText('Ready')

		openLive()
		await expect(row(page, title)).toContainText('Ready')
		await expect(row(page, title)).toContainText('1 min')
	})

	test('saving the dialog while the file is on its way saves nothing and says to wait for it', async ({
		page,
		login,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'without JavaScript the file goes with the form itself')
		test.setTimeout(90_000)
		const title = uniqueName('Saved too soon')
		await login('manager')
		// The file's bytes are held on their way until the dialog has been saved once.
		let release = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route('**/uploads/*', async (route) => {
			if (route.request().method() === 'PATCH') await held
			await route.continue()
		})
		await openAdminTab(page, 'Content')
		await page.getByRole('link', { name: 'Add Video' }).click()
		const add = dialog(page, 'Add Video')
		await add.getByLabel('Title').fill(title)
		await add.getByLabel('Or upload a video file').setInputFiles(CLIP)
		await expect(add.getByRole('status')).toContainText(`Uploading ${path.basename(CLIP)}`)

		await add.getByRole('button', { name: 'Add Video' }).click()
		await expect(add).toContainText('The video is still uploading: save once it has arrived.')
		await expect(add).toBeVisible()

		release()
		await expect(add.getByRole('status')).toHaveText(`Uploaded ${path.basename(CLIP)}. Save to add it to the lesson.`, {
			timeout: 20_000,
		})
		await expect(add).not.toContainText('The video is still uploading')
		await add.getByRole('button', { name: 'Add Video' }).click()
		await expectNotice(page, 'Video added')
		await expect(row(page, title)).toBeVisible()
	})

	test('hls.js plays the stream where the browser has no HLS of its own', async ({
		page,
		login,
		javaScriptEnabled,
	}) => {
		test.skip(!javaScriptEnabled, 'hls.js is JavaScript')
		test.setTimeout(90_000)
		const title = uniqueName('Streamed by hls.js')
		await login('manager')
		const id = await uploadLesson(page, true, title, CLIP)
		await expectUploadState(page, true, title, 'Ready')

		// A browser without native HLS (Chrome before 2025, Firefox): it says it cannot play the playlist's type.
		await page.addInitScript(() => {
			const canPlayType = HTMLMediaElement.prototype.canPlayType
			HTMLMediaElement.prototype.canPlayType = function (type: string) {
				return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type)
			}
		})
		const playlists: string[] = []
		page.on('request', (request) => {
			if (request.url().includes('.m3u8')) playlists.push(new URL(request.url()).pathname)
		})
		await page.goto(`/content-library/${id}`)
		await page.getByRole('button', { name: 'Play', exact: true }).click()
		await expect
			.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentSrc))
			.toMatch(/^blob:/)
		await expect
			.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
			.toBeGreaterThan(0.5)
		// hls.js read the master playlist and a rendition's, by the signed addresses the master gave.
		expect(playlists.some((url) => url.endsWith('/master.m3u8'))).toBe(true)
		expect(playlists.some((url) => /\/\d+p\/index\.m3u8$/.test(url))).toBe(true)

		// A lesson opened at a time (?t=, a transcript line or a note) streams from there.
		await page.goto(`/content-library/${id}?t=2`)
		await expect
			.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentSrc))
			.toMatch(/^blob:/)
		await page.getByRole('button', { name: 'Play', exact: true }).click()
		await expect
			.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime))
			.toBeGreaterThanOrEqual(2)
	})

	test('a damaged upload shows Failed with the reason and Retry; axe finds nothing serious on the table', async ({
		page,
		login,
		javaScriptEnabled: js,
		newBrowser,
	}) => {
		test.setTimeout(90_000)
		const title = uniqueName('Damaged upload')
		await login('manager')
		await uploadLesson(page, js, title, DAMAGED)
		await expectUploadState(page, js, title, 'Failed')
		await expect(row(page, title)).toContainText('The video could not be converted')
		const retry = row(page, title).getByRole('button', { name: `Retry processing ${path.basename(DAMAGED)}` })
		await expect(retry).toBeVisible()

		// axe runs in the page: without JavaScript, on the table as drawn without the app's scripts.
		let audited = page
		if (!js) {
			const drawn = await newBrowser({ javaScriptEnabled: true, appScripts: false })
			await drawn.login('manager')
			await drawn.page.goto(`/admin?tab=content&q=${encodeURIComponent(title)}`)
			audited = drawn.page
		}
		const results = await new AxeBuilder({ page: audited })
			.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
			.include('main')
			.analyze()
		const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
		expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])

		await retry.click()
		await expectNotice(page, 'Processing again')
		await expectUploadState(page, js, title, 'Failed')
	})
})
