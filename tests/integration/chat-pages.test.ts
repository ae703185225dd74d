import mongoose from 'mongoose'
import { describe, expect, it } from 'vitest'
import { MessageModel, UserModel, reserveIds } from '#models/index'
import { TestClient } from '../setup/http-client'
import { pageHtml } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'
import { demoMember, newMember } from './chat-helpers'

const server = useSeededTestServer()

describe('/community', () => {
	it('shows a card per community with Join Discussion, and needs a session', async () => {
		expect((await new TestClient(server.url).get('/community')).headers.get('Location')).toBe('/auth')
		const maria = await demoMember(server.url, 'maria')
		const html = await pageHtml(maria.client, '/community')
		for (const name of ['Executive Leadership', 'New Managers', 'Women in Leadership']) expect(html).toContain(name)
		expect(html).toContain('href="/community/2"')
		expect(html.match(/Join Discussion/g)?.length).toBeGreaterThanOrEqual(3)
	})
})

describe('/community/{id} without JavaScript', () => {
	it('sends what a member types beyond Latin-1 as references and escapes, which read back as typed (decision 238)', async () => {
		const poster = await newMember(server.url)
		const content = uniqueName('It’s done 😀 → next')
		expect((await poster.client.submitForm('/community/3', { content })).status).toBe(303)
		// The page as sent, references unread (pageHtml reads them back as a browser does).
		const html = await (await poster.client.get('/community/3')).text()
		// No character above U+00FF anywhere: the document stays a one-byte string on the server.
		expect(html.match(/.{0,80}[\u0100-\u{10ffff}]/u)?.[0]).toBeUndefined()
		// Where it is shown, the browser reads the references as the characters typed; the page's arrow too.
		expect(html).toContain(content.replace('’', '&#x2019;').replace('😀', '&#x1f600;').replace('→', '&#x2192;'))
		expect(html).toContain('&#x2190; All communities')
		// In the page's data the same message is \u escapes in a JSON string, which parse back to what was typed.
		const data = html.match(/window\.__remixContext = (.*?);<\/script>/s)?.[1]
		expect(JSON.stringify(JSON.parse(data!))).toContain(JSON.stringify(content).slice(1, -1))
	})

	it('renders the room, its history and its members, with a form for premium members', async () => {
		const maria = await demoMember(server.url, 'maria')
		const html = await pageHtml(maria.client, '/community/1')
		expect(html).toContain('Executive Leadership')
		expect(html).toContain('Senior leaders on strategy, boards and leading leaders.')
		expect(html).toContain('Welcome everyone! What is the one leadership habit you are working on this month?')
		expect(html).toContain('Community Members')
		expect(html).toContain('Admin</span>')
		const admin = await UserModel.findOne({ usernameKey: 'admin' }).lean()
		expect(html).toContain(`href="/messages?userId=${admin!.id}"`)
		expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/community\/1"/)
		expect(html).not.toContain('Read Only')
	})

	it('shows a free account the Read Only badge and the Premium Feature box instead of a form', async () => {
		const member = await demoMember(server.url, 'member')
		const html = await pageHtml(member.client, '/community/1')
		expect(html).toContain('Read Only')
		expect(html).toContain('Premium Feature')
		expect(html).toContain('Upgrade to Premium')
		expect(html).toContain('href="/subscribe"')
		expect(html).not.toMatch(/name="content"/)
		// An empty room invites them to subscribe.
		const empty = await pageHtml(member.client, '/community/4')
		expect(empty).toContain('No messages yet')
		expect(empty).toContain('Subscribe to join the conversation.')
	})

	it('posts from the plain form, refuses bad or forbidden posts with a message, and stores nothing then', async () => {
		const poster = await newMember(server.url)
		const content = uniqueName('Hello from a browser without JavaScript')
		const posted = await poster.client.submitForm('/community/3', { content })
		expect(posted.status).toBe(303)
		expect(await pageHtml(poster.client, '/community/3')).toContain(content)

		const before = await MessageModel.countDocuments()
		const empty = await poster.client.submitForm('/community/3', { content: '   ' })
		expect(empty.status).toBe(400)
		expect(await empty.text()).toContain('Message cannot be empty')

		const free = await newMember(server.url, { premium: false })
		const refused = await free.client.submitForm('/community/3', { content: 'Can I post?' })
		expect(refused.status).toBe(403)
		const refusedHtml = await refused.text()
		expect(refusedHtml).toContain('Chat Error')
		expect(refusedHtml).toContain('Community chat is read-only for free accounts.')

		const unknownRoom = await poster.client.submitForm('/community/3', { content: 'Anyone?' }, '/community/9999')
		expect(unknownRoom.status).toBe(404)

		const noToken = await poster.client.request('/community/3', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ content: 'forged' }),
		})
		expect(noToken.status).toBe(403)
		expect(await MessageModel.countDocuments()).toBe(before)
	})

	it('answers the not-found page for an unknown room', async () => {
		const maria = await demoMember(server.url, 'maria')
		expect((await maria.client.get('/community/9999')).status).toBe(404)
		expect((await maria.client.get('/community/abc')).status).toBe(404)
	})
})

