import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityModel, EventModel, ResourceModel, UserModel, VideoModel, reserveIds } from '#models/index'
import { PAGE_SIZES } from '~/lib/paging'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * Every list comes a page at a time, and a browser without JavaScript
 * reaches the rest through the 'Next' links (docs/decisions/081). The lists
 * here hold more than a page each, on top of the demo data.
 */
const server = useSeededTestServer()
const EXTRA = 30
let premium: TestClient
let admin: TestClient

/** The address the page's 'Next' link leads to (the Pager's rel="next"), or null on the last page. */
function nextHref(html: string, from: string): string | null {
	const link = /<a[^>]*rel="next"[^>]*>/.exec(html)?.[0]
	const href = link && /href="([^"]+)"/.exec(link)?.[1]
	return href
		? new URL(href.replace(/&amp;/g, '&'), new URL(from, server.url)).pathname +
				new URL(href.replace(/&amp;/g, '&'), new URL(from, server.url)).search
		: null
}

/**
 * Reads a list from its first page to its last by the 'Next' links, as a
 * visitor without JavaScript would, and answers every id it showed; each
 * page shows at most `size` rows and no row shows twice.
 */
async function walk<Id extends number | string>(
	client: TestClient,
	first: string,
	idsOn: (html: string) => Id[],
	size: number,
) {
	const seen: Id[] = []
	let pages = 0
	for (let path: string | null = first; path; pages++) {
		const html = await pageHtml(client, path)
		const ids = idsOn(html)
		expect(ids.length, path).toBeLessThanOrEqual(size)
		expect(ids.length, path).toBeGreaterThan(0)
		seen.push(...ids)
		path = nextHref(html, path)
	}
	expect(new Set(seen).size).toBe(seen.length)
	return { ids: seen, pages }
}

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => Number(match[1]))

beforeAll(async () => {
	const now = Date.now()
	const [videoIds, resourceIds, communityIds, eventIds, userIds] = await Promise.all([
		reserveIds('videos', EXTRA),
		reserveIds('resources', EXTRA),
		reserveIds('communities', EXTRA),
		reserveIds('events', EXTRA * 2),
		reserveIds('users', EXTRA),
	])
	await VideoModel.insertMany(
		videoIds.map((id) => ({
			id,
			title: `Paging Lesson ${id}`,
			url: '/media/strategy.mp4',
			category: 'Strategy',
			createdBy: 1,
		})),
	)
	await ResourceModel.insertMany(
		resourceIds.map((id) => ({
			id,
			title: `Paging Resource ${id}`,
			url: 'https://example.com/r.pdf',
			type: 'pdf',
			createdBy: 1,
		})),
	)
	await CommunityModel.insertMany(communityIds.map((id) => ({ id, name: `Paging Room ${id}`, createdBy: 1 })))
	// Half of the events are still to come, half are over.
	await EventModel.insertMany(
		eventIds.map((id, index) => ({
			id,
			title: `Paging Event ${id}`,
			startTime: new Date(now + (index % 2 ? 1 : -1) * (index + 2) * 86_400_000),
			createdBy: 1,
		})),
	)
	await UserModel.insertMany(
		userIds.map((id) => ({
			id,
			username: `pager_${id}`,
			usernameKey: `pager_${id}`,
			passwordHash: 'not-used',
			name: `Pager ${id}`,
			email: `pager_${id}@example.com`,
		})),
	)
	premium = await logIn(server.url, 'premium')
	admin = await logIn(server.url, 'admin')
})

describe('member lists without JavaScript', () => {
	it('shows the library 24 videos at a time, and the next pages hold the rest', async () => {
		const { ids, pages } = await walk(
			premium,
			'/content-library',
			(html) => [...new Set(all(html, /href="\/content-library\/(\d+)"/g))],
			PAGE_SIZES.library,
		)
		expect(ids.sort((a, b) => a - b)).toEqual((await VideoModel.find().sort({ id: 1 }).lean()).map((video) => video.id))
		expect(pages).toBeGreaterThan(1)
	})

	it('pages a search of the library and keeps the search in the links', async () => {
		const first = await pageHtml(premium, '/content-library?q=Paging')
		expect(first.replace(/<!-- -->/g, '')).toContain(`${EXTRA} results for “Paging”`)
		expect(nextHref(first, '/content-library?q=Paging')).toBe('/content-library?q=Paging&page=2')
		const { ids } = await walk(
			premium,
			'/content-library?q=Paging',
			(html) => [...new Set(all(html, /href="\/content-library\/(\d+)"/g))],
			PAGE_SIZES.library,
		)
		expect(ids).toHaveLength(EXTRA)
	})

	it('shows upcoming and past events 20 at a time', async () => {
		const starts = (await EventModel.find().lean()).map((event) => event.startTime.getTime())
		const eventIds = (html: string) => all(html, /id="event-(\d+)"/g)
		const upcoming = await walk(premium, '/events', eventIds, PAGE_SIZES.events)
		const past = await walk(premium, '/events?tab=past', eventIds, PAGE_SIZES.events)
		// An event starting between the test's two reads may count on either side.
		expect(upcoming.ids.length + past.ids.length).toBe(starts.length)
		expect(upcoming.ids.length).toBeGreaterThanOrEqual(starts.filter((start) => start > Date.now() + 60_000).length)
		expect(past.pages).toBeGreaterThan(1)
	})

	it('shows resources 24 at a time', async () => {
		const { ids } = await walk(
			premium,
			'/resources',
			(html) => [...html.matchAll(/<h2 class="font-semibold text-gray-900">([^<]+)<\/h2>/g)].map((match) => match[1]!),
			PAGE_SIZES.resources,
		)
		expect(ids).toHaveLength(await ResourceModel.countDocuments())
	})

	it('shows the communities 24 at a time', async () => {
		const { ids, pages } = await walk(
			premium,
			'/community',
			(html) => all(html, /aria-label="Join Discussion: [^"]*"[^>]*href="\/community\/(\d+)"/g),
			PAGE_SIZES.communities,
		)
		expect(ids.sort((a, b) => a - b)).toEqual(
			// A pod's private room is a community room too (decision 211), never listed.
			(await CommunityModel.find({ podId: null }).sort({ id: 1 }).lean()).map((room) => room.id),
		)
		expect(pages).toBe(Math.ceil(ids.length / PAGE_SIZES.communities))
	})
})

