import { describe, expect, it } from 'vitest'
import { TestClient } from '../setup/http-client'
import { signUpMember } from '../setup/members'
import { buildVersionOf } from '../setup/page-html'
import { useTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'

/**
 * The third outside review's findings about addresses (issue 28, findings
 * 2, 5 and 10): many people behind one address (NAT, a proxy), someone
 * else on the network of a shared demo, and scripts reading as fast as they
 * can. The server believes the loopback proxy (TRUST_PROXY=loopback), so each
 * test client speaks from an address of its own (X-Forwarded-For); the read
 * limits are set low (READ_RATE_LIMIT_PER_MINUTE, READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
 * EXPORT_RATE_LIMIT_PER_HOUR), as a deployment may.
 */
const READS_PER_MEMBER = 40
const READS_PER_ADDRESS = 80
const EXPORTS_PER_HOUR = 3
const server = useTestServer({
	seed: true,
	env: {
		TRUST_PROXY: 'loopback',
		READ_RATE_LIMIT_PER_MINUTE: String(READS_PER_MEMBER),
		READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(READS_PER_ADDRESS),
		EXPORT_RATE_LIMIT_PER_HOUR: String(EXPORTS_PER_HOUR),
	},
})

let nextAddress = 0
/** An address nobody else in this file uses. */
const newAddress = () => `203.0.113.${++nextAddress}`

const login = (client: TestClient, username: string, password: string) =>
	client.json('POST', '/api/login', { username, password })

describe('finding 2: one address cannot lock everyone behind it out', () => {
	// 55 logins each cost a password hash, two at a time: on a busy 2-core machine that takes a while.
	it(
		'after 55 wrong logins against random usernames from an address, its members’ known browsers log in at once',
		{
			timeout: 120_000,
		},
		async () => {
			const shared = newAddress()
			const owner = await signUpMember(server.url, 'nat')
			// The owner's browser, behind the shared address, has logged in before.
			const ownersBrowser = new TestClient(server.url, { from: shared })
			expect((await login(ownersBrowser, owner.username, owner.password)).status).toBe(200)
			expect((await ownersBrowser.json('POST', '/api/logout')).status).toBe(200)

			const neighbour = new TestClient(server.url, { from: shared })
			const statuses: number[] = []
			for (let n = 0; n < 55; n++) statuses.push((await login(neighbour, uniqueName('guess'), 'wrong-password')).status)
			expect(statuses.filter((status) => status === 401)).toHaveLength(50)
			expect(statuses.filter((status) => status === 429)).toHaveLength(5)

			// The owner's known browser: a wrong password is a plain 401, the right one gets in.
			expect((await login(ownersBrowser, owner.username, 'not-my-password')).status).toBe(401)
			expect((await login(ownersBrowser, owner.username, owner.password)).status).toBe(200)
			// The account is not locked anywhere else either.
			expect(
				(await login(new TestClient(server.url, { from: newAddress() }), owner.username, owner.password)).status,
			).toBe(200)
			// A browser that never logged in to it, behind the busy address, is slowed down (429 with Retry-After).
			const stranger = await login(new TestClient(server.url, { from: shared }), owner.username, owner.password)
			expect(stranger.status).toBe(429)
			expect(Number(stranger.headers.get('Retry-After'))).toBeGreaterThan(0)
		},
	)
})

describe('finding 5: the caught mail is for this computer or an admin', () => {
	it('someone else on the network gets a 403 for the page and the JSON; an admin there reads it', async () => {
		const elsewhere = newAddress()
		const visitor = new TestClient(server.url, { from: elsewhere })
		const api = await visitor.get('/api/dev/mail')
		expect(api.status).toBe(403)
		expect(await api.json()).toEqual({
			message: 'The caught mail is shown on the computer running the demo, or to an admin.',
		})
		expect((await visitor.get('/dev/mail')).status).toBe(403)
		const member = new TestClient(server.url, { from: elsewhere })
		expect((await login(member, 'member', 'password123')).status).toBe(200)
		expect((await member.get('/api/dev/mail')).status).toBe(403)

		const admin = new TestClient(server.url, { from: elsewhere })
		expect((await login(admin, 'admin', 'password123')).status).toBe(200)
		expect((await admin.get('/api/dev/mail')).status).toBe(200)
		expect((await admin.get('/dev/mail')).status).toBe(200)
		// This computer itself (the tests, the operator's browser) reads it without logging in.
		expect((await fetch(new URL('/api/dev/mail', server.url))).status).toBe(200)
	})
})

describe('finding 10: reads and exports have limits, per member and per address', () => {
	it(`a member reading in a loop gets ${READS_PER_MEMBER} answers a minute, then 429 with Retry-After; another member is not slowed`, async () => {
		const script = await signUpMember(server.url, 'scraper')
		// The build's version, as the browser has it from a page that hydrates (before this member's reads run out).
		const authPage = await (await new TestClient(server.url, { from: newAddress() }).get('/auth')).text()
		const buildVersion = buildVersionOf(authPage)
		const statuses: number[] = []
		let refused: Response | undefined
		for (let n = 0; n < READS_PER_MEMBER + 5; n++) {
			const response = await script.client.get('/api/users?q=e')
			statuses.push(response.status)
			if (response.status === 429) refused ??= response
		}
		expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(READS_PER_MEMBER)
		expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429])
		expect(Number(refused!.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect((await refused!.json()).message).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minute)\.$/)
		// Pages too.
		expect((await script.client.get('/dashboard')).status).toBe(429)
		// And the route table's entries a hydrated page asks for (decision 229): a read like any other.
		expect((await script.client.get(`/__manifest?p=/dashboard&version=${buildVersion}`)).status).toBe(429)

		const someoneElse = await signUpMember(server.url, 'reader')
		expect((await someoneElse.client.get('/api/user')).status).toBe(200)
	})

	it(`one address gets ${READS_PER_ADDRESS} reads a minute whoever sends them`, async () => {
		const address = newAddress()
		const statuses: number[] = []
		for (let n = 0; n < READS_PER_ADDRESS + 3; n++) {
			statuses.push((await new TestClient(server.url, { from: address }).get('/auth')).status)
		}
		expect(statuses.slice(-3)).toEqual([429, 429, 429])
		expect((await new TestClient(server.url, { from: newAddress() }).get('/auth')).status).toBe(200)
	})

	it(`a member downloads their data ${EXPORTS_PER_HOUR} times an hour`, async () => {
		const member = await signUpMember(server.url, 'exporter')
		const statuses: number[] = []
		for (let n = 0; n < EXPORTS_PER_HOUR + 1; n++)
			statuses.push((await member.client.get('/api/users/me/export')).status)
		expect(statuses).toEqual([...Array.from({ length: EXPORTS_PER_HOUR }, () => 200), 429])
	})
})
