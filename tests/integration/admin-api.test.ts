import mongoose from 'mongoose'
import { beforeAll, describe, expect, it } from 'vitest'
import {
	CommunityModel,
	EventModel,
	MessageModel,
	ProgressModel,
	ResourceModel,
	UserModel,
	VideoModel,
	nextId,
} from '#models/index'
import { LAST_ADMIN } from '~/services/account/admin-users.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { useSeededTestServer } from '../setup/seeded-server'
import { snapshot, userIdOf, type DemoAccount } from './admin-helpers'

const server = useSeededTestServer()
const clients = {} as Record<DemoAccount | 'visitor', TestClient>

beforeAll(async () => {
	clients.visitor = new TestClient(server.url)
	for (const account of ['admin', 'manager', 'moderator', 'member', 'premium'] as const) {
		clients[account] = await logIn(server.url, account)
	}
})

const validVideo = {
	title: 'Leading Hybrid Teams',
	description: 'Rituals for teams split across offices.',
	url: '/media/teams.mp4',
	thumbnail: null,
	duration: 12,
	category: 'Team Building',
}
const validCommunity = { name: 'Finance Leaders', description: 'CFOs and finance managers.', icon: 'FL' }
const validEvent = {
	title: 'Ask Me Anything',
	description: '',
	location: '',
	startTime: '2031-03-04T17:00:00.000Z',
	endTime: '',
}
const validResource = {
	title: 'Delegation Checklist',
	description: 'What to hand over, and how.',
	url: 'https://example.com/delegation.pdf',
}

/** Every admin call of product §7 with a good body; ids point at seeded entities. */
function everyAdminCall() {
	return [
		{ method: 'GET', path: '/api/admin/users', adminOnly: true },
		{ method: 'PATCH', path: '/api/admin/users/4/role', body: { role: 'moderator' }, adminOnly: true },
		{ method: 'POST', path: '/api/admin/videos', body: validVideo },
		{ method: 'PATCH', path: '/api/admin/videos/1', body: { title: 'Renamed' } },
		{ method: 'DELETE', path: '/api/admin/videos/1' },
		{ method: 'POST', path: '/api/admin/communities', body: validCommunity },
		{ method: 'PATCH', path: '/api/admin/communities/1', body: { name: 'Renamed' } },
		{ method: 'DELETE', path: '/api/admin/communities/1' },
		{ method: 'GET', path: '/api/admin/events' },
		{ method: 'POST', path: '/api/admin/events', body: validEvent },
		{ method: 'PATCH', path: '/api/admin/events/1', body: { title: 'Renamed' } },
		{ method: 'DELETE', path: '/api/admin/events/1' },
		{ method: 'POST', path: '/api/admin/resources', body: validResource },
		{ method: 'PATCH', path: '/api/admin/resources/1', body: { title: 'Renamed' } },
		{ method: 'DELETE', path: '/api/admin/resources/1' },
	] as Array<{ method: string; path: string; body?: unknown; adminOnly?: boolean }>
}

describe('who may call the admin API', () => {
	it('answers 401 to a visitor and 403 to a member, a premium member and a moderator, and changes nothing', async () => {
		const before = await snapshot()
		for (const call of everyAdminCall()) {
			const visitor = await clients.visitor.json(call.method, call.path, call.body)
			expect(visitor.status, `${call.method} ${call.path} as a visitor`).toBe(401)
			for (const account of ['member', 'premium', 'moderator'] as const) {
				const response = await clients[account].json(call.method, call.path, call.body)
				expect(response.status, `${call.method} ${call.path} as ${account}`).toBe(403)
				expect((await response.json()).message).toBe('You do not have permission to do that')
			}
		}
		expect(await snapshot()).toBe(before)
	})

	it('answers 403 to a content manager for users and roles, and 401/403 before looking at a hostile body', async () => {
		const before = await snapshot()
		for (const call of everyAdminCall().filter((call) => call.adminOnly)) {
			expect(
				(await clients.manager.json(call.method, call.path, call.body)).status,
				`${call.method} ${call.path}`,
			).toBe(403)
		}
		expect((await clients.visitor.json('POST', '/api/admin/videos', { $gt: '' })).status).toBe(401)
		expect((await clients.member.json('PATCH', '/api/admin/users/1/role', '{not json')).status).toBe(403)
		expect(await snapshot()).toBe(before)
	})

	it('answers 405 to methods the spec does not list', async () => {
		expect((await clients.admin.json('PUT', '/api/admin/videos/1', validVideo)).status).toBe(405)
		expect((await clients.admin.get('/api/admin/videos')).status).toBe(405)
		expect((await clients.admin.json('POST', '/api/admin/users', {})).status).toBe(405)
	})
})

