import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { importJWK, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NotificationModel, PushDeliveryModel, PushDeviceModel, type PushDelivery } from '#models/index'
import { seedDemoData } from '~/demo/data.server'
import { runJobNow } from '~/platform/jobs.server'
import { pushNotificationsJob } from '~/services/notifications/push.server'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember, type SignedUpMember } from '../setup/members'
import { useTestDatabase } from '../setup/test-database'
import { startTestServer, TEST_VAPID, type TestServer } from '../setup/test-server'
import { until } from '../setup/until'
import { connectChat } from './chat-helpers'

/**
 * Push notifications (docs/decisions/181) through the built server, with a
 * real HTTP server on this machine standing in for the browsers' push
 * service. Each "browser" makes its keys as a browser does (a P-256 key pair
 * and a 16-byte auth secret); the stand-in checks the VAPID signature and
 * decrypts every push with the browser's keys (aes128gcm, RFC 8291 and RFC
 * 8188), written here with node:crypto alone, apart from the web-push
 * library the app encrypts with.
 */

// This process runs the push job too (after a restart, with the clock moved on): it needs the server's settings.
Object.assign(process.env, TEST_VAPID)

const database = useTestDatabase()
let server: TestServer
beforeAll(async () => {
	await seedDemoData()
	server = await startTestServer({ mongodbUri: database.uri() })
})
afterAll(() => server?.stop())

interface PushPayload {
	title: string
	body: string
	link: string
}

interface Received {
	device: string
	status: number
	payload: PushPayload
	/** The VAPID token's claims, once its signature checked out with our public key. */
	audience: unknown
	subject: unknown
	ttl: string | undefined
}

/** A browser's push subscription: its keys stay with the stand-in, which decrypts what it receives with them. */
interface Browser {
	name: string
	ecdh: ReturnType<typeof createECDH>
	auth: Buffer
	subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record (a push is far smaller than the record size). */
function decrypt(browser: Browser, body: Buffer): PushPayload {
	const salt = body.subarray(0, 16)
	const idLength = body[20]!
	const senderKey = body.subarray(21, 21 + idLength)
	const record = body.subarray(21 + idLength)
	const shared = browser.ecdh.computeSecret(senderKey)
	const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey])
	const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32))
	const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
	const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
	const decipher = createDecipheriv('aes-128-gcm', key, nonce)
	decipher.setAuthTag(record.subarray(record.length - 16))
	const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
	// The last record ends with the delimiter 2, then zeros.
	let end = padded.length - 1
	while (padded[end] === 0) end--
	expect(padded[end]).toBe(2)
	return JSON.parse(padded.subarray(0, end).toString('utf8')) as PushPayload
}

const standIn = await (async () => {
	const browsers = new Map<string, Browser>()
	/** Answers to give each device, in turn (then 201). */
	const answers = new Map<string, number[]>()
	const received: Received[] = []
	const httpServer = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', async () => {
			const name = decodeURIComponent(request.url!.replace(/^\/push\//, ''))
			const browser = browsers.get(name)
			const status = answers.get(name)?.shift() ?? 201
			try {
				expect(browser, `a push for an unknown device ${name}`).toBeDefined()
				expect(request.headers['content-encoding']).toBe('aes128gcm')
				const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.authorization ?? '') ?? []
				expect(key).toBe(TEST_VAPID.VAPID_PUBLIC_KEY)
				const raw = Buffer.from(key!, 'base64url')
				const publicKey = await importJWK(
					{
						kty: 'EC',
						crv: 'P-256',
						x: raw.subarray(1, 33).toString('base64url'),
						y: raw.subarray(33, 65).toString('base64url'),
					},
					'ES256',
				)
				const { payload: claims } = await jwtVerify(token!, publicKey)
				received.push({
					device: name,
					status,
					payload: decrypt(browser!, Buffer.concat(chunks)),
					audience: claims.aud,
					subject: claims.sub,
					ttl: request.headers.ttl as string | undefined,
				})
			} catch (error) {
				console.error('The push stand-in refused a push:', error)
				response.writeHead(400).end()
				return
			}
			response.writeHead(status).end()
		})
	})
	await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
	afterAll(() => new Promise<void>((resolve) => httpServer.close(() => resolve())))
	return {
		origin,
		received,
		answers,
		/** A new browser's subscription, as `PushSubscription.toJSON()` gives it. */
		browser(name: string): Browser {
			const ecdh = createECDH('prime256v1')
			ecdh.generateKeys()
			const auth = randomBytes(16)
			const browser: Browser = {
				name,
				ecdh,
				auth,
				subscription: {
					endpoint: `${origin}/push/${encodeURIComponent(name)}`,
					keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
				},
			}
			browsers.set(name, browser)
			return browser
		},
		to: (browser: Browser) => received.filter((push) => push.device === browser.name),
	}
})()

