import { describe, expect, it } from 'vitest'
import { SessionModel, UserModel } from '#models/index'
import { endAllSessions } from '~/services/account/auth.server'
import { TestClient } from '../setup/http-client'
import { useTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'

const server = useTestServer()

function newAccount(overrides: Record<string, unknown> = {}) {
	return {
		username: uniqueName('leader'),
		password: 'strong-password',
		name: 'Casey Leader',
		email: `${uniqueName('casey')}@example.com`,
		bio: 'Team lead',
		...overrides,
	}
}

describe('POST /api/register', () => {
	it('creates a member, logs them in, and never returns the password', async () => {
		const client = new TestClient(server.url)
		const account = newAccount({ role: 'admin' })
		const response = await client.json('POST', '/api/register', account)
		expect(response.status).toBe(201)
		const user = await response.json()
		expect(user).toMatchObject({
			username: account.username,
			name: 'Casey Leader',
			role: 'member',
			subscriptionStatus: 'inactive',
		})
		expect(typeof user.id).toBe('number')
		expect(JSON.stringify(user)).not.toMatch(/password|\$argon2/i)
		expect((await client.get('/api/user')).status).toBe(200)
	})

	it('answers 409 for a username or email that is taken, whatever the case', async () => {
		const client = new TestClient(server.url)
		const account = newAccount()
		expect((await client.json('POST', '/api/register', account)).status).toBe(201)

		const sameUsername = await new TestClient(server.url).json(
			'POST',
			'/api/register',
			newAccount({ username: account.username.toUpperCase() }),
		)
		expect(sameUsername.status).toBe(409)
		expect(await sameUsername.json()).toMatchObject({ message: 'Username is already taken', field: 'username' })

		const sameEmail = await new TestClient(server.url).json(
			'POST',
			'/api/register',
			newAccount({ email: account.email.toUpperCase() }),
		)
		expect(sameEmail.status).toBe(409)
		expect((await sameEmail.json()).field).toBe('email')
		expect(await UserModel.countDocuments({ email: account.email.toLowerCase() })).toBe(1)
	})

	it('answers 400 with the spec message for a short password or a bad email, and stores nothing', async () => {
		const client = new TestClient(server.url)
		const before = await UserModel.countDocuments()
		const response = await client.json('POST', '/api/register', newAccount({ password: 'short', email: 'nope' }))
		expect(response.status).toBe(400)
		const { message } = await response.json()
		expect(message).toContain('Password must be at least 8 characters long')
		expect(message).toContain('Invalid email address')
		expect(await UserModel.countDocuments()).toBe(before)
	})

	it('refuses bodies that are not JSON objects', async () => {
		const client = new TestClient(server.url)
		expect((await client.json('POST', '/api/register', '{not json')).status).toBe(400)
		expect((await client.json('POST', '/api/register', '[]')).status).toBe(400)
		const form = await client.request('/api/register', {
			method: 'POST',
			body: new URLSearchParams(newAccount() as Record<string, string>),
		})
		expect(form.status).toBe(415)
	})
})

describe('POST /api/login, GET /api/user, POST /api/logout', () => {
	it('logs in with the right password and sets a session cookie that carries only an id', async () => {
		const account = newAccount()
		await new TestClient(server.url).json('POST', '/api/register', account)

		const client = new TestClient(server.url)
		expect((await client.get('/api/user')).status).toBe(401)
		const response = await client.json('POST', '/api/login', { username: account.username, password: account.password })
		expect(response.status).toBe(200)
		expect((await response.json()).username).toBe(account.username)

		const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__session='))!
		expect(setCookie).toMatch(/HttpOnly/i)
		expect(setCookie).toMatch(/SameSite=Lax/i)
		expect(decodeURIComponent(setCookie)).not.toContain(account.username)

		const me = await client.get('/api/user')
		expect(me.status).toBe(200)
		expect((await me.json()).email).toBe(account.email.toLowerCase())
	})

	it('says "Invalid username or password" for a wrong password and for an unknown user alike', async () => {
		const account = newAccount()
		await new TestClient(server.url).json('POST', '/api/register', account)
		const wrongPassword = await new TestClient(server.url).json('POST', '/api/login', {
			username: account.username,
			password: 'wrong-password',
		})
		const unknownUser = await new TestClient(server.url).json('POST', '/api/login', {
			username: 'nobody_here',
			password: 'whatever1',
		})
		for (const response of [wrongPassword, unknownUser]) {
			expect(response.status).toBe(401)
			expect(await response.json()).toEqual({ message: 'Invalid username or password' })
			expect(response.headers.getSetCookie().some((c) => c.startsWith('__session='))).toBe(false)
		}
	})

	it('refuses query operators in place of credentials, and logs nobody in', async () => {
		const client = new TestClient(server.url)
		const response = await client.json('POST', '/api/login', { username: { $gt: '' }, password: { $gt: '' } })
		expect(response.status).toBe(400)
		expect((await response.json()).message).toBeTruthy()
		expect((await client.get('/api/user')).status).toBe(401)
	})

	it('gives a new session id at every login and deletes the old session', async () => {
		const account = newAccount()
		const client = new TestClient(server.url)
		await client.json('POST', '/api/register', account)
		const firstId = client.cookie('__session')
		await client.json('POST', '/api/login', { username: account.username, password: account.password })
		const secondId = client.cookie('__session')
		expect(secondId).toBeTruthy()
		expect(secondId).not.toBe(firstId)
		const user = await UserModel.findOne({ usernameKey: account.username }).lean()
		expect(await SessionModel.countDocuments({ userId: user!.id })).toBe(1)
	})

	it('logout deletes the session: the old cookie no longer works', async () => {
		const account = newAccount()
		const client = new TestClient(server.url)
		await client.json('POST', '/api/register', account)
		const stolenCookie = `__session=${client.cookie('__session')}`

		expect((await client.json('POST', '/api/logout')).status).toBe(200)
		expect((await client.get('/api/user')).status).toBe(401)
		const replay = await fetch(new URL('/api/user', server.url), { headers: { Cookie: stolenCookie } })
		expect(replay.status).toBe(401)
	})

	it('"log out from all devices" ends every session of the user', async () => {
		const account = newAccount()
		const laptop = new TestClient(server.url)
		const phone = new TestClient(server.url)
		await laptop.json('POST', '/api/register', account)
		await phone.json('POST', '/api/login', { username: account.username, password: account.password })
		const user = await UserModel.findOne({ usernameKey: account.username }).lean()

		await endAllSessions(user!.id)
		expect((await laptop.get('/api/user')).status).toBe(401)
		expect((await phone.get('/api/user')).status).toBe(401)
	})

	it('unknown API paths answer JSON 404', async () => {
		const response = await new TestClient(server.url).get('/api/does-not-exist')
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ message: 'Not found' })
	})
})
