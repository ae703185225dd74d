import { describe, expect, it } from 'vitest'
import { UniqueClaimModel, UserModel } from '#models/index'
import { linkIn, nthMailTo } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { signUpMember, type SignedUpMember } from '../setup/members'
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
		const responses = await Promise.all(
			Array.from({ length: 10 }, (_, n) =>
				register(
					account({ username: n % 2 ? username : username.toUpperCase(), email: `${uniqueName('mail')}@example.com` }),
				),
			),
		)
		expect(sortedStatuses(responses)).toEqual([201, ...Array(9).fill(409)])
		for (const response of responses.filter((r) => r.status === 409))
			expect(await response.json()).toMatchObject({ message: 'Username is already taken', field: 'username' })
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

describe('email changes confirmed at once', () => {
	/** Asks for the address on the member's profile; the confirmation link goes to the new address. */
	async function askFor(member: SignedUpMember, email: string) {
		const response = await member.client.json('PATCH', `/api/users/${member.id}`, {
			email,
			currentPassword: member.password,
		})
		expect(response.status, 'asking for a new address').toBe(200)
	}
	const confirm = (client: TestClient, link: { href: string; token: string }) =>
		client.submitForm(link.href, { intent: 'confirm-email', token: link.token })

	it('two members moving to one new address: one gets it, the other 409, and each keeps what they had otherwise', async () => {
		const [first, second] = await Promise.all([signUpMember(server.url, 'mover'), signUpMember(server.url, 'mover')])
		const target = `${uniqueName('wanted')}@example.com`
		await askFor(first, target)
		await askFor(second, target)
		const links = [
			linkIn(await nthMailTo(server.url, target, 1), '/confirm-email'),
			linkIn(await nthMailTo(server.url, target, 2), '/confirm-email'),
		]
		// Both links are used at the same moment, each by whoever holds it.
		const responses = await Promise.all(links.map((link) => confirm(new TestClient(server.url), link)))
		expect(sortedStatuses(responses)).toEqual([302, 409])
		expect(await UserModel.countDocuments({ email: target })).toBe(1)
		const firstNow = await UserModel.findOne({ id: first.id }).select('email').lean()
		const loser = firstNow!.email === target ? second : first
		expect((await UserModel.findOne({ id: loser.id }).select('email').lean())!.email).toBe(loser.email)
	})

	it('the old address is given up after a change, so another account may take it', async () => {
		const member = await signUpMember(server.url, 'leaver')
		const newAddress = `${uniqueName('new')}@example.com`
		await askFor(member, newAddress)
		const confirmed = await confirm(member.client, linkIn(await nthMailTo(server.url, newAddress), '/confirm-email'))
		expect(confirmed.status).toBe(302)
		expect((await register(account({ email: member.email }))).status).toBe(201)
	})
})
