import mongoose from 'mongoose'
import { beforeAll, describe, expect, it } from 'vitest'
import { UserModel } from '#models/index'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * A room's page reads its room once (what it shows and who may read it share
 * the read) and holds its member count under the `people` stamp with its
 * member list (decision 226): a member joining or leaving, written by
 * another process (this test's), is in the very next count.
 */
const server = useSeededTestServer()
let premium: TestClient

beforeAll(async () => {
	premium = await logIn(server.url, 'premium')
})

async function roomPage(): Promise<{ members: number; queries: number }> {
	const response = await premium.get('/community/1')
	expect(response.status).toBe(200)
	const html = await response.text()
	const timing = response.headers.get('Server-Timing') ?? ''
	const members = /(\d+) members?</.exec(html)?.[1]
	return { members: Number(members), queries: Number(/Database \((\d+) quer/.exec(timing)?.[1]) }
}

/** Other held reads are read again now and then on their own, which only adds queries: the fewest of a few visits. */
async function fewestQueries(): Promise<number> {
	return Math.min(...[(await roomPage()).queries, (await roomPage()).queries, (await roomPage()).queries])
}

describe("a room's page", () => {
	it('counts a member who joins or leaves on the very next visit', async () => {
		const before = await roomPage()
		expect(before.members).toBe(await UserModel.countDocuments({ communityIds: 1 }))
		const outsider = (await UserModel.findOne({ communityIds: mongoose.trusted({ $ne: 1 }) }).lean())!
		await UserModel.updateOne({ id: outsider.id }, { $addToSet: { communityIds: 1 } })
		expect((await roomPage()).members).toBe(before.members + 1)
		await UserModel.updateOne({ id: outsider.id }, { $pull: { communityIds: 1 } })
		expect((await roomPage()).members).toBe(before.members)
	})

	it('costs the session, the account, the room, the mute and the stamps when nothing changed: five queries', async () => {
		await roomPage()
		expect(await fewestQueries()).toBe(5)
	})
})
