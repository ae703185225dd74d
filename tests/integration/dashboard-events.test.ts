import mongoose from 'mongoose'
import { beforeAll, describe, expect, it } from 'vitest'
import { EventModel, ProgressModel, RsvpModel, UserModel, VideoModel, nextId } from '#models/index'
import { type TestClient } from '../setup/http-client'
import { logInWithUser } from '../setup/log-in'
import { visitPage } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * The dashboard's upcoming events are the same for every member, so the
 * server holds them between visits under the `events` and `people` stamps
 * (decision 199). Whatever changes them — an event written by another
 * process (this test's), an answer, the soonest event starting — is on the
 * very next dashboard.
 */
const server = useSeededTestServer()
let premium: TestClient
let premiumId: number

beforeAll(async () => {
	const { client, user } = await logInWithUser(server.url, 'premium')
	premium = client
	premiumId = user.id
})

const dashboard = () => visitPage(premium, '/dashboard')

async function newEvent(title: string, startsInMs: number): Promise<number> {
	const id = await nextId('events')
	await EventModel.create({ id, title, startTime: new Date(Date.now() + startsInMs), createdBy: premiumId })
	return id
}

describe("the dashboard's upcoming events, and /events' list", () => {
	it('show a new soonest event, an answer to it and the answer taken back on the very next visit', async () => {
		await dashboard()
		const id = await newEvent('Held-read check: a circle in half an hour', 30 * 60_000)
		expect((await dashboard()).html).toContain('RSVP: Held-read check: a circle in half an hour')

		const answer = await premium.json('POST', `/api/events/${id}/rsvp`, { going: true })
		expect(answer.status).toBe(200)
		expect((await dashboard()).html).toContain('Going: Held-read check: a circle in half an hour')

		// Written by another process: the stamp is renewed by the write itself.
		await RsvpModel.deleteMany({ eventId: id })
		expect((await dashboard()).html).toContain('RSVP: Held-read check: a circle in half an hour')

		await EventModel.deleteOne({ id })
		expect((await dashboard()).html).not.toContain('Held-read check: a circle in half an hour')
	})

	it('leave out an event that started since they were read, with no write to say so', async () => {
		await newEvent('Held-read check: starting in a moment', 1_500)
		expect((await dashboard()).html).toContain('RSVP: Held-read check: starting in a moment')
		await new Promise((resolve) => setTimeout(resolve, 2_000))
		expect((await dashboard()).html).not.toContain('Held-read check: starting in a moment')
	})

	it('show on /events who is going under the name they have now, and a second page moves on when the soonest starts', async () => {
		const id = await newEvent('Held-read check: a workshop in an hour', 60 * 60_000)
		const answer = await premium.json('POST', `/api/events/${id}/rsvp`, { going: true })
		expect(answer.status).toBe(200)
		const eventsPage = async (path = '/events') => {
			const response = await premium.get(path)
			expect(response.status).toBe(200)
			return response.text()
		}
		const { name } = (await UserModel.findOne({ id: premiumId }).lean())!
		expect(await eventsPage()).toContain(`title="${name}"`)
		await UserModel.updateOne({ id: premiumId }, { $set: { name: 'Taylor Renamed-Brooks' } })
		expect(await eventsPage()).toContain('title="Taylor Renamed-Brooks"')
		await UserModel.updateOne({ id: premiumId }, { $set: { name } })

		// The second page begins with the 21st soonest; once the soonest has started, with the 22nd.
		const later = { startTime: mongoose.trusted({ $gt: new Date(Date.now() + 60_000) }) }
		for (let more = 22 - (await EventModel.countDocuments(later)); more > 0; more--)
			await newEvent(`Held-read check: a later session ${more}`, 30 * 86_400_000 + more * 60_000)
		const upcoming = await EventModel.find(later).sort({ startTime: 1, id: 1 }).limit(22).lean()
		await newEvent('Held-read check: the very soonest', 1_500)
		expect(await eventsPage('/events?page=2')).toContain(`id="event-${upcoming[19]!.id}"`)
		await new Promise((resolve) => setTimeout(resolve, 2_000))
		const secondPage = await eventsPage('/events?page=2')
		expect(secondPage).not.toContain(`id="event-${upcoming[19]!.id}"`)
		expect(secondPage).toContain(`id="event-${upcoming[20]!.id}"`)
	})

	it('cost one query when nothing about them changed, and are read again after an answer', async () => {
		const event = await EventModel.findOne({ startTime: mongoose.trusted({ $gt: new Date() }) })
			.sort({ startTime: 1, id: 1 })
			.lean()
		// Other held reads (the layout's, the activity's) are read again now and then on their own, which only ever adds
		// queries to a visit: the fewest of a few visits is what each kind of visit costs.
		const fewest = async (visit: () => Promise<number>) => Math.min(await visit(), await visit(), await visit())
		await dashboard()
		const unchanged = await fewest(async () => (await dashboard()).queries)
		const afterAnAnswer = await fewest(async () => {
			await RsvpModel.updateOne(
				{ eventId: event!.id, userId: premiumId },
				{ $set: { going: true, updatedAt: new Date() } },
				{ upsert: true },
			)
			return (await dashboard()).queries
		})
		// The count, the soonest events, who is going and their faces: four reads an unchanged visit does not make.
		expect(afterAnAnswer).toBeGreaterThanOrEqual(unchanged + 4)
	})
})

/**
 * The count of videos watched is the member's own records against the
 * library's ids, which the server holds under the `catalogue` stamp
 * (decision 225): a video added, or a watched one deleted, by anyone is in
 * the very next count.
 */
describe("the dashboard's videos watched", () => {
	const videosWatched = async () => {
		const { html, queries } = await dashboard()
		const [, watched, total] =
			/text-3xl font-bold text-gray-900">(\d+)(?:<!-- -->)? of (?:<!-- -->)?(\d+)</.exec(html) ?? []
		return { watched: Number(watched), total: Number(total), queries }
	}

	it('counts a video added or a watched one deleted on the very next visit', async () => {
		const before = await videosWatched()
		expect(before.total).toBe(await VideoModel.countDocuments())

		const id = await nextId('videos')
		await VideoModel.create({
			id,
			title: 'Held-read check: a new lesson',
			url: '/videos/check.mp4',
			createdBy: premiumId,
		})
		expect(await videosWatched()).toMatchObject({ watched: before.watched, total: before.total + 1 })

		await ProgressModel.create({ id: await nextId('progress'), userId: premiumId, videoId: id, progress: 40 })
		expect(await videosWatched()).toMatchObject({ watched: before.watched + 1, total: before.total + 1 })

		await VideoModel.deleteOne({ id })
		expect(await videosWatched()).toMatchObject({ watched: before.watched, total: before.total })
		await ProgressModel.deleteMany({ videoId: id })
	})

	it('costs no query for the library when it did not change, and one read of its ids after a change (with the programs held under the same stamp)', async () => {
		const fewest = async (visit: () => Promise<number>) => Math.min(await visit(), await visit(), await visit())
		await videosWatched()
		const unchanged = await fewest(async () => (await videosWatched()).queries)
		const afterAnEdit = await fewest(async () => {
			const video = (await VideoModel.findOne().sort({ id: 1 }).lean())!
			await VideoModel.updateOne({ id: video.id }, { $set: { title: video.title } })
			return (await videosWatched()).queries
		})
		// The library's ids, and the member's programs with their lessons' videos, held under the same stamp (decision 231).
		expect(afterAnEdit).toBe(unchanged + 3)
	})
})
