import { describe, expect, it } from 'vitest'
import { ProgressModel, SessionModel, UserModel } from '#models/index'
import { DEMO_PASSWORD } from '~/demo/data.server'
import { TestClient } from '../setup/http-client'
import { logIn, logInWithUser } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { useSeededTestServer } from '../setup/seeded-server'

const server = useSeededTestServer()

async function newMember() {
	const { client, id, email, username } = await signUpMember(server.url, 'api_member', {
		name: 'Avery Api',
		password: 'first-password',
	})
	return { client, user: { id, email }, username }
}

describe('every member endpoint needs a session', () => {
	it.each([
		['GET', '/api/videos'],
		['GET', '/api/videos/1'],
		['GET', '/api/progress'],
		['POST', '/api/progress'],
		['GET', '/api/communities'],
		['GET', '/api/events'],
		['GET', '/api/resources'],
		['GET', '/api/users'],
		['PATCH', '/api/users/1'],
		['POST', '/api/users/1/change-password'],
	])('%s %s answers 401 without one', async (method, path) => {
		const response = await new TestClient(server.url).json(method, path, method === 'GET' ? undefined : { name: 'x' })
		expect(response.status).toBe(401)
		expect(await response.json()).toEqual({ message: 'Not authenticated' })
	})
})

describe('GET /api/videos and /api/videos/{id}', () => {
	it('gives a free member the whole list, but no media address for videos above 10', async () => {
		const client = await logIn(server.url, 'member')
		const videos = (await (await client.get('/api/videos')).json()) as Array<{
			id: number
			url: string | null
			locked: boolean
		}>
		expect(videos).toHaveLength(16)
		for (const video of videos) {
			expect(video.locked).toBe(video.id > 10)
			if (video.locked) expect(video.url).toBeNull()
			else expect(video.url).toMatch(/^\/media\/.+\.mp4$/)
		}
		const locked = await (await client.get('/api/videos/12')).json()
		expect(locked).toMatchObject({ id: 12, title: 'Leading Through Change', url: null, locked: true })
	})

	it('gives a trialing member every media address', async () => {
		const client = await logIn(server.url, 'premium')
		const videos = (await (await client.get('/api/videos')).json()) as Array<{ url: string | null; locked: boolean }>
		expect(videos.every((video) => video.url && !video.locked)).toBe(true)
		expect((await (await client.get('/api/videos/16')).json()).url).toMatch(/\.mp4$/)
	})

	it('filters by search and category, and answers 404 for an unknown or malformed id', async () => {
		const client = await logIn(server.url, 'member')
		const found = (await (await client.get('/api/videos?q=feedback')).json()) as Array<{ title: string }>
		expect(found.map((video) => video.title)).toContain('Giving Feedback That Lands')
		const strategy = (await (await client.get('/api/videos?category=Strategy')).json()) as Array<{ category: string }>
		expect(strategy.length).toBeGreaterThan(0)
		expect(strategy.every((video) => video.category === 'Strategy')).toBe(true)
		for (const path of ['/api/videos/999', '/api/videos/abc', '/api/videos/-1', '/api/videos/1.5']) {
			const response = await client.get(path)
			expect(response.status).toBe(404)
			expect(await response.json()).toEqual({ message: 'Video not found' })
		}
	})
})

