import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { type CaughtMailJSON } from '~/platform/mail/catcher.server'
import { sendMail } from '~/platform/mail/outbox.server'
import { useSeededTestServer } from '../setup/seeded-server'

/**
 * Outside production without SMTP_URL the server catches its own mail in an
 * embedded SMTP server and shows it at /dev/mail and GET /api/dev/mail.
 */
const server = useSeededTestServer()

type CaughtMail = CaughtMailJSON

/** The catcher's address, as the server announces it at start-up. */
function catcherUrl(): string {
	const match = /Mail: caught by the embedded SMTP server at (smtp:\/\/127\.0\.0\.1:\d+)/.exec(server.output())
	if (!match) throw new Error(`The server did not announce its mail catcher:\n${server.output()}`)
	return match[1]!
}

async function caughtMail(query = ''): Promise<CaughtMail[]> {
	const response = await fetch(new URL(`/api/dev/mail${query}`, server.url))
	expect(response.status).toBe(200)
	return (await response.json()) as CaughtMail[]
}

describe('the mail catcher', () => {
	it('shows mail sent to its SMTP port, newest first, as JSON and as a page with the HTML part sandboxed', async () => {
		const transport = nodemailer.createTransport(catcherUrl())
		await transport.sendMail({
			from: 'tests@example.com',
			to: 'first.reader@example.com',
			subject: 'First',
			text: 'The first mail.',
		})
		await transport.sendMail({
			from: 'tests@example.com',
			to: 'Second.Reader@example.com',
			subject: 'Second <mail>',
			text: 'The second mail.',
			html: '<p>The second mail.</p><script>parent.document.title = "taken over"</script>',
			headers: { 'List-Unsubscribe': '<https://example.com/unsubscribe>' },
		})

		// The server mails on its own too (the demo data's notices): pick these two out of everything caught.
		const caught = await caughtMail()
		const first = caught.find((mail) => mail.to === 'first.reader@example.com')
		const second = caught.find((mail) => mail.to === 'second.reader@example.com')
		expect(caught.indexOf(second!)).toBeLessThan(caught.indexOf(first!))
		expect(first).toMatchObject({
			to: 'first.reader@example.com',
			from: 'tests@example.com',
			subject: 'First',
			html: null,
		})
		expect(first!.text.trim()).toBe('The first mail.')
		expect(second).toMatchObject({ to: 'second.reader@example.com', subject: 'Second <mail>' })
		expect(second!.text.trim()).toBe('The second mail.')
		expect(second!.html).toContain('<p>The second mail.</p>')
		expect(second!.headers['list-unsubscribe']).toBe('<https://example.com/unsubscribe>')
		expect(Date.parse(second!.createdAt)).toBeGreaterThanOrEqual(Date.parse(first!.createdAt))
		expect(await caughtMail('?to=SECOND.reader@example.com')).toEqual([second])

		const page = await fetch(new URL('/dev/mail', server.url))
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('Second &lt;mail&gt;')
		expect(html).toContain('second.reader@example.com')
		expect(html).toContain('The first mail.')
		// The mail's HTML only ever runs inside an empty sandbox, as an attribute value, escaped.
		expect(html).toMatch(/<iframe [^>]*sandbox=""[^>]*srcDoc="&lt;p&gt;The second mail.&lt;\/p&gt;&lt;script&gt;/)
		expect(html).not.toContain('<script>parent.document')
	})

	it('receives what sendMail queues: the server’s outbox job delivers it over SMTP to the catcher', async () => {
		// Queued from this process on the server's database; the server's own job picks it up.
		await sendMail({
			to: 'queued.reader@example.com',
			subject: 'Your weekly digest',
			text: 'Three new lessons this week.',
			kind: 'test-digest',
		})
		await expect
			.poll(async () => (await caughtMail('?to=queued.reader@example.com')).length, { timeout: 30_000, interval: 500 })
			.toBe(1)
		const [mail] = await caughtMail('?to=queued.reader@example.com')
		expect(mail!.text).toContain('Three new lessons this week.')
		expect(mail!.text).toContain('LeaderForge · ')
		expect(mail!.html).toContain('<p style="margin:0 0 16px">Three new lessons this week.</p>')
	})

	it('answers other methods with 405', async () => {
		const response = await fetch(new URL('/api/dev/mail', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{}',
		})
		expect(response.status).toBe(405)
		expect(await response.json()).toEqual({ message: 'Method not allowed' })
	})
})
