import { beforeAll, describe, expect, it } from 'vitest'
import { listCommunities, getCommunity } from '~/services/catalogue/communities.server'
import { seedDemoData } from '~/demo/data.server'
import { listEvents } from '~/services/events/events.server'
import { listResources } from '~/services/catalogue/resources.server'
import { getVideo, listVideoCategories, listVideos } from '~/services/catalogue/videos.server'
import { useTestDatabase } from '../setup/test-database'

useTestDatabase()
beforeAll(() => seedDemoData())

describe('the seeded catalogue', () => {
	it('has the three named communities at ids 1, 2 and 3', async () => {
		const communities = await listCommunities()
		expect(communities.slice(0, 3).map((c) => [c.id, c.name, c.icon])).toEqual([
			[1, 'Executive Leadership', 'EL'],
			[2, 'New Managers', 'NM'],
			[3, 'Women in Leadership', 'WL'],
		])
		expect(await getCommunity(999)).toBeNull()
	})

	it('has at least 14 playable videos in at least 4 categories', async () => {
		const videos = await listVideos()
		expect(videos.length).toBeGreaterThanOrEqual(14)
		expect((await listVideoCategories()).length).toBeGreaterThanOrEqual(4)
		expect(videos.every((video) => video.url.startsWith('/media/') && video.url.endsWith('.mp4'))).toBe(true)
		expect(videos.map((video) => video.id)).toEqual([...videos.map((video) => video.id)].sort((a, b) => a - b))
	})

	it('searches videos by words of the title or description, ignoring case and regex characters', async () => {
		const found = await listVideos({ search: 'FEEDBACK' })
		expect(found.map((video) => video.title)).toContain('Giving Feedback That Lands')
		expect(await listVideos({ search: '.*' })).toEqual([])
		const strategy = await listVideos({ category: 'Strategy' })
		expect(strategy.length).toBeGreaterThan(0)
		expect(strategy.every((video) => video.category === 'Strategy')).toBe(true)
		expect((await getVideo(strategy[0]!.id))?.title).toBe(strategy[0]!.title)
	})

	it('has events in the past and the future, and resources of several types', async () => {
		const now = Date.now()
		const events = await listEvents()
		expect(events.some((event) => Date.parse(event.startTime) < now)).toBe(true)
		expect(events.some((event) => Date.parse(event.startTime) > now + 7 * 86_400_000)).toBe(true)
		expect(new Set((await listResources()).map((resource) => resource.type)).size).toBeGreaterThanOrEqual(4)
	})

	it('seeding twice changes nothing', async () => {
		const before = [(await listVideos()).length, (await listEvents()).length, (await listResources()).length]
		await seedDemoData()
		expect([(await listVideos()).length, (await listEvents()).length, (await listResources()).length]).toEqual(before)
	})
})