const ANDROID_CHROME =
	'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

async function turnOn(client: TestClient, browser: Browser): Promise<{ id: number; label: string }> {
	const response = await client.request('/api/users/me/push-devices', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'User-Agent': ANDROID_CHROME },
		body: JSON.stringify({ ...browser.subscription, expirationTime: null }),
	})
	expect(response.status).toBe(201)
	return (await response.json()) as { id: number; label: string }
}

async function listed(client: TestClient): Promise<number[]> {
	const response = await client.get('/api/users/me/push-devices')
	expect(response.status).toBe(200)
	return ((await response.json()) as { devices: Array<{ id: number }> }).devices.map((device) => device.id)
}

async function sendPrivateMessage(from: SignedUpMember, to: SignedUpMember, content: string): Promise<number> {
	const response = await from.client.submitForm(`/messages?userId=${to.id}`, { content })
	expect(response.status).toBe(303)
	return newestNotificationOf(to.id)
}

async function mention(from: SignedUpMember, to: SignedUpMember, words: string): Promise<number> {
	const response = await from.client.submitForm('/community/1', { content: `@${to.username} ${words}` })
	expect(response.status).toBe(303)
	return newestNotificationOf(to.id)
}

async function newestNotificationOf(userId: number): Promise<number> {
	const newest = await NotificationModel.findOne({ recipientId: userId }).sort({ id: -1 }).lean<{ id: number }>()
	return newest!.id
}

const deliveriesOf = (notificationId: number) =>
	PushDeliveryModel.find({ notificationId }).sort({ deviceId: 1 }).lean<PushDelivery[]>()

/** The pushes of a notification once the job has settled them all (sent, skipped, failed). */
async function settledDeliveriesOf(notificationId: number): Promise<PushDelivery[]> {
	await until(
		async () =>
			(await deliveriesOf(notificationId)).every((delivery) => !['pending', 'sending'].includes(delivery.status)),
		`the pushes of notification ${notificationId} are settled`,
	)
	return deliveriesOf(notificationId)
}

async function settledDeliveryOf(notificationId: number): Promise<PushDelivery> {
	const [delivery] = await settledDeliveriesOf(notificationId)
	return delivery!
}

/** A premium member (rooms are read-only for free accounts) who writes to and mentions the others. */
async function premiumWriter(): Promise<SignedUpMember> {
	const writer = await signUpMember(server.url, 'writer', { name: 'Wren Writer' })
	expect((await writer.client.json('POST', '/api/get-or-create-subscription')).status).toBe(200)
	return writer
}

describe('turning push on', () => {
	it('lists the browser with a name from its User-Agent, refuses push services we do not send to, and is the member’s own', async () => {
		const member = await signUpMember(server.url, 'pushlist')
		const phone = standIn.browser(`${member.username}-phone`)
		const device = await turnOn(member.client, phone)
		expect(device.label).toBe('Chrome on Android')
		const list = (await (await member.client.get('/api/users/me/push-devices')).json()) as {
			publicKey: string
			devices: Array<Record<string, unknown>>
		}
		expect(list.publicKey).toBe(TEST_VAPID.VAPID_PUBLIC_KEY)
		// The push address and keys are the browser's secrets: never handed back.
		expect(list.devices).toEqual([
			{
				id: device.id,
				label: 'Chrome on Android',
				createdAt: expect.any(String),
				lastPushedAt: null,
				endpointDigest: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
			},
		])
		// Turned on again (the same browser): the same device, not a second one.
		expect((await turnOn(member.client, phone)).id).toBe(device.id)

		const elsewhere = await member.client.json('POST', '/api/users/me/push-devices', {
			...phone.subscription,
			endpoint: 'https://internal.example.com/admin',
		})
		expect(elsewhere.status).toBe(400)
		expect(await elsewhere.json()).toEqual({
			message: "This browser's push service is not one we can send to.",
			field: 'endpoint',
		})

		const someoneElse = await signUpMember(server.url, 'pushother')
		expect((await someoneElse.client.json('DELETE', `/api/users/me/push-devices/${device.id}`)).status).toBe(404)
		expect(await listed(member.client)).toEqual([device.id])

		// Turned off in the Notifications tab's form (no JavaScript needed).
		const off = await member.client.submitForm('/profile?tab=notifications', {
			intent: 'push-off',
			deviceId: String(device.id),
		})
		expect(off.status).toBe(302)
		expect(await listed(member.client)).toEqual([])
	})
})

