import { describe, expect, it } from 'vitest'
import { CommunityModel, UserModel, nextId } from '#models/index'
import { defaultMembershipsJob } from '~/services/community/memberships.server'
import { pageHtml, textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { userIdOf } from './admin-helpers'
import { demoMember, newMember } from './chat-helpers'

/**
 * Communities members join, and the member directory (product §2
 * "Communities", "Member directory", issue 24), through the built server.
 */
const server = useSeededTestServer()

async function communityIdOf(name: string): Promise<number> {
	return (await CommunityModel.findOne({ name }).select('id').lean<{ id: number }>())!.id
}

describe('memberships', () => {
	it('a new account is in the three default communities, shown in the sidebar and counted on the dashboard', async () => {
		const member = await newMember(server.url)
		const defaults = await Promise.all(
			['Executive Leadership', 'New Managers', 'Women in Leadership'].map(communityIdOf),
		)
		expect((await (await member.client.get('/api/user')).json()).communityIds).toEqual(defaults)
		const dashboard = textOf(await pageHtml(member.client, '/dashboard'))
		expect(dashboard).toMatch(/Your Communities EL Executive Leadership NM New Managers WL Women in Leadership/)
		expect(dashboard).toMatch(/Communities 3 /)
	})

	it('joins and leaves with the JSON calls (idempotent) and with the plain forms; the sidebar, the count and /community follow', async () => {
		const member = await newMember(server.url)
		const remote = await communityIdOf('Remote Team Leaders')
		const newManagers = await communityIdOf('New Managers')
		const before = await (await member.client.json('POST', `/api/communities/${remote}/membership`)).json()
		expect(before).toEqual({ communityId: remote, member: true, memberCount: expect.any(Number) })
		const again = await (await member.client.json('POST', `/api/communities/${remote}/membership`)).json()
		expect(again.memberCount).toBe(before.memberCount)
		expect(textOf(await pageHtml(member.client, '/dashboard'))).toContain('RT Remote Team Leaders')

		const left = await member.client.json('DELETE', `/api/communities/${newManagers}/membership`)
		expect(await left.json()).toMatchObject({ communityId: newManagers, member: false })
		const sidebar = textOf(await pageHtml(member.client, '/dashboard'))
		expect(sidebar).toMatch(/Your Communities EL Executive Leadership WL Women in Leadership RT Remote Team Leaders/)

		// Without JavaScript: the Join button of the room page, and the Leave button of /community.
		const joined = await member.client.submitForm(`/community/${newManagers}`, {
			intent: 'join-community',
			communityId: String(newManagers),
		})
		expect(joined.status).toBe(303)
		expect(joined.headers.get('Location')).toBe(`/community/${newManagers}`)
		const room = textOf(await pageHtml(member.client, `/community/${newManagers}`))
		expect(room).toContain('Member')
		expect(room).toMatch(/\d+ members/)
		const leave = await member.client.submitForm('/community', {
			intent: 'leave-community',
			communityId: String(remote),
		})
		expect(leave.status).toBe(303)
		const list = await pageHtml(member.client, '/community')
		expect(list).toContain(`aria-label="Join Remote Team Leaders"`)
		expect(list).toContain(`aria-label="Leave New Managers"`)

		expect((await member.client.json('POST', '/api/communities/99999/membership')).status).toBe(404)
		expect((await member.client.json('DELETE', '/api/communities/abc/membership')).status).toBe(404)
	})

	it("a community's page lists its members (not those hidden from the directory) and counts them all", async () => {
		const room = await nextId('communities')
		await CommunityModel.create({ id: room, name: 'Small Circle', createdBy: await userIdOf('admin') })
		const [shown, hidden, viewer] = [
			await newMember(server.url, { name: 'Shown Sam' }),
			await newMember(server.url, { name: 'Hidden Hal' }),
			await newMember(server.url),
		]
		for (const member of [shown, hidden]) await member.client.json('POST', `/api/communities/${room}/membership`)
		await hidden.client.json('PATCH', `/api/users/${hidden.id}`, { hiddenFromDirectory: true })
		const page = textOf(await pageHtml(viewer.client, `/community/${room}`))
		expect(page).toContain('2 members')
		expect(page).toContain('Shown Sam')
		expect(page).not.toContain('Hidden Hal')
	})

	it('accounts made before memberships existed get the default communities from a job, once', async () => {
		const old = await newMember(server.url)
		await UserModel.updateOne({ id: old.id }, { $unset: { communityIds: 1 } })
		const chose = await newMember(server.url)
		await UserModel.updateOne({ id: chose.id }, { $set: { communityIds: [] } })
		// The job's own run (the server runs it on its schedule; this is the same work, now).
		await defaultMembershipsJob.run({ now: new Date(), signal: new AbortController().signal })
		expect((await UserModel.findOne({ id: old.id }).lean())?.communityIds).toHaveLength(3)
		expect((await UserModel.findOne({ id: chose.id }).lean())?.communityIds).toEqual([])
	})
})

describe('the member directory', () => {
	it('/members searches name, username, headline, location and interests, filters by community and role, and leaves out hidden members', async () => {
		const member = await demoMember(server.url, 'member')
		const healthcare = textOf(await pageHtml(member.client, '/members?q=healthcare'))
		expect(healthcare).toContain('Maria Gonzalez')
		expect(healthcare).toContain('Olivia Chen')
		expect(healthcare).not.toContain('David Kim')
		// Casey hid themselves: not found by name either.
		expect(textOf(await pageHtml(member.client, '/members?q=casey'))).toContain('No members found')
		const staff = await (await member.client.get('/api/members?role=staff')).json()
		expect(staff.map((person: { username: string }) => person.username).sort()).toEqual([
			'admin',
			'manager',
			'moderator',
		])
		const remote = await communityIdOf('Remote Team Leaders')
		const inRemote = await (await member.client.get(`/api/members?community=${remote}`)).json()
		expect(inRemote.map((person: { username: string }) => person.username)).toEqual(
			expect.arrayContaining(['admin', 'david', 'premium', 'moderator']),
		)
		expect(inRemote.map((person: { username: string }) => person.username)).not.toContain('maria')
		expect((await member.client.get('/api/members?role=king')).status).toBe(400)
		expect((await member.client.get('/api/members?community=abc')).status).toBe(400)
		// The page reads a mangled filter as "any".
		expect((await member.client.get('/members?role=king&community=abc')).status).toBe(200)
	})

	it('the profile sets the directory fields (with their rules), and /members/{id} shows them, the communities in common and Message', async () => {
		const member = await newMember(server.url, { name: 'Pat Profile' })
		const saved = await member.client.submitForm('/profile?tab=profile', {
			intent: 'profile',
			name: 'Pat Profile',
			email: `${member.username}@example.com`,
			bio: '',
			avatar: '',
			headline: 'Charge nurse leading a night shift',
			location: 'Leeds, UK',
			linkedinUrl: 'https://www.linkedin.com/in/pat-profile',
			interests: 'Healthcare, Night shifts, healthcare, Coaching',
		})
		expect(saved.status).toBe(302)
		const me = await (await member.client.get('/api/user')).json()
		expect(me).toMatchObject({
			headline: 'Charge nurse leading a night shift',
			location: 'Leeds, UK',
			linkedinUrl: 'https://www.linkedin.com/in/pat-profile',
			interests: ['Healthcare', 'Night shifts', 'Coaching'],
			hiddenFromDirectory: false,
		})
		for (const [field, value, message] of [
			[
				'linkedinUrl',
				'https://evil.example/in/pat',
				'LinkedIn URL must be an address starting with https://www.linkedin.com/',
			],
			['headline', 'x'.repeat(101), 'Headline must be at most 100 characters long'],
			['interests', Array.from({ length: 11 }, (_, n) => `Topic ${n}`), 'You can list at most 10 interests'],
		] as const) {
			const refused = await member.client.json('PATCH', `/api/users/${member.id}`, { [field]: value })
			expect(refused.status, field).toBe(400)
			expect((await refused.json()).message).toContain(message)
		}

		const maria = await demoMember(server.url, 'maria')
		const card = textOf(await pageHtml(maria.client, `/members/${member.id}`))
		expect(card).toContain('Charge nurse leading a night shift')
		expect(card).toContain('Leeds, UK')
		expect(card).toContain('Night shifts')
		expect(card).toContain('Pat Profile on LinkedIn')
		// Maria is in Executive Leadership, New Managers and Women in Leadership; so is every new account.
		expect(card).toMatch(/Communities in common Executive Leadership New Managers Women in Leadership/)
		expect(card).toContain('Message')
		expect(await pageHtml(maria.client, `/members/${member.id}`)).toContain('rel="nofollow ugc noopener noreferrer"')

		// Hidden from the directory, still on their card.
		await member.client.json('PATCH', `/api/users/${member.id}`, { hiddenFromDirectory: true })
		expect(textOf(await pageHtml(maria.client, '/members?q=night+shift'))).toContain('No members found')
		expect((await maria.client.get(`/members/${member.id}`)).status).toBe(200)
	})
})

describe("the dashboard's Community Activity", () => {
	it('shows new posts and comments of the member’s communities, not of the others', async () => {
		const author = await newMember(server.url)
		const reader = await newMember(server.url)
		const mine = await communityIdOf('New Managers')
		const other = await communityIdOf('Remote Team Leaders')
		const inMine = await (
			await author.client.json('POST', `/api/communities/${mine}/posts`, {
				title: 'Activity test: in my community',
				body: 'Hello',
			})
		).json()
		await author.client.json('POST', `/api/posts/${inMine.id}/comments`, { body: 'Activity test comment' })
		await author.client.json('POST', `/api/communities/${other}/posts`, {
			title: 'Activity test: elsewhere',
			body: 'Hello',
		})
		await expect
			.poll(async () => textOf(await pageHtml(reader.client, '/dashboard')), { timeout: 15_000 })
			.toContain('commented on “Activity test: in my community”')
		const dashboard = textOf(await pageHtml(reader.client, '/dashboard'))
		expect(dashboard).toContain('Activity test comment')
		expect(dashboard).not.toContain('Activity test: elsewhere')
	})
})
