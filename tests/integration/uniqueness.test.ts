import { describe, expect, it } from 'vitest'
import { UniqueClaimModel, UserModel } from '#models/index'
import { CLAIM_GRACE_MS, claimUnique, releaseUnique } from '~/services/unique-claims.server'
import { TestClient } from '../setup/http-client'
import { signUpMember } from '../setup/members'
import { useTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'

/**
 * Usernames and email addresses belong to one account, also when requests
 * race (issue 16, finding 7; docs/decisions/136). On the embedded database
 * no unique index is enforced, so these pass only because each value is
 * claimed with one atomic write.
 */
const server = useTestServer({ seed: true })

const account = (overrides: Record<string, string> = {}) => {
	const username = uniqueName('same')
	return { username, password: 'a-good-password', name: 'Sam Racer', email: `${username}@example.com`, ...overrides }
}
const register = (body: Record<string, string>) => new TestClient(server.url).json('POST', '/api/register', body)
const sortedStatuses = (responses: Response[]) => responses.map((response) => response.status).sort()

describe('sign-ups sent at once', () => {
	it('ten with one username: exactly one 201, nine 409 "Username is already taken", one account', async () => {
		const username = uniqueName('twin')
		const responses = await Promise.all(Array.from({ length: 10 }, (_, n) => register(account({ username: n % 2 ? username : username.toUpperCase(), email: `${uniqueName('mail')}@example.com` }))))
		expect(sortedStatuses(responses)).toEqual([201, ...Array(9).fill(409)])
		for (const response of responses.filter((r) => r.status === 409)) expect(await response.json()).toMatchObject({ message: 'Username is already taken', field: 'username' })
		expect(await UserModel.countDocuments({ usernameKey: username.toLowerCase() })).toBe(1)
	})

	it('ten with one email address: exactly one 201, nine 409, one account, and the losers’ usernames stay free', async () => {
		const email = `${uniqueName('shared')}@example.com`
		const bodies = Array.from({ length: 10 }, () => account({ email }))
		const responses = await Promise.all(bodies.map(register))
		expect(sortedStatuses(responses)).toEqual([201, ...Array(9).fill(409)])
		expect(await UserModel.countDocuments({ email })).toBe(1)
		// A refused sign-up gave its username claim back: someone else may take it now.
		const loser = bodies[responses.findIndex((response) => response.status === 409)]!
		expect((await register(account({ username: loser.username }))).status).toBe(201)
	})

	it('an account made before claims existed (the seed) still holds its username and email', async () => {
		expect((await register(account({ username: 'Admin' }))).status).toBe(409)
		expect((await register(account({ email: 'admin@example.com' }))).status).toBe(409)
		expect(await UniqueClaimModel.countDocuments({ key: 'username:admin' })).toBe(0)
	})
})

describe('email changes sent at once', () => {
	it('two members moving to one new address: one gets it, the other 409, and each keeps what they had otherwise', async () => {
		const [first, second] = await Promise.all([signUpMember(server.url, 'mover'), signUpMember(server.url, 'mover')])
		const target = `${uniqueName('wanted')}@example.com`
		const responses = await Promise.all(
			[first, second].map((member) => member.client.json('PATCH', `/api/users/${member.id}`, { email: target })),
		)
		expect(sortedStatuses(responses)).toEqual([200, 409])
		expect(await UserModel.countDocuments({ email: target })).toBe(1)
		const loser = [first, second][responses.findIndex((response) => response.status === 409)]!
		expect((await UserModel.findOne({ id: loser.id }).lean())!.email).toBe(loser.email)
	})

	it('the old address is given up after a change, so another account may take it', async () => {
		const member = await signUpMember(server.url, 'leaver')
		expect((await member.client.json('PATCH', `/api/users/${member.id}`, { email: `${uniqueName('new')}@example.com` })).status).toBe(200)
		expect((await register(account({ email: member.email }))).status).toBe(201)
	})
})

describe('claims (the service contract)', () => {
	it('a value is one account’s until it releases it; releasing someone else’s claim does nothing', async () => {
		const value = uniqueName('claim')
		expect(await claimUnique('username', value, 900_001)).toBe(true)
		expect(await claimUnique('username', value.toUpperCase(), 900_001)).toBe(true)
		expect(await claimUnique('username', value, 900_002)).toBe(false)
		await releaseUnique('username', value, 900_002)
		expect(await claimUnique('username', value, 900_002)).toBe(false)
		await releaseUnique('username', value, 900_001)
		expect(await claimUnique('username', value, 900_002)).toBe(true)
	})

	it('a claim left behind (its account never written) is taken over once it is older than the grace period', async () => {
		const value = `${uniqueName('orphan')}@example.com`
		expect(await claimUnique('email', value, 900_003)).toBe(true)
		expect(await claimUnique('email', value, 900_004)).toBe(false)
		await UniqueClaimModel.updateOne({ key: `email:${value}` }, { $set: { claimedAt: new Date(Date.now() - CLAIM_GRACE_MS - 1000) } })
		expect(await claimUnique('email', value, 900_004)).toBe(true)
	})
})
