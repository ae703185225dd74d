import net, { type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CaughtMailModel, OutboxMailModel } from '#models/index'
import { getConfig } from '~/config.server'
import { runJobNow } from '~/platform/jobs.server'
import { startMailCatcher, listCaughtMail, type MailCatcher } from '~/platform/mail/catcher.server'
import { mailOutboxJob, retryDelayMs, sendMail } from '~/platform/mail/outbox.server'
import { closeSmtpConnection, useSmtpServer } from '~/platform/mail/transport.server'
import { freePort } from '../setup/free-port'
import { useTestDatabase } from '../setup/test-database'

/**
 * The mail service against the test database and SMTP servers started here.
 * No app server runs on this database, so every delivery below is this
 * process's outbox job, run with `runJobNow` at the times the test chooses.
 */
useTestDatabase()

const SECOND = 1_000
let catcher: MailCatcher | undefined

beforeEach(async () => {
	await Promise.all([OutboxMailModel.deleteMany({}), CaughtMailModel.deleteMany({})])
})
afterEach(async () => {
	closeSmtpConnection()
	await catcher?.stop()
	catcher = undefined
})

const welcome = (to = 'ada@example.com') => ({
	to,
	subject: 'Welcome to LeaderForge',
	text: 'Hello Ada,\n\nYour account is ready: http://localhost:3000/dashboard.\nSee you <soon> & often.',
	kind: 'welcome',
})

const outboxRecord = (id: string | null) => OutboxMailModel.findById(id).lean()