describe("a page's list of people (decision 246)", () => {
	it("carries each person's name, picture and username, not the rest of their profile: a room's members and Messages' contacts", async () => {
		const premium = await demoMember(server.url, 'premium')
		const maria = await UserModel.findOne({ username: 'maria' }).lean()
		expect(maria?.bio).toBeTruthy()
		expect(maria?.headline).toBeTruthy()
		const room = await pageHtml(premium.client, '/community/1')
		const contacts = await pageHtml(premium.client, '/messages')
		for (const html of [room, contacts]) {
			expect(html).toContain('Maria Gonzalez')
			// Neither drawn nor in the data the document carries for hydration.
			expect(html).not.toContain(maria!.bio!)
			expect(html).not.toContain(maria!.headline!)
		}
		// Her own card still shows them.
		const card = await pageHtml(premium.client, `/members/${maria!.id}`)
		expect(card).toContain(maria!.headline!)
	})
})

describe('/messages without JavaScript', () => {
	it('lists the other members as contacts and asks to select one', async () => {
		const premium = await demoMember(server.url, 'premium')
		const html = await pageHtml(premium.client, '/messages')
		expect(html).toContain('Select a contact')
		expect(html).toContain('Maria Gonzalez')
		expect(html).toContain('@maria')
		// Never oneself (in the contacts: the bell may quote a mention of @premium).
		const contacts = html.slice(html.indexOf('aria-label="Contacts"'))
		expect(contacts.slice(0, contacts.indexOf('</ul>'))).not.toContain('@premium')
	})

	it('searches contacts by name or username', async () => {
		const premium = await demoMember(server.url, 'premium')
		const byName = await pageHtml(premium.client, '/messages?q=gonz')
		expect(byName).toContain('Maria Gonzalez')
		expect(byName).not.toContain('David Kim')
		const byUsername = await pageHtml(premium.client, '/messages?q=DAVID')
		expect(byUsername).toContain('David Kim')
		expect(await pageHtml(premium.client, '/messages?q=premium')).toContain('No contacts found')
		expect(await pageHtml(premium.client, '/messages?q=.*')).toContain('No contacts found')
	})

	it('shows the selected conversation and sends from the plain form', async () => {
		const premium = await demoMember(server.url, 'premium')
		const member = await UserModel.findOne({ usernameKey: 'member' }).lean()
		const html = await pageHtml(premium.client, `/messages?userId=${member!.id}`)
		expect(html).toContain('Hi Sam! Saw your question in New Managers.')
		expect(html).toContain('That would be great, thank you!')

		const content = uniqueName('Private hello')
		const sent = await premium.client.submitForm(`/messages?userId=${member!.id}`, { content })
		expect(sent.status).toBe(303)
		expect(sent.headers.get('Location')).toBe(`/messages?userId=${member!.id}`)
		const sam = await demoMember(server.url, 'member')
		const premiumUser = await UserModel.findOne({ usernameKey: 'premium' }).lean()
		expect(await pageHtml(sam.client, `/messages?userId=${premiumUser!.id}`)).toContain(content)
		// A third member's view of Sam holds none of it.
		const david = await demoMember(server.url, 'david')
		expect(await pageHtml(david.client, `/messages?userId=${member!.id}`)).not.toContain(content)
	})

	it('says so when the selected contact does not exist', async () => {
		const premium = await demoMember(server.url, 'premium')
		expect(await pageHtml(premium.client, '/messages?userId=999999')).toContain('Contact not found')
		expect(await pageHtml(premium.client, '/messages?userId=nobody')).toContain('Contact not found')
		const self = await UserModel.findOne({ usernameKey: 'premium' }).lean()
		expect(await pageHtml(premium.client, `/messages?userId=${self!.id}`)).toContain('Select a contact')
	})
})

describe('a large community', () => {
	it('lists people 50 to a page by name, in the room and in the contacts, with links to the next page', async () => {
		const ids = await reserveIds('users', 60)
		await UserModel.insertMany(
			ids.map((id) => ({
				id,
				username: `crowd_${id}`,
				usernameKey: `crowd_${id}`,
				passwordHash: 'not-used',
				name: `Crowd Member ${String(id).padStart(4, '0')}`,
				email: `crowd_${id}@example.com`,
				communityIds: [1],
			})),
		)
		// The room lists its members, but those hidden from the directory (decision 162).
		const total = await UserModel.countDocuments({
			communityIds: 1,
			hiddenFromDirectory: mongoose.trusted({ $ne: true }),
		})
		const { client } = await demoMember(server.url, 'premium')
		const messageLinks = (html: string) => html.match(/href="\/messages\?userId=/g)?.length ?? 0

		const room = await pageHtml(client, '/community/1')
		expect(messageLinks(room)).toBe(50)
		expect(room).toContain('href="/community/1?members=2"')
		// The rest of the members are on the next pages; the viewer has no "Message" link of their own.
		let shown = 50
		for (let page = 2; ; page++) {
			const next = await pageHtml(client, `/community/1?members=${page}`)
			shown += messageLinks(next)
			if (!next.includes(`href="/community/1?members=${page + 1}"`)) break
		}
		expect(shown).toBe(total - 1)

		const contacts = await pageHtml(client, '/messages')
		expect(contacts).toContain('href="/messages?contacts=2"')
		const second = await pageHtml(client, '/messages?contacts=2')
		expect(second).toContain('rel="prev"')
		const found = await pageHtml(client, `/messages?q=crowd_${ids[59]}`)
		expect(found).toContain(`@crowd_${ids[59]}`)
		expect(found).not.toContain('contacts=2')
	})
})