describe('videos', () => {
	it('a content manager adds a video; createdBy is the session user whatever the body says', async () => {
		const response = await clients.manager.json('POST', '/api/admin/videos', {
			...validVideo,
			createdBy: 1,
			id: 999,
			createdAt: '2000-01-01T00:00:00Z',
		})
		expect(response.status).toBe(201)
		const video = await response.json()
		expect(video).toMatchObject({ ...validVideo, createdBy: await userIdOf('manager') })
		expect(video.id).not.toBe(999)
		expect(new Date(video.createdAt).getFullYear()).toBeGreaterThan(2000)
		expect(await VideoModel.countDocuments({ id: video.id })).toBe(1)
	})

	it('empty optional fields and a missing duration are stored as null', async () => {
		const response = await clients.admin.json('POST', '/api/admin/videos', {
			title: 'Bare Video',
			url: 'https://cdn.example.com/bare.mp4',
			description: '',
			category: '  ',
		})
		expect(response.status).toBe(201)
		expect(await response.json()).toMatchObject({ description: null, thumbnail: null, duration: null, category: null })
	})

	it('PATCH changes only the fields it carries; null clears an optional one', async () => {
		const created = await (await clients.admin.json('POST', '/api/admin/videos', validVideo)).json()
		const response = await clients.manager.json('PATCH', `/api/admin/videos/${created.id}`, {
			duration: 45,
			category: null,
			createdBy: 12345,
		})
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({
			...validVideo,
			duration: 45,
			category: null,
			createdBy: created.createdBy,
		})
	})

	it('deleting a video deletes its progress records, and only those', async () => {
		const video = await (await clients.admin.json('POST', '/api/admin/videos', validVideo)).json()
		const memberId = await userIdOf('member')
		await ProgressModel.create({
			id: await nextId('progress'),
			userId: memberId,
			videoId: video.id,
			progress: 50,
			completed: false,
		})
		const otherProgress = await ProgressModel.countDocuments({ videoId: mongoose.trusted({ $ne: video.id }) })

		const response = await clients.manager.json('DELETE', `/api/admin/videos/${video.id}`)
		expect(response.status).toBe(200)
		expect(await VideoModel.countDocuments({ id: video.id })).toBe(0)
		expect(await ProgressModel.countDocuments({ videoId: video.id })).toBe(0)
		expect(await ProgressModel.countDocuments({ videoId: mongoose.trusted({ $ne: video.id }) })).toBe(otherProgress)

		const again = await clients.manager.json('DELETE', `/api/admin/videos/${video.id}`)
		expect(again.status).toBe(404)
		expect(await again.json()).toEqual({ message: 'Video not found' })
	})
})

describe('communities', () => {
	it('adds, edits and deletes a community; deleting it deletes its messages only', async () => {
		const created = await clients.manager.json('POST', '/api/admin/communities', { ...validCommunity, createdBy: 1 })
		expect(created.status).toBe(201)
		const community = await created.json()
		expect(community).toMatchObject({ ...validCommunity, createdBy: await userIdOf('manager') })

		const edited = await clients.admin.json('PATCH', `/api/admin/communities/${community.id}`, {
			description: '',
			icon: 'https://example.com/fl.png',
		})
		expect(await edited.json()).toMatchObject({
			name: validCommunity.name,
			description: null,
			icon: 'https://example.com/fl.png',
		})

		await MessageModel.create({
			id: await nextId('messages'),
			content: 'Hello finance',
			senderId: 1,
			communityId: community.id,
			isPrivate: false,
		})
		const otherMessages = await MessageModel.countDocuments({ communityId: mongoose.trusted({ $ne: community.id }) })
		expect((await clients.admin.json('DELETE', `/api/admin/communities/${community.id}`)).status).toBe(200)
		expect(await CommunityModel.countDocuments({ id: community.id })).toBe(0)
		expect(await MessageModel.countDocuments({ communityId: community.id })).toBe(0)
		expect(await MessageModel.countDocuments({ communityId: mongoose.trusted({ $ne: community.id }) })).toBe(
			otherMessages,
		)
	})
})