describe('sendMail and the outbox job', () => {
	it('delivers a queued mail over SMTP once, with a text and an HTML part, the footer, and the extra headers', async () => {
		catcher = await startMailCatcher()
		useSmtpServer(catcher.url)
		const id = await sendMail({
			...welcome(),
			headers: {
				'List-Unsubscribe': '<https://leaderforge.example/unsubscribe/abc>',
				'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
			},
		})
		expect((await outboxRecord(id))?.status).toBe('pending')

		expect(await runJobNow(mailOutboxJob)).toBe('ran')
		const [mail, ...others] = await listCaughtMail({ to: 'ada@example.com' })
		expect(others).toEqual([])
		const { postalAddress, linkOrigin } = getConfig().mail
		expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Welcome to LeaderForge' })
		expect(mail!.from).toBe('"LeaderForge" <no-reply@leaderforge.example>')
		expect(mail!.text).toContain('Your account is ready: http://localhost:3000/dashboard.')
		expect(mail!.text).toContain(`-- \nLeaderForge · ${linkOrigin}\n${postalAddress}`)
		// The HTML part is the same content, escaped, with the link made a link, and the same footer.
		expect(mail!.html).toContain(
			'<a href="http://localhost:3000/dashboard" style="color:#4f46e5">http://localhost:3000/dashboard</a>.',
		)
		expect(mail!.html).toContain('See you &lt;soon&gt; &amp; often.')
		expect(mail!.html).toContain(`<a href="${linkOrigin}"`)
		expect(mail!.html).toContain(postalAddress.replace(/&/g, '&amp;'))
		expect(mail!.headers).toMatchObject({
			'list-unsubscribe': '<https://leaderforge.example/unsubscribe/abc>',
			'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
		})
		expect(await outboxRecord(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null })

		// Later runs find nothing to send.
		expect(await runJobNow(mailOutboxJob)).toBe('ran')
		expect(await listCaughtMail()).toHaveLength(1)
	})

	it('during an SMTP outage keeps the mail, retries with growing waits, and delivers it exactly once when the server is back', async () => {
		const port = await freePort()
		useSmtpServer(`smtp://127.0.0.1:${port}`)
		// Queuing never waits for SMTP, even with the server down.
		const id = await sendMail(welcome('grace@example.com'))
		const queuedAt = new Date()

		expect(await runJobNow(mailOutboxJob, { now: queuedAt })).toBe('ran')
		const afterFirst = await outboxRecord(id)
		expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 })
		expect(afterFirst?.lastError).toMatch(/ECONNREFUSED|connect/i)
		expect(afterFirst!.nextAttemptAt.getTime() - queuedAt.getTime()).toBeGreaterThanOrEqual(retryDelayMs(1))

		// Not due yet: nothing is attempted.
		expect(await runJobNow(mailOutboxJob, { now: new Date(afterFirst!.nextAttemptAt.getTime() - SECOND) })).toBe('ran')
		expect((await outboxRecord(id))?.attempts).toBe(1)

		// Still down at the second attempt: the next wait is longer.
		expect(await runJobNow(mailOutboxJob, { now: afterFirst!.nextAttemptAt })).toBe('ran')
		const afterSecond = await outboxRecord(id)
		expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2 })
		expect(afterSecond!.nextAttemptAt.getTime() - afterFirst!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
			retryDelayMs(2),
		)
		expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1))

		// The server comes up on that port; the next due run delivers the mail, and no run after it sends it again.
		catcher = await startMailCatcher({ port })
		expect(await runJobNow(mailOutboxJob, { now: afterSecond!.nextAttemptAt })).toBe('ran')
		expect(
			await runJobNow(mailOutboxJob, { now: new Date(afterSecond!.nextAttemptAt.getTime() + 60 * 60 * SECOND) }),
		).toBe('ran')
		expect(await listCaughtMail({ to: 'grace@example.com' })).toHaveLength(1)
		expect(await outboxRecord(id)).toMatchObject({ status: 'sent', attempts: 3 })
	})

	it('gives up at once on a mail the server refuses for good (5xx), and sends the rest', async () => {
		const accepted: string[] = []
		const server = new SMTPServer({
			authOptional: true,
			disabledCommands: ['AUTH', 'STARTTLS'],
			logger: false,
			onRcptTo(address, _session, callback) {
				if (address.address.startsWith('nobody@'))
					return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }))
				callback()
			},
			onData(stream, session, callback) {
				stream.resume()
				stream.on('end', () => {
					accepted.push(...session.envelope.rcptTo.map((recipient) => recipient.address))
					callback()
				})
			},
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		try {
			useSmtpServer(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`)
			const refused = await sendMail(welcome('nobody@example.com'))
			const fine = await sendMail(welcome('alan@example.com'))
			expect(await runJobNow(mailOutboxJob)).toBe('ran')
			const record = await outboxRecord(refused)
			expect(record).toMatchObject({ status: 'failed', attempts: 1 })
			expect(record?.lastError).toContain('No such mailbox')
			expect((await outboxRecord(fine))?.status).toBe('sent')
			expect(await runJobNow(mailOutboxJob, { now: new Date(Date.now() + 24 * 60 * 60 * SECOND) })).toBe('ran')
			expect(accepted).toEqual(['alan@example.com'])
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()))
		}
	})

	it('does not send again a mail whose connection broke after it was handed over: it may have arrived (at most once)', async () => {
		const hangUp = await startServerThatHangsUpAfterTheMessage()
		try {
			useSmtpServer(hangUp.url)
			const id = await sendMail(welcome('edsger@example.com'))
			expect(await runJobNow(mailOutboxJob)).toBe('ran')
			expect(hangUp.messagesReceived()).toBe(1)
			const record = await outboxRecord(id)
			expect(record).toMatchObject({ status: 'unknown', attempts: 1 })
			expect(await runJobNow(mailOutboxJob, { now: new Date(Date.now() + 24 * 60 * 60 * SECOND) })).toBe('ran')
			expect(hangUp.messagesReceived()).toBe(1)
		} finally {
			await hangUp.stop()
		}
	})

	it('does not send again a mail whose process died during the send; a claim still fresh is left alone', async () => {
		catcher = await startMailCatcher()
		useSmtpServer(catcher.url)
		const now = new Date()
		const [crashed, inFlight] = await Promise.all([
			sendMail(welcome('barbara@example.com')),
			sendMail(welcome('donald@example.com')),
		])
		// One process claimed a mail eleven minutes ago and never came back; another claimed one a moment ago.
		await OutboxMailModel.updateOne(
			{ _id: crashed },
			{ $set: { status: 'sending', attempts: 1, claimedAt: new Date(now.getTime() - 11 * 60 * SECOND) } },
		)
		await OutboxMailModel.updateOne(
			{ _id: inFlight },
			{ $set: { status: 'sending', attempts: 1, claimedAt: new Date(now.getTime() - SECOND) } },
		)

		expect(await runJobNow(mailOutboxJob, { now })).toBe('ran')
		expect((await outboxRecord(crashed))?.status).toBe('unknown')
		expect((await outboxRecord(inFlight))?.status).toBe('sending')
		expect(await listCaughtMail()).toEqual([])
	})

	it('refuses a mail that is wrong in itself: a bad address, a header the layout owns, a line break in a header', async () => {
		await expect(sendMail(welcome('not an address'))).rejects.toThrowError(/sendMail: Invalid email/)
		await expect(sendMail({ ...welcome(), headers: { From: 'someone@else.example' } })).rejects.toThrowError(
			'header From is set by the mail service',
		)
		await expect(
			sendMail({ ...welcome(), headers: { 'X-Note': 'one\r\nBcc: everyone@example.com' } }),
		).rejects.toThrowError('header X-Note must be one line')
		await expect(sendMail({ ...welcome(), kind: 'Password Reset' })).rejects.toThrowError(/kind must be kebab-case/)
		expect(await OutboxMailModel.countDocuments()).toBe(0)
	})
})

/** A bare SMTP server that reads a whole message and then drops the connection instead of answering. */
async function startServerThatHangsUpAfterTheMessage() {
	let received = 0
	const server = net.createServer((socket) => {
		let buffer = ''
		let inData = false
		socket.write('220 test ESMTP\r\n')
		socket.on('data', (chunk) => {
			buffer += chunk.toString('latin1')
			if (inData) {
				if (buffer.includes('\r\n.\r\n')) {
					received++
					socket.destroy()
				}
				return
			}
			for (let end = buffer.indexOf('\r\n'); end >= 0 && !inData; end = buffer.indexOf('\r\n')) {
				const line = buffer.slice(0, end)
				buffer = buffer.slice(end + 2)
				if (/^DATA/i.test(line)) {
					inData = true
					socket.write('354 End data with <CR><LF>.<CR><LF>\r\n')
				} else if (/^QUIT/i.test(line)) socket.end('221 Bye\r\n')
				else socket.write('250 OK\r\n')
			}
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
		messagesReceived: () => received,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
