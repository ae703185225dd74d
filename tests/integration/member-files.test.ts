import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * Lesson media and resource files (issue 16, finding 5; docs/decisions/134):
 * served from outside public/ to members only, lesson media by the
 * free-video rule of the videos that play it, with byte ranges for seeking.
 * In the demo data every lesson plays a clip of its own: lesson 1's is free,
 * lesson 11's Premium (app/demo/catalogue.server.ts).
 */
const server = useSeededTestServer()
const FREE_CLIP = '/media/what-great-leaders-do-differently.mp4'
const PREMIUM_CLIP = '/media/decision-making-under-uncertainty.mp4'
const RESOURCE = '/resources/one-on-one-template.txt'
const premiumClipSize = fs.statSync(`private${PREMIUM_CLIP}`).size

let visitor: TestClient
let free: TestClient
let premium: TestClient

beforeAll(async () => {
	visitor = new TestClient(server.url)
	free = await logIn(server.url, 'member')
	premium = await logIn(server.url, 'premium')
})

const get = (client: TestClient, path: string, range?: string) =>
	client.request(path, range ? { headers: { Range: range } } : {})

describe('lesson media', () => {
	it('a visitor gets 401 for any clip, with or without a byte range, and never the bytes', async () => {
		for (const path of [FREE_CLIP, PREMIUM_CLIP]) {
			for (const range of [undefined, 'bytes=0-1023']) {
				const response = await get(visitor, path, range)
				expect(response.status, `${path} ${range ?? ''}`).toBe(401)
				expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
				expect(await response.text()).toContain('Log in to open this file.')
			}
		}
	})

	it('a free member gets 403 for a clip only Premium lessons play, with or without a byte range', async () => {
		for (const range of [undefined, 'bytes=0-1023', 'bytes=1000-']) {
			const response = await get(free, PREMIUM_CLIP, range)
			expect(response.status, range ?? 'whole file').toBe(403)
			expect(response.headers.get('Content-Range')).toBeNull()
			expect(await response.text()).toContain('This video is part of Premium.')
		}
	})

	it('a free member plays the free lessons’ clips, seeking with byte ranges', async () => {
		const whole = await get(free, FREE_CLIP)
		expect(whole.status).toBe(200)
		expect(whole.headers.get('Content-Type')).toBe('video/mp4')
		expect(whole.headers.get('Accept-Ranges')).toBe('bytes')
		expect(whole.headers.get('Cache-Control')).toBe('private, max-age=3600, no-transform')
		const size = (await whole.arrayBuffer()).byteLength
		expect(size).toBe(Number(whole.headers.get('Content-Length')))

		const part = await get(free, FREE_CLIP, 'bytes=100-199')
		expect(part.status).toBe(206)
		expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${size}`)
		expect((await part.arrayBuffer()).byteLength).toBe(100)
	})

	it('a Premium member plays the Premium clip, whole or from any byte', async () => {
		const whole = await get(premium, PREMIUM_CLIP)
		expect(whole.status).toBe(200)
		expect((await whole.arrayBuffer()).byteLength).toBe(premiumClipSize)
		const tail = await get(premium, PREMIUM_CLIP, 'bytes=-500')
		expect(tail.status).toBe(206)
		expect(tail.headers.get('Content-Range')).toBe(
			`bytes ${premiumClipSize - 500}-${premiumClipSize - 1}/${premiumClipSize}`,
		)
	})

	it('answers 416 for a range beyond the file, and 404 for a file no lesson plays or a path that leaves the folder', async () => {
		const beyond = await get(premium, PREMIUM_CLIP, `bytes=${premiumClipSize + 10}-`)
		expect(beyond.status).toBe(416)
		expect(beyond.headers.get('Content-Range')).toBe(`bytes */${premiumClipSize}`)
		for (const path of [
			'/media/nothing-here.mp4',
			'/media/..%2F..%2Fpackage.json',
			'/media/.hidden.mp4',
			'/media/a%5C..%5Cpackage.json',
		]) {
			expect((await get(premium, path)).status, path).toBe(404)
		}
	})

	it('the clips are no longer public files', async () => {
		expect(fs.existsSync('public/media')).toBe(false)
		expect((await get(visitor, '/media/')).status).not.toBe(200)
	})

	it('the video JSON still gives a free member no address for a locked lesson', async () => {
		const locked = await (await free.get('/api/videos/11')).json()
		expect(locked).toMatchObject({ url: null, locked: true })
		const open = await (await premium.get('/api/videos/11')).json()
		expect(open).toMatchObject({ url: PREMIUM_CLIP, locked: false })
	})
})

describe('resource files', () => {
	it('are for logged-in members only: 401 for a visitor, the file for any member', async () => {
		expect((await get(visitor, RESOURCE)).status).toBe(401)
		const file = await get(free, RESOURCE)
		expect(file.status).toBe(200)
		expect(file.headers.get('Content-Type')).toMatch(/^text\/plain/)
		expect(file.headers.get('Cache-Control')).toContain('private')
		expect(await file.text()).toContain('ONE-ON-ONE MEETING TEMPLATE')
		expect((await get(free, '/resources/not-a-file.pdf')).status).toBe(404)
	})

	it('the resources page is still a page', async () => {
		expect((await free.get('/resources')).status).toBe(200)
		expect((await visitor.get('/resources')).headers.get('Location')).toBe('/auth')
	})
})
