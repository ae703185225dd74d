import { describe, expect, it } from 'vitest'
import { TestClient } from '../setup/http-client'
import { signUpMember } from '../setup/members'
import { useTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'

/**
 * Login throttling (docs/decisions/130), as the outside review attacked it
 * (issue 16, findings 1, 2 and 6): parallel guesses, locking someone else
 * out, guessing across accounts, and the current password of the password
 * form. The server believes the loopback proxy (TRUST_PROXY=loopback), so
 * each test client speaks from an address of its own (X-Forwarded-For), as
 * different people on the internet do.
 */
const server = useTestServer({ seed: true, env: { TRUST_PROXY: 'loopback' } })

let nextAddress = 0
/** A browser at an address nobody else in this file uses. */
const newClient = () => new TestClient(server.url, { from: `198.51.100.${++nextAddress}` })

const login = (client: TestClient, username: string, password: string) =>
	client.json('POST', '/api/login', { username, password })
const statuses = (responses: Response[]) => responses.map((response) => response.status)
const count = (list: number[], status: number) => list.filter((value) => value === status).length

describe('guesses sent in parallel', () => {
	it('40 wrong passwords and the right one at once: at most the 5 tries a client has are checked, the rest are refused', async () => {
		const member = await signUpMember(server.url, 'race')
		const attacker = newClient()
		const attempts = [
			...Array.from({ length: 40 }, () => login(attacker, member.username, 'wrong-password')),
			login(attacker, member.username, member.password),
		]
		const answered = statuses(await Promise.all(attempts))
		// Each attempt was counted before its password was checked, atomically: only five were checked at all.
		expect(count(answered, 401) + count(answered, 200)).toBe(5)
		expect(count(answered, 429)).toBe(36)
	})

	it('60 wrong passwords at once: 5 answered 401, 55 refused with 429 and Retry-After; then the right password is refused too', async () => {
		const member = await signUpMember(server.url, 'flood')
		const attacker = newClient()
		const responses = await Promise.all(
			Array.from({ length: 60 }, () => login(attacker, member.username, 'wrong-password')),
		)
		expect(count(statuses(responses), 401)).toBe(5)
		expect(count(statuses(responses), 429)).toBe(55)
		const refused = responses.find((response) => response.status === 429)!
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect((await refused.json()).message).toMatch(
			/^Too many failed login attempts\. Please try again in \d+ (second|minute)s?\.$/,
		)

		const right = await login(attacker, member.username, member.password)
		expect(right.status).toBe(429)
	})
})

describe('nobody can lock someone else out', () => {
	it('guesses from other clients never lock the owner out of a browser they have logged in from before', async () => {
		const owner = await signUpMember(server.url, 'owner')
		// The owner's browser (it signed up here, so it is known to the account), at an address of its own.
		const ownersBrowser = new TestClient(server.url, { from: '203.0.113.10' })
		expect((await login(ownersBrowser, owner.username, owner.password)).status).toBe(200)

		// Strangers at three addresses guess until they are refused: more than the account allows for strangers.
		for (const attacker of [newClient(), newClient(), newClient()]) {
			const answered = statuses(
				await Promise.all(Array.from({ length: 6 }, () => login(attacker, owner.username, 'a-wrong-guess'))),
			)
			expect(answered).toContain(429)
		}
		// A new browser, even with the right password, is now refused for a while …
		expect((await login(newClient(), owner.username, owner.password)).status).toBe(429)
		// … but the owner's own browser logs in.
		const back = await login(ownersBrowser, owner.username, owner.password)
		expect(back.status).toBe(200)
		expect((await back.json()).username).toBe(owner.username)
	})

	it('the admin account is not locked by 8 wrong passwords from someone else', async () => {
		const attacker = newClient()
		for (let attempt = 0; attempt < 8; attempt++)
			expect([401, 429]).toContain((await login(attacker, 'admin', 'not-the-password')).status)
		// Another client, new to the account, still gets in with the right password.
		expect((await login(newClient(), 'admin', 'password123')).status).toBe(200)
	})

	it('a known browser that types a wrong password is slowed down on its own count, then let in again after its wait', async () => {
		const member = await signUpMember(server.url, 'typo')
		const browser = new TestClient(server.url, { from: '203.0.113.20' })
		expect((await login(browser, member.username, member.password)).status).toBe(200)
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await login(browser, member.username, 'typo-password')).status).toBe(401)
		const slowed = await login(browser, member.username, member.password)
		expect(slowed.status).toBe(429)
		// A minute at most: a slow-down, not a lock-out.
		expect(Number(slowed.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
	})
})

describe('guessing across many accounts from one address', () => {
	it('one address gets 50 tries an hour in all, whichever usernames it tries', async () => {
		const guesser = newClient()
		for (let attempt = 0; attempt < 50; attempt++) {
			expect((await login(guesser, uniqueName('nobody'), 'password123')).status, `try ${attempt + 1}`).toBe(401)
		}
		const refused = await login(guesser, 'premium', 'password123')
		expect(refused.status).toBe(429)
		expect(refused.headers.get('Retry-After')).toBeTruthy()
		// Another address is not affected.
		expect((await login(newClient(), 'premium', 'password123')).status).toBe(200)
	})

	it('right passwords do not use up the address’s tries', async () => {
		const member = await signUpMember(server.url, 'office')
		const office = newClient()
		for (let attempt = 0; attempt < 60; attempt++)
			expect((await login(office, member.username, member.password)).status).toBe(200)
	})
})

describe('the current password of the password change', () => {
	it('is refused after 5 wrong ones, even when right, with a 429 and Retry-After', async () => {
		const member = await signUpMember(server.url, 'changer')
		const { id } = await (await member.client.get('/api/user')).json()
		const change = (currentPassword: string) =>
			member.client.json('POST', `/api/users/${id}/change-password`, {
				currentPassword,
				newPassword: 'another-password-1',
			})
		for (let attempt = 0; attempt < 5; attempt++) expect((await change('not-my-password')).status).toBe(400)
		const refused = await change(member.password)
		expect(refused.status).toBe(429)
		expect(refused.headers.get('Retry-After')).toBeTruthy()
		expect((await refused.json()).message).toMatch(
			/^Too many wrong current passwords\. Please try again in \d+ minutes?\.$/,
		)
		// The password did not change.
		expect((await login(newClient(), member.username, member.password)).status).toBe(200)
	})
})