describe('admin tables without JavaScript', () => {
	const rowsOf = (kind: string) => (html: string) => all(html, new RegExp(`href="/admin/${kind}/(\\d+)/edit`, 'g'))

	it('pages every table 25 rows at a time, and the search runs on the server', async () => {
		for (const [tab, kind, model] of [
			['content', 'videos', VideoModel],
			['communities', 'communities', CommunityModel],
			['events', 'events', EventModel],
			['resources', 'resources', ResourceModel],
		] as const) {
			const { ids } = await walk(admin, `/admin?tab=${tab}`, rowsOf(kind), PAGE_SIZES.admin)
			// Pods' private rooms are not the admin's communities (decision 211).
			const listed = model === CommunityModel ? { podId: null } : {}
			expect(ids.length, tab).toBe(await (model as typeof VideoModel).countDocuments(listed))
		}
		const users = await walk(
			admin,
			'/admin?tab=users',
			(html) => all(html, /href="\/admin\/users\/(\d+)\/role/g),
			PAGE_SIZES.admin,
		)
		expect(users.ids.length).toBe(await UserModel.countDocuments())

		const found = await pageHtml(admin, '/admin?tab=content&q=Paging%20Lesson')
		expect(rowsOf('videos')(found)).toHaveLength(PAGE_SIZES.admin)
		expect(nextHref(found, '/admin?tab=content&q=Paging%20Lesson')).toBe('/admin?tab=content&q=Paging+Lesson&page=2')
	})

	it('keeps the page behind a dialog, and closing it returns there', async () => {
		const html = await pageHtml(admin, '/admin?tab=content&page=2')
		const edit = /href="(\/admin\/videos\/\d+\/edit\?page=2)"/.exec(html)?.[1]
		expect(edit).toBeTruthy()
		const dialog = await pageHtml(admin, edit!)
		expect(dialog).toContain('href="/admin?tab=content&amp;page=2"')
	})
})

describe('JSON lists', () => {
	it('answer a page of rows with a Link to the next one, and 400 for a bad page', async () => {
		const first = await premium.get('/api/videos?limit=10')
		expect((await first.json()) as unknown[]).toHaveLength(10)
		expect(first.headers.get('Link')).toBe('</api/videos?limit=10&page=2>; rel="next"')
		const total = await VideoModel.countDocuments()
		const last = await premium.get(`/api/videos?limit=10&page=${Math.ceil(total / 10)}`)
		expect(((await last.json()) as unknown[]).length).toBe(total - 10 * (Math.ceil(total / 10) - 1))
		expect(last.headers.get('Link')).toMatch(/rel="prev"$/)
		for (const path of [
			'/api/videos?page=0',
			'/api/events?limit=101',
			'/api/users?page=x',
			'/api/resources?limit=-1',
		]) {
			const refused = await premium.get(path)
			expect(refused.status, path).toBe(400)
			expect(((await refused.json()) as { message: string }).message).toMatch(/must be a whole number/)
		}
		const everyone = (await (await admin.get('/api/admin/users?limit=100')).json()) as unknown[]
		expect(everyone.length).toBe(Math.min(100, await UserModel.countDocuments()))
	})
})

describe('Server-Timing', () => {
	it('comes with pages and JSON answers: database time and, for pages, render time', async () => {
		const page = await premium.get('/dashboard')
		expect(page.headers.get('Server-Timing')).toMatch(
			/^db;dur=[\d.]+;desc="Database \(\d+ quer(y|ies)\)", render;dur=[\d.]+;desc="Render", total;dur=[\d.]+;desc="Total"$/,
		)
		const call = await premium.get('/api/videos')
		expect(call.headers.get('Server-Timing')).toMatch(
			/^db;dur=[\d.]+;desc="Database \(\d+ quer(y|ies)\)", total;dur=[\d.]+;desc="Total"$/,
		)
	})
})