describe('sending', () => {
	it('pushes a notification to each device once, encrypted for it and signed with our key, and again after a temporary failure, across a restart', async () => {
		const writer = await premiumWriter()
		const member = await signUpMember(server.url, 'pushed')
		const phone = standIn.browser(`${member.username}-phone`)
		const laptop = standIn.browser(`${member.username}-laptop`)
		await turnOn(member.client, phone)
		await turnOn(member.client, laptop)
		// The phone's push service is busy the first time.
		standIn.answers.set(phone.name, [503])

		const notificationId = await sendPrivateMessage(writer, member, 'Are you coming to the offsite on Friday?')
		await until(() => standIn.to(laptop).length === 1 && standIn.to(phone).length === 1, 'both devices were tried')
		const expected: PushPayload = {
			title: 'New message from Wren Writer',
			body: 'Are you coming to the offsite on Friday?',
			link: `/messages?userId=${writer.id}`,
		}
		for (const push of [...standIn.to(laptop), ...standIn.to(phone)]) {
			expect(push.payload).toEqual(expected)
			expect(push.audience).toBe(standIn.origin)
			expect(push.subject).toBe(TEST_VAPID.VAPID_SUBJECT)
			expect(Number(push.ttl)).toBeGreaterThan(0)
		}
		await until(
			async () => (await deliveriesOf(notificationId)).some((delivery) => delivery.status === 'pending'),
			'the phone’s push waits for another attempt',
		)

		// The server restarts while the phone's push waits.
		await server.stop()
		server = await startTestServer({ mongodbUri: database.uri() })

		// Its next attempt is due: the job runs (here, with the clock moved on) and the phone gets it once.
		const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)
		await until(async () => (await runJobNow(pushNotificationsJob, { now: later(5) })) === 'ran', 'the job ran')
		await until(async () => (await runJobNow(pushNotificationsJob, { now: later(30) })) === 'ran', 'the job ran again')
		expect(standIn.to(phone).map((push) => push.status)).toEqual([503, 201])
		expect(standIn.to(phone)[1]!.payload).toEqual(expected)
		expect(standIn.to(laptop)).toHaveLength(1)
		expect((await deliveriesOf(notificationId)).map((delivery) => [delivery.status, delivery.attempts])).toEqual([
			['sent', 2],
			['sent', 1],
		])
	})

	it('forgets a device whose push service answers 410, and pushes nothing more to it', async () => {
		const writer = await premiumWriter()
		const member = await signUpMember(server.url, 'pushgone')
		const tablet = standIn.browser(`${member.username}-tablet`)
		const device = await turnOn(member.client, tablet)
		standIn.answers.set(tablet.name, [410])

		const first = await sendPrivateMessage(writer, member, 'Hello there')
		expect(await settledDeliveryOf(first)).toMatchObject({ status: 'skipped' })
		expect(standIn.to(tablet).map((push) => push.status)).toEqual([410])
		expect(await PushDeviceModel.countDocuments({ id: device.id })).toBe(0)
		expect(await listed(member.client)).toEqual([])

		// Nothing is queued for a device that is gone.
		const second = await sendPrivateMessage(writer, member, 'Still there?')
		expect(await deliveriesOf(second)).toEqual([])
	})

	it('follows the per-kind switches shared with emails', async () => {
		const writer = await premiumWriter()
		const member = await signUpMember(server.url, 'pushswitch')
		const phone = standIn.browser(`${member.username}-phone`)
		await turnOn(member.client, phone)
		// Private messages off, mentions on (a box not sent is off).
		const saved = await member.client.submitForm('/profile?tab=notifications', {
			intent: 'notifications',
			mentions: 'on',
			eventReminders: 'on',
			newLessons: 'on',
			billing: 'on',
		})
		expect(saved.status).toBe(302)

		const message = await sendPrivateMessage(writer, member, 'Nothing pushed about this one')
		expect(await deliveriesOf(message)).toEqual([])
		const mentioned = await mention(writer, member, 'what do you think of the new framework?')
		expect(await settledDeliveryOf(mentioned)).toMatchObject({ status: 'sent' })
		expect(standIn.to(phone).map((push) => push.payload)).toEqual([
			{
				title: 'Wren Writer mentioned you in Executive Leadership',
				body: `@${member.username} what do you think of the new framework?`,
				link: '/community/1',
			},
		])
	})

	it('sends nothing about the page the member is looking at, nor a blocked member’s words, nor to a device that logged out', async () => {
		const writer = await premiumWriter()
		const member = await signUpMember(server.url, 'pushlook')
		const laptop = standIn.browser(`${member.username}-laptop`)
		await turnOn(member.client, laptop)

		// The member's tab shows the conversation with the writer, on screen: no push about it.
		const socket = await connectChat(
			server.url,
			{ id: member.id, username: member.username, cookie: `__session=${member.client.cookie('__session')}` },
			{ auth: false },
		)
		try {
			const viewing = (view: { path: string; visible: boolean }) =>
				socket.socket.timeout(10_000).emitWithAck('viewing', view)
			expect(await viewing({ path: `/messages?userId=${writer.id}`, visible: true })).toEqual({ ok: true })
			const seen = await sendPrivateMessage(writer, member, 'You are reading this already')
			expect(await settledDeliveryOf(seen)).toMatchObject({
				status: 'skipped',
				lastError: 'the member is looking at the page',
			})
			// The tab goes to the background: the next one is pushed.
			expect(await viewing({ path: `/messages?userId=${writer.id}`, visible: false })).toEqual({ ok: true })
			const away = await sendPrivateMessage(writer, member, 'Now you are away')
			expect(await settledDeliveryOf(away)).toMatchObject({ status: 'sent' })
			expect(await viewing({ path: '//elsewhere.example', visible: true })).toEqual({
				ok: false,
				message: 'path: path must be a path on this site',
			})
		} finally {
			socket.close()
		}

		// The writer blocked the member and still names them in a room: the member is told in the app
		// (the block is the writer's), but the words are not pushed. (A member who blocked the writer is
		// not notified at all: decision 201.)
		expect((await writer.client.json('POST', `/api/users/${member.id}/block`)).status).toBe(200)
		const blockedWords = await mention(writer, member, 'you will not see this on your lock screen')
		expect(await settledDeliveryOf(blockedWords)).toMatchObject({
			status: 'skipped',
			lastError: 'a block stands between the member and the writer',
		})
		expect((await writer.client.json('DELETE', `/api/users/${member.id}/block`)).status).toBe(200)

		// The laptop logs out: the device is no longer listed, and gets nothing more.
		const phoneSession = await logIn(server.url, member.username, member.password)
		const phone = standIn.browser(`${member.username}-phone`)
		const phoneDevice = await turnOn(phoneSession, phone)
		expect((await member.client.json('POST', '/api/logout')).status).toBe(200)
		expect(await listed(phoneSession)).toEqual([phoneDevice.id])
		const afterLogout = await sendPrivateMessage(writer, member, 'Only the phone hears this')
		expect((await settledDeliveriesOf(afterLogout)).map((delivery) => delivery.status).sort()).toEqual([
			'sent',
			'skipped',
		])
		expect(standIn.to(laptop).map((push) => push.payload.body)).toEqual(['Now you are away'])
		expect(standIn.to(phone).map((push) => push.payload.body)).toEqual(['Only the phone hears this'])
	})
})
