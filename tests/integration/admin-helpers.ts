import { expect } from 'vitest'
import { CommunityModel, EventModel, MessageModel, ProgressModel, ResourceModel, UserModel, VideoModel } from '#models/index'
import { DEMO_PASSWORD } from '~/services/demo-data.server'
import { TestClient } from '../setup/http-client'

/** Shared by the admin integration tests: logged-in clients and a picture of everything the admin panel can change. */

export type DemoAccount = 'admin' | 'manager' | 'moderator' | 'member' | 'premium'

export async function logIn(baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<TestClient> {
	const client = new TestClient(baseUrl)
	const response = await client.json('POST', '/api/login', { username, password })
	expect(response.status, `log in as ${username}`).toBe(200)
	return client
}

/** Every entity document (users in full, password hashes included), without ObjectIds: equal snapshots mean nothing changed. */
export async function snapshot() {
	const strip = (docs: Array<Record<string, unknown>>) => docs.map(({ _id, ...rest }) => rest)
	const [users, videos, communities, events, resources, progress, messages] = await Promise.all([
		UserModel.find().sort({ id: 1 }).lean(),
		VideoModel.find().sort({ id: 1 }).lean(),
		CommunityModel.find().sort({ id: 1 }).lean(),
		EventModel.find().sort({ id: 1 }).lean(),
		ResourceModel.find().sort({ id: 1 }).lean(),
		ProgressModel.find().sort({ id: 1 }).lean(),
		MessageModel.find().sort({ id: 1 }).lean(),
	])
	return JSON.stringify({
		users: strip(users),
		videos: strip(videos),
		communities: strip(communities),
		events: strip(events),
		resources: strip(resources),
		progress: strip(progress),
		messages: strip(messages),
	})
}

export async function userIdOf(username: string): Promise<number> {
	const user = await UserModel.findOne({ usernameKey: username }).select('id').lean()
	if (!user) throw new Error(`no user ${username}`)
	return user.id
}