describe('POST /api/progress and GET /api/progress', () => {
	it('records for the session user whatever userId says, one record per user and video, within 0–100', async () => {
		const { client, user } = await newMember()
		const admin = await UserModel.findOne({ usernameKey: 'admin' }).lean()
		const first = await client.json('POST', '/api/progress', {
			videoId: 4,
			userId: admin!.id,
			progress: 42.7,
			completed: false,
		})
		expect(first.status).toBe(200)
		expect(await first.json()).toMatchObject({ userId: user.id, videoId: 4, progress: 42, completed: false })
		expect(await ProgressModel.countDocuments({ userId: admin!.id, videoId: 4 })).toBe(0)

		const over = await (
			await client.json('POST', '/api/progress', { videoId: 4, userId: user.id, progress: 250, completed: false })
		).json()
		expect(over).toMatchObject({ progress: 100, completed: true })
		expect(await ProgressModel.countDocuments({ userId: user.id, videoId: 4 })).toBe(1)

		const negative = await (await client.json('POST', '/api/progress', { videoId: 5, progress: -20 })).json()
		expect(negative.progress).toBe(0)

		const records = (await (await client.get('/api/progress')).json()) as Array<{
			userId: number
			videoId: number
			progress: number
		}>
		expect(records.map(({ videoId, progress }) => [videoId, progress])).toEqual([
			[4, 100],
			[5, 0],
		])
		expect(records.every((record) => record.userId === user.id)).toBe(true)
	})

	it('marks completed from 95 % and never lowers saved progress when a lesson is watched again', async () => {
		const { client } = await newMember()
		expect(
			await (await client.json('POST', '/api/progress', { videoId: 6, progress: 94, completed: false })).json(),
		).toMatchObject({
			progress: 94,
			completed: false,
		})
		expect(
			await (await client.json('POST', '/api/progress', { videoId: 6, progress: 95, completed: true })).json(),
		).toMatchObject({
			progress: 95,
			completed: true,
		})
		expect(
			await (await client.json('POST', '/api/progress', { videoId: 6, progress: 8, completed: false })).json(),
		).toMatchObject({
			progress: 95,
			completed: true,
		})
	})

	it('refuses progress on a premium video for a free member (403) and on an unknown video (404)', async () => {
		const { client, user } = await newMember()
		const locked = await client.json('POST', '/api/progress', { videoId: 11, progress: 50 })
		expect(locked.status).toBe(403)
		expect((await locked.json()).message).toMatch(/Premium/)
		expect((await client.json('POST', '/api/progress', { videoId: 9999, progress: 50 })).status).toBe(404)
		expect(await ProgressModel.countDocuments({ userId: user.id })).toBe(0)
	})

	it('answers 400 with a readable message for malformed bodies, never 500', async () => {
		const { client, user } = await newMember()
		const cases: unknown[] = [
			'{nope',
			'[]',
			'"text"',
			{},
			{ videoId: '4', progress: 10 },
			{ videoId: 4, progress: 'half' },
			{ videoId: { $gt: 0 }, progress: 1 },
			{ videoId: 4, progress: 10, completed: 'yes' },
			{ videoId: 0, progress: 1 },
		]
		for (const body of cases) {
			const response = await client.json('POST', '/api/progress', body)
			expect(response.status, JSON.stringify(body)).toBe(400)
			expect((await response.json()).message).toBeTruthy()
		}
		const asForm = await client.request('/api/progress', {
			method: 'POST',
			body: new URLSearchParams({ videoId: '4', progress: '10' }),
		})
		expect(asForm.status).toBe(415)
		expect(await ProgressModel.countDocuments({ userId: user.id })).toBe(0)
	})
})

describe('GET /api/communities, /api/events, /api/resources', () => {
	it('list the catalogue', async () => {
		const client = await logIn(server.url, 'member')
		const communities = (await (await client.get('/api/communities')).json()) as Array<{ id: number; name: string }>
		expect(communities.slice(0, 3).map((c) => c.name)).toEqual([
			'Executive Leadership',
			'New Managers',
			'Women in Leadership',
		])
		const events = (await (await client.get('/api/events')).json()) as Array<{ startTime: string }>
		expect(events.length).toBe(8)
		expect(events.map((e) => e.startTime)).toEqual([...events.map((e) => e.startTime)].sort())
		const resources = (await (await client.get('/api/resources')).json()) as Array<{ type: string }>
		expect(resources.length).toBe(7)
		const pdfs = (await (await client.get('/api/resources?type=pdf')).json()) as Array<{ type: string }>
		expect(pdfs.map((r) => r.type)).toEqual(['pdf'])
	})
})

describe('GET /api/users', () => {
	it('lists public fields only: no email, no Stripe ids, no password', async () => {
		const client = await logIn(server.url, 'member')
		const users = (await (await client.get('/api/users')).json()) as Array<Record<string, unknown>>
		expect(users.length).toBeGreaterThanOrEqual(7)
		for (const user of users)
			expect(Object.keys(user).sort()).toEqual([
				'avatar',
				'bio',
				'headline',
				'id',
				'interests',
				'linkedinUrl',
				'location',
				'name',
				'role',
				'username',
			])
		const text = JSON.stringify(users)
		expect(text).not.toMatch(/@example\.com|argon2|password|stripe/i)
		const found = (await (await client.get('/api/users?q=MARIA')).json()) as Array<{ username: string }>
		expect(found.map((user) => user.username)).toEqual(['maria'])
	})
})

