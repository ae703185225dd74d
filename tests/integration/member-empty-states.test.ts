import { beforeAll, describe, expect, it } from 'vitest'
import { VideoModel } from '#models/index'
import { TestClient } from '../setup/http-client'
import { pageHtml } from '../setup/page-html'
import { useTestServer } from '../setup/seeded-server'

/** A brand-new community with no content yet: every member screen has something to say (product §8). */
const server = useTestServer()
let client: TestClient

beforeAll(async () => {
	client = new TestClient(server.url)
	const response = await client.json('POST', '/api/register', {
		username: 'first_member',
		password: 'first-password',
		name: 'Frankie First',
		email: 'first@example.com',
	})
	expect(response.status).toBe(201)
})

async function text(path: string) {
	return (await pageHtml(client, path))
		.replace(/<!-- -->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
}

describe('empty states', () => {
	it('the dashboard', async () => {
		const page = await text('/dashboard')
		expect(page).toContain('Welcome back, Frankie First!')
		expect(page).toContain('0 of 0')
		expect(page).toContain('No videos in progress')
		expect(page).toContain('No community activity yet')
		expect(page).toContain('No upcoming events scheduled')
	})

	it('the library, events and resources', async () => {
		const library = await text('/content-library')
		expect(library).toContain('No videos found')
		expect(library).not.toContain('Premium Content Restricted')
		expect(await text('/events')).toContain('No upcoming events')
		expect(await text('/events?tab=past')).toContain('No past events')
		expect(await text('/resources')).toContain('No resources found')
	})

	it('a lone video without category, duration or thumbnail', async () => {
		await VideoModel.create({
			id: 1,
			title: 'A Lone Lesson',
			url: '/media/strategy.mp4',
			createdBy: 1,
			category: null,
			duration: null,
			thumbnail: null,
		})
		const response = await client.get('/content-library/1')
		const html = await response.text()
		const page = html
			.replace(/<!-- -->/g, '')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
		expect(page).toMatch(/Category Uncategorized Duration Unknown/)
		expect(page).toContain('No related content found')
		expect(page).toContain('Start Course')
		expect(html).toMatch(/poster="\/images\/default-thumbnail\.svg\?v=[A-Za-z0-9_-]{16}"/)
	})
})
