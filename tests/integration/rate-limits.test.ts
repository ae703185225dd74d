import { describe, expect, it } from 'vitest'
import { UserModel } from '#models/index'
import { TestClient } from '../setup/http-client'
import { useTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'

/**
 * The per-client limit on requests that cost a password hash (issue 16,
 * finding 4; docs/decisions/131): logins, sign-ups and password changes share
 * AUTH_RATE_LIMIT_PER_MINUTE per client address. This server runs with the
 * default (30) and without TRUST_PROXY, so every request here comes from one
 * address, 127.0.0.1, whatever X-Forwarded-For says. Each test runs against
 * the same budget, so the file's tests run in order and the first one spends it.
 */
const server = useTestServer({ seed: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '' } })
const DEFAULT_LIMIT = 30

describe('one client address, many password requests', () => {
	it(`answers the first ${DEFAULT_LIMIT} in a minute and refuses the rest with 429, Retry-After and a readable message, forged addresses or not`, async () => {
		const attempts = Array.from({ length: DEFAULT_LIMIT + 10 }, (_, n) =>
			// Without TRUST_PROXY the header is nobody's word: these are all 127.0.0.1.
			new TestClient(server.url).request('/api/login', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${n + 1}` },
				body: JSON.stringify({ username: uniqueName('flood'), password: 'a-wrong-password' }),
			}),
		)
		const responses = await Promise.all(attempts)
		const refused = responses.filter((response) => response.status === 429)
		expect(refused).toHaveLength(10)
		expect(responses.filter((response) => response.status === 401)).toHaveLength(DEFAULT_LIMIT)
		for (const response of refused) {
			expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)
			expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
			expect((await response.json()).message).toMatch(
				/^Too many requests from your network\. Please try again in (\d+ seconds?|1 minute)\.$/,
			)
		}
	})

	it('sign-ups from the same address are refused too, and nothing is created', async () => {
		const username = uniqueName('late')
		const response = await new TestClient(server.url).json('POST', '/api/register', {
			username,
			password: 'a-good-password',
			name: 'Late Comer',
			email: `${username}@example.com`,
		})
		expect(response.status).toBe(429)
		expect(response.headers.get('Retry-After')).toBeTruthy()
		expect(await UserModel.countDocuments({ usernameKey: username.toLowerCase() })).toBe(0)
	})

	it('the login form says so on the form, with the same Retry-After', async () => {
		const response = await new TestClient(server.url).submitForm('/auth', {
			intent: 'login',
			username: 'member',
			password: 'password123',
		})
		expect(response.status).toBe(429)
		expect(response.headers.get('Retry-After')).toBeTruthy()
		expect(await response.text()).toMatch(
			/Too many requests from your network\. Please try again in (\d+ seconds?|1 minute)\./,
		)
	})

	it('requests that cost no hash (an invalid form, a page) are not refused', async () => {
		expect((await new TestClient(server.url).json('POST', '/api/login', { username: '' })).status).toBe(400)
		expect((await new TestClient(server.url).get('/auth')).status).toBe(200)
	})
})