describe('PATCH /api/users/{id}', () => {
	it('updates the user themself and ignores fields such as role', async () => {
		const { client, user } = await newMember()
		const response = await client.json('PATCH', `/api/users/${user.id}`, {
			name: 'Avery Updated',
			bio: 'Leads a team of five.',
			avatar: 'https://example.com/avery.png',
			role: 'admin',
			subscriptionStatus: 'active',
		})
		expect(response.status).toBe(200)
		const updated = await response.json()
		expect(updated).toMatchObject({
			id: user.id,
			name: 'Avery Updated',
			bio: 'Leads a team of five.',
			avatar: 'https://example.com/avery.png',
			role: 'member',
			subscriptionStatus: 'inactive',
		})
		expect(JSON.stringify(updated)).not.toMatch(/password/i)
		const stored = await UserModel.findOne({ id: user.id }).lean()
		expect(stored).toMatchObject({ role: 'member', subscriptionStatus: 'inactive', name: 'Avery Updated' })
	})

	it("refuses another user's id with 403, even with a malformed body, and changes nothing", async () => {
		const { client } = await newMember()
		const admin = await UserModel.findOne({ usernameKey: 'admin' }).lean()
		for (const body of [{ name: 'Hacked' }, '{broken', {}]) {
			const response = await client.json('PATCH', `/api/users/${admin!.id}`, body)
			expect(response.status).toBe(403)
			expect((await response.json()).message).toBe('You can only change your own profile')
		}
		expect((await UserModel.findOne({ id: admin!.id }).lean())!.name).toBe(admin!.name)
	})

	it('answers 400 with the spec messages, 409 for a taken email, 404 for a malformed id', async () => {
		const { client, user } = await newMember()
		const invalid = await client.json('PATCH', `/api/users/${user.id}`, { name: 'A', email: 'not-an-email' })
		expect(invalid.status).toBe(400)
		const { message } = await invalid.json()
		expect(message).toContain('Name must be at least 2 characters.')
		expect(message).toContain('Invalid email address.')
		expect((await client.json('PATCH', `/api/users/${user.id}`, {})).status).toBe(400)
		expect((await client.json('PATCH', `/api/users/${user.id}`, { avatar: 'javascript:alert(1)' })).status).toBe(400)
		expect((await client.json('PATCH', `/api/users/${user.id}`, '{oops')).status).toBe(400)

		const taken = await client.json('PATCH', `/api/users/${user.id}`, {
			email: 'ADMIN@example.com',
			currentPassword: 'first-password',
		})
		expect(taken.status).toBe(409)
		expect(await taken.json()).toMatchObject({ field: 'email' })
		expect((await UserModel.findOne({ id: user.id }).lean())!.email).toBe(user.email)

		expect((await client.json('PATCH', '/api/users/abc', { name: 'Fine Name' })).status).toBe(404)
		expect((await client.json('PUT', `/api/users/${user.id}`, { name: 'Fine Name' })).status).toBe(405)
	})
})

describe('POST /api/users/{id}/change-password', () => {
	it("checks the current password, then ends the user's other sessions and keeps this one", async () => {
		const { client, user, username } = await newMember()
		const otherDevice = new TestClient(server.url)
		await otherDevice.json('POST', '/api/login', { username, password: 'first-password' })
		expect(await SessionModel.countDocuments({ userId: user.id })).toBe(2)

		const wrong = await client.json('POST', `/api/users/${user.id}/change-password`, {
			currentPassword: 'not-it',
			newPassword: 'second-password',
		})
		expect(wrong.status).toBe(400)
		expect(await wrong.json()).toMatchObject({ message: 'Current password is incorrect', field: 'currentPassword' })

		const short = await client.json('POST', `/api/users/${user.id}/change-password`, {
			currentPassword: 'first-password',
			newPassword: 'short',
		})
		expect(short.status).toBe(400)
		expect((await short.json()).message).toContain('Password must be at least 8 characters')

		const changed = await client.json('POST', `/api/users/${user.id}/change-password`, {
			currentPassword: 'first-password',
			newPassword: 'second-password',
		})
		expect(changed.status).toBe(200)
		expect(await changed.json()).toEqual({ message: 'Password changed' })
		expect((await client.get('/api/user')).status).toBe(200)
		expect((await otherDevice.get('/api/user')).status).toBe(401)

		expect(
			(await new TestClient(server.url).json('POST', '/api/login', { username, password: 'first-password' })).status,
		).toBe(401)
		expect(
			(await new TestClient(server.url).json('POST', '/api/login', { username, password: 'second-password' })).status,
		).toBe(200)
	})

	it('is only for the user themself', async () => {
		const { client } = await newMember()
		const admin = await UserModel.findOne({ usernameKey: 'admin' }).lean()
		const response = await client.json('POST', `/api/users/${admin!.id}/change-password`, {
			currentPassword: DEMO_PASSWORD,
			newPassword: 'taken-over-1',
		})
		expect(response.status).toBe(403)
		expect((await logInWithUser(server.url, 'admin')).user.id).toBe(admin!.id)
	})
})