describe('events', () => {
	it('creates an event; empty description, location and end time are stored as null', async () => {
		const response = await clients.manager.json('POST', '/api/admin/events', validEvent)
		expect(response.status).toBe(201)
		const event = await response.json()
		expect(event).toMatchObject({
			title: 'Ask Me Anything',
			description: null,
			location: null,
			endTime: null,
			startTime: '2031-03-04T17:00:00.000Z',
		})
		const stored = await EventModel.findOne({ id: event.id }).lean()
		expect(stored!.startTime).toBeInstanceOf(Date)
		expect(stored!.createdBy).toBe(await userIdOf('manager'))
	})

	it('refuses an end before the start, on create and on a PATCH of the end alone, and stores nothing', async () => {
		const before = await snapshot()
		const backwards = await clients.admin.json('POST', '/api/admin/events', {
			...validEvent,
			endTime: '2031-03-04T16:00:00Z',
		})
		expect(backwards.status).toBe(400)
		expect(await backwards.json()).toMatchObject({ message: 'End time must be after the start time', field: 'endTime' })
		const seeded = await EventModel.findOne().sort({ id: 1 }).lean()
		const patch = await clients.admin.json('PATCH', `/api/admin/events/${seeded!.id}`, {
			endTime: new Date(seeded!.startTime.getTime() - 60_000).toISOString(),
		})
		expect(patch.status).toBe(400)
		expect(await snapshot()).toBe(before)
	})

	it('the title needs 3 characters and the start time is required (product §5)', async () => {
		const response = await clients.admin.json('POST', '/api/admin/events', { title: 'AB' })
		expect(response.status).toBe(400)
		const { message } = await response.json()
		expect(message).toContain('Title must be at least 3 characters long')
		expect(message).toContain('Start time is required')
	})

	it('GET /api/admin/events lists events and searches title, description and location ignoring case', async () => {
		const all = await (await clients.manager.get('/api/admin/events')).json()
		expect(all.length).toBeGreaterThanOrEqual(8)
		const london = await (await clients.manager.get('/api/admin/events?search=LONDON')).json()
		expect(london.map((event: { title: string }) => event.title)).toEqual(['Women in Leadership Meetup'])
		const byDescription = await (await clients.admin.get('/api/admin/events?search=peer%20groups')).json()
		expect(byDescription.map((event: { title: string }) => event.title)).toEqual(['Annual Leadership Summit'])
		expect(await (await clients.admin.get('/api/admin/events?search=.*')).json()).toEqual([])
	})
})

describe('resources', () => {
	it('a new resource is a pdf unless told otherwise; its type can be changed to any spec type', async () => {
		const response = await clients.manager.json('POST', '/api/admin/resources', validResource)
		expect(response.status).toBe(201)
		const resource = await response.json()
		expect(resource).toMatchObject({ ...validResource, type: 'pdf', createdBy: await userIdOf('manager') })
		const patched = await clients.admin.json('PATCH', `/api/admin/resources/${resource.id}`, { type: 'worksheet' })
		expect(await patched.json()).toMatchObject({ type: 'worksheet', title: validResource.title })
		expect((await clients.admin.json('DELETE', `/api/admin/resources/${resource.id}`)).status).toBe(200)
		expect(await ResourceModel.countDocuments({ id: resource.id })).toBe(0)
	})
})

describe('bad input changes nothing', () => {
	// Wrong types, operators, huge and malformed bodies and ids, for every call: hostile-input.test.ts. Here, the admin rules.
	const cases: Array<{ what: string; method: string; path: string; body: unknown; status: number; message?: string }> =
		[
			{
				what: 'a fractional duration',
				method: 'PATCH',
				path: '/api/admin/videos/2',
				body: { duration: 1.5 },
				status: 400,
				message: 'Duration must be a whole number',
			},
			{
				what: 'a negative duration',
				method: 'PATCH',
				path: '/api/admin/videos/2',
				body: { duration: -3 },
				status: 400,
				message: 'Duration must be a whole number',
			},
			{
				what: 'a javascript: URL',
				method: 'POST',
				path: '/api/admin/resources',
				body: { ...validResource, url: 'javascript:alert(1)' },
				status: 400,
				message: 'URL must start with http://, https:// or /',
			},
			{
				what: 'a protocol-relative thumbnail',
				method: 'PATCH',
				path: '/api/admin/videos/2',
				body: { thumbnail: '//evil.example/x.png' },
				status: 400,
				message: 'Thumbnail must start with',
			},
			{
				what: 'an unknown resource type',
				method: 'POST',
				path: '/api/admin/resources',
				body: { ...validResource, type: 'exe' },
				status: 400,
				message: 'Type must be one of',
			},
			{
				what: 'a required field set to null',
				method: 'PATCH',
				path: '/api/admin/videos/2',
				body: { url: null },
				status: 400,
				message: 'URL must be text',
			},
			{
				what: 'a start time that is not a date',
				method: 'POST',
				path: '/api/admin/events',
				body: { ...validEvent, startTime: 'next tuesday' },
				status: 400,
				message: 'Start time must be an ISO 8601 date',
			},
			{
				what: 'a start time without a zone',
				method: 'PATCH',
				path: '/api/admin/events/2',
				body: { startTime: '2031-03-04T17:00' },
				status: 400,
				message: 'Start time must be an ISO 8601 date',
			},
			{
				what: 'an unknown role',
				method: 'PATCH',
				path: '/api/admin/users/4/role',
				body: { role: 'superuser' },
				status: 400,
				message: 'Role must be one of',
			},
		]

	for (const testCase of cases) {
		it(`${testCase.what}: ${testCase.status}`, async () => {
			const before = await snapshot()
			const response = await clients.admin.json(testCase.method, testCase.path, testCase.body)
			expect(response.status).toBe(testCase.status)
			if (testCase.message) expect((await response.json()).message).toContain(testCase.message)
			expect(await snapshot()).toBe(before)
		})
	}
})

