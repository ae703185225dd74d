import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxMailModel, UserModel } from '#models/index'
import { CONTACT_LIMIT } from '~/services/contact.server'
import { mailTo, nthMailTo } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { useTestServer } from '../setup/seeded-server'
import { startTestServer, type TestServer } from '../setup/test-server'
import { uniqueName } from '../setup/unique-name'

/**
 * The contact form (product §2 "Contact", docs/decisions/065): whoever
 * writes, every admin gets the message by mail, with Reply-To set to the
 * writer; messages are limited per client address.
 */
const server = useTestServer({ seed: true })

/** Accepted messages so far: they count against this client address's hourly budget (the last test spends the rest). */
let accepted = 0

function aMessage(overrides: Record<string, string> = {}) {
	const name = uniqueName('writer')
	return {
		intent: 'contact',
		name: `Casey ${name}`,
		email: `${name}@example.com`,
		topic: 'team-pricing',
		message: 'We are 12 managers. Is there a team price?',
		...overrides,
	}
}

/** The page's words, without the markers React puts between joined strings. */
const wordsOf = async (response: Response) => (await response.text()).replace(/<!-- -->/g, '')
const contactMailQueued = () => OutboxMailModel.countDocuments({ kind: 'contact-form' })

async function send(fields: Record<string, string>, client = new TestClient(server.url)) {
	const response = await client.submitForm('/contact', fields)
	if (response.status === 200) accepted += 1
	return response
}

describe('the contact page', () => {
	it('takes a message from a visitor, the topic chosen by the link that led there', async () => {
		const response = await new TestClient(server.url).get('/contact?topic=team-pricing')
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('Contact us')
		expect(html).toContain('we answer by email to the address you give')
		expect(html).toMatch(/<option value="team-pricing" selected="">Team pricing<\/option>/)
		expect(html).toContain('Send message')
	})

	it('fills in a signed-in member’s name and address', async () => {
		const member = await logIn(server.url, 'premium')
		const html = await (await member.get('/contact')).text()
		expect(html).toMatch(/name="name"[^>]*value="Taylor Brooks"|value="Taylor Brooks"[^>]*name="name"/)
		expect(html).toMatch(/name="email"[^>]*value="premium@example.com"|value="premium@example.com"[^>]*name="email"/)
	})
})

describe('sending a message', () => {
	it('mails it to every admin, replying goes to the writer, and the page says where the answer will come', async () => {
		const promoted = uniqueName('second-admin')
		await UserModel.updateOne({ usernameKey: 'david' }, { $set: { role: 'admin', email: `${promoted}@example.com` } })
		const fields = aMessage()
		const response = await send(fields)
		expect(response.status).toBe(200)
		expect(await wordsOf(response)).toContain(
			`Thank you, ${fields.name}. Your message is on its way to our team; we will answer at ${fields.email}.`,
		)

		for (const admin of ['admin@example.com', `${promoted}@example.com`]) {
			const mail = await nthMailTo(server.url, admin)
			expect(mail.subject).toBe(`Contact form: Team pricing, from ${fields.name}`)
			expect(mail.text).toContain(
				`${fields.name} <${fields.email}> wrote through the LeaderForge contact form about: Team pricing.`,
			)
			expect(mail.text).toContain('We are 12 managers. Is there a team price?')
			expect(mail.headers['reply-to']).toBe(fields.email)
		}
		// Nobody else: not the content manager, not the writer.
		expect(await mailTo(server.url, 'manager@example.com')).toEqual([])
		expect(await mailTo(server.url, fields.email)).toEqual([])
	})

	it('refuses a form with a missing or malformed field on the form, and mails nothing', async () => {
		const before = await contactMailQueued()
		const refusals: Array<[Record<string, string>, string]> = [
			[{ name: '' }, 'Name is required'],
			[
				{ name: 'Casey\nBcc: everyone@example.com' },
				'Name may not contain line breaks, control characters or invisible characters',
			],
			[{ email: 'not-an-address' }, 'Invalid email address'],
			[{ message: '   ' }, 'Message is required'],
			[{ topic: 'lottery' }, 'Choose what your message is about'],
			[{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters long'],
		]
		for (const [spoiled, shown] of refusals) {
			const response = await send(aMessage(spoiled))
			expect(response.status, shown).toBe(400)
			expect(await wordsOf(response)).toContain(shown)
		}
		// sendMail stores each mail in the outbox before it returns: none was queued.
		expect(await contactMailQueued()).toBe(before)
	})

	it(`accepts ${CONTACT_LIMIT.limit} messages an hour from one client address, then answers 429 with Retry-After on the form`, async () => {
		while (accepted < CONTACT_LIMIT.limit) expect((await send(aMessage())).status).toBe(200)
		const refused = await send(aMessage())
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(await refused.text()).toMatch(/Too many requests from your network\. Please try again in \d+ minutes?\./)
	})
})

describe('where mail is turned off', () => {
	/** A second server on the same data, with MAIL_DISABLED=true. */
	let withoutMail: TestServer
	beforeAll(async () => {
		withoutMail = await startTestServer({ mongodbUri: server.database.uri(), env: { MAIL_DISABLED: 'true' } })
	})
	afterAll(() => withoutMail?.stop())

	it('says the form cannot send, instead of taking a message, and refuses a post with 503', async () => {
		const html = await (await new TestClient(withoutMail.url).get('/contact')).text()
		expect(html).toContain('The contact form cannot send messages right now. Please try again later.')
		expect(html).not.toContain('Send message')
		// The page has no form to take a token from: a visitor's token from the login page does.
		const client = new TestClient(withoutMail.url)
		const response = await client.submitForm('/auth', aMessage(), '/contact')
		expect(response.status).toBe(503)
		expect(await response.text()).toContain('The contact form cannot send messages right now.')
	})
})