describe('users and roles', () => {
	it('lists every user without password hashes, searching username, name or email ignoring case', async () => {
		const response = await clients.admin.get('/api/admin/users')
		expect(response.status).toBe(200)
		const users = await response.json()
		expect(users.length).toBeGreaterThanOrEqual(7)
		expect(JSON.stringify(users)).not.toMatch(/passwordHash|\$argon2|usernameKey/)
		const byName = await (await clients.admin.get('/api/admin/users?search=priya')).json()
		expect(byName.map((user: { username: string }) => user.username)).toEqual(['manager'])
		const byEmail = await (await clients.admin.get('/api/admin/users?search=MODERATOR@EXAMPLE')).json()
		expect(byEmail.map((user: { username: string }) => user.username)).toEqual(['moderator'])
		expect(await (await clients.admin.get('/api/admin/users?search=(')).json()).toEqual([])
	})

	it('an admin changes a role and back; the user gets the new permissions at once', async () => {
		const davidId = await userIdOf('david')
		const david = await logIn(server.url, 'david')
		expect((await david.get('/api/admin/events')).status).toBe(403)

		const promoted = await clients.admin.json('PATCH', `/api/admin/users/${davidId}/role`, { role: 'content_manager' })
		expect(promoted.status).toBe(200)
		expect(await promoted.json()).toMatchObject({ id: davidId, role: 'content_manager' })
		expect((await david.get('/api/admin/events')).status).toBe(200)
		expect((await david.get('/api/admin/users')).status).toBe(403)

		expect((await clients.admin.json('PATCH', `/api/admin/users/${davidId}/role`, { role: 'member' })).status).toBe(200)
		expect((await UserModel.findOne({ id: davidId }).lean())!.role).toBe('member')
		expect((await david.get('/api/admin/events')).status).toBe(403)
	})

	it('the last admin cannot be demoted (409, nothing changed); with a second admin they can', async () => {
		const adminId = await userIdOf('admin')
		const before = await snapshot()
		const refused = await clients.admin.json('PATCH', `/api/admin/users/${adminId}/role`, { role: 'member' })
		expect(refused.status).toBe(409)
		expect((await refused.json()).message).toBe(LAST_ADMIN)
		expect(await snapshot()).toBe(before)

		const mariaId = await userIdOf('maria')
		expect((await clients.admin.json('PATCH', `/api/admin/users/${mariaId}/role`, { role: 'admin' })).status).toBe(200)
		const maria = await logIn(server.url, 'maria')
		expect((await maria.json('PATCH', `/api/admin/users/${adminId}/role`, { role: 'moderator' })).status).toBe(200)
		// Maria is now the only admin: she cannot demote herself, and Alex can no longer make calls.
		expect((await maria.json('PATCH', `/api/admin/users/${mariaId}/role`, { role: 'member' })).status).toBe(409)
		expect((await clients.admin.get('/api/admin/users')).status).toBe(403)
		expect((await maria.json('PATCH', `/api/admin/users/${adminId}/role`, { role: 'admin' })).status).toBe(200)
		expect((await clients.admin.json('PATCH', `/api/admin/users/${mariaId}/role`, { role: 'member' })).status).toBe(200)
		expect(await UserModel.countDocuments({ role: 'admin' })).toBe(1)
	})
})
