import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { EventModel, MessageModel, NotificationModel, UserModel } from '#models/index'
import { linkIn, mailTo, nthMailTo } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { logIn, logInWithUser } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { pageHtml, textOf } from '../setup/page-html'
import { useSeededTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'
import { until } from '../setup/until'
import { connectChat, newMember, useChatConnections } from './chat-helpers'

/**
 * The third outside review's security findings (issue 28, findings 1, 3, 4,
 * 5, 6, 7, 8, 9, 12 and 13), each attack as the review ran it against the
 * demo, on the built server. Findings 2, 5's caught mail and 10 need a
 * server that believes X-Forwarded-For: tests/integration/shared-address.test.ts;
 * finding 11 is in tests/integration/faults.test.ts.
 */
const server = useSeededTestServer()
const connect = useChatConnections(server)

const NEW_PASSWORD = 'a-brand-new-password'

/** How a mention notification quotes a message of these tests (no Markdown in them: the words themselves). */
const mentionText = (words: string) => new RegExp(`${words}$`)

/** Posts an email-change link's form as the page would (`intent` confirms or undoes), from a browser with no session. */
async function useEmailLink(link: { href: string; token: string }, intent = 'confirm-email') {
	const visitor = new TestClient(server.url)
	const csrf = (await visitor.csrfToken('/auth'))!
	return visitor.postForm(link.href, { csrf, intent, token: link.token })
}

async function roomId(client: TestClient): Promise<number> {
	const rooms = (await (await client.get('/api/communities')).json()) as Array<{ id: number }>
	return rooms[0]!.id
}

describe('finding 1: a stolen session cannot take the account over', () => {
	it('changing the email needs the current password', async () => {
		const member = await signUpMember(server.url, 'stolen')
		const path = `/api/users/${member.id}`
		const newEmail = `${uniqueName('thief')}@example.com`

		const without = await member.client.json('PATCH', path, { email: newEmail })
		expect(without.status).toBe(400)
		expect(await without.json()).toMatchObject({
			message: 'Enter your current password to change your email address',
		})
		const wrong = await member.client.json('PATCH', path, { email: newEmail, currentPassword: 'not-the-password' })
		expect(wrong.status).toBe(400)
		expect((await wrong.json()).message).toBe('Current password is incorrect')
		expect(await mailTo(server.url, newEmail)).toEqual([])

		// Name, bio and avatar still change without it.
		expect((await member.client.json('PATCH', path, { name: 'Still Me' })).status).toBe(200)
		const right = await member.client.json('PATCH', path, { email: newEmail, currentPassword: member.password })
		expect(right.status).toBe(200)
		expect((await right.json()).pendingEmail).toBe(newEmail)

		// The Profile tab asks for it too.
		const form = await member.client.submitForm('/profile?tab=profile', {
			intent: 'profile',
			name: 'Still Me',
			email: `${uniqueName('thief')}@example.com`,
		})
		expect(form.status).toBe(400)
		expect(textOf(await form.text())).toContain('Enter your current password to change your email address')
	})

	it('a password change ends every pending email change and reset link', async () => {
		const member = await signUpMember(server.url, 'owner')
		const newEmail = `${uniqueName('thief')}@example.com`
		expect(
			(
				await member.client.json('PATCH', `/api/users/${member.id}`, {
					email: newEmail,
					currentPassword: member.password,
				})
			).status,
		).toBe(200)
		const confirm = linkIn(await nthMailTo(server.url, newEmail), '/confirm-email')
		expect((await new TestClient(server.url).json('POST', '/api/password-reset', { email: member.email })).status).toBe(
			202,
		)
		const reset = linkIn(await nthMailTo(server.url, member.email), '/reset-password')

		// The owner changes the password.
		const changed = await member.client.json('POST', `/api/users/${member.id}/change-password`, {
			currentPassword: member.password,
			newPassword: NEW_PASSWORD,
		})
		expect(changed.status).toBe(200)

		expect((await useEmailLink(confirm)).status).toBe(400)
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(member.email)
		const usedReset = await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
			token: reset.token,
			password: 'the-thiefs-password',
		})
		expect(usedReset.status).toBe(400)
		expect(
			(
				await new TestClient(server.url).json('POST', '/api/login', {
					username: member.username,
					password: NEW_PASSWORD,
				})
			).status,
		).toBe(200)
	})

	it('"Log out from all devices" and a reset end them too', async () => {
		const member = await signUpMember(server.url, 'owner')
		const newEmail = `${uniqueName('thief')}@example.com`
		await member.client.json('PATCH', `/api/users/${member.id}`, { email: newEmail, currentPassword: member.password })
		const confirm = linkIn(await nthMailTo(server.url, newEmail), '/confirm-email')
		// The owner, on another device, logs out everywhere.
		const owner = await logIn(server.url, member.username, member.password)
		const out = await owner.submitForm('/profile?tab=account', { intent: 'logout-all' })
		expect(out.status).toBe(302)
		expect((await useEmailLink(confirm)).status).toBe(400)

		// A reset: the other reset links and pending changes end with it.
		const again = await logIn(server.url, member.username, member.password)
		const otherEmail = `${uniqueName('thief')}@example.com`
		expect(
			(await again.json('PATCH', `/api/users/${member.id}`, { email: otherEmail, currentPassword: member.password }))
				.status,
		).toBe(200)
		const pending = linkIn(await nthMailTo(server.url, otherEmail), '/confirm-email')
		await new TestClient(server.url).json('POST', '/api/password-reset', { email: member.email })
		await new TestClient(server.url).json('POST', '/api/password-reset', { email: member.email })
		const first = linkIn(await nthMailTo(server.url, member.email, 1), '/reset-password')
		const second = linkIn(await nthMailTo(server.url, member.email, 2), '/reset-password')
		expect(
			(
				await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
					token: second.token,
					password: NEW_PASSWORD,
				})
			).status,
		).toBe(200)
		expect(
			(
				await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
					token: first.token,
					password: 'the-thiefs-password',
				})
			).status,
		).toBe(400)
		expect((await useEmailLink(pending)).status).toBe(400)
	})

	it('the old address is told of the change, with a link that undoes it and signs everyone out', async () => {
		const member = await signUpMember(server.url, 'owner')
		const newEmail = `${uniqueName('thief')}@example.com`
		await member.client.json('PATCH', `/api/users/${member.id}`, { email: newEmail, currentPassword: member.password })
		const confirm = linkIn(await nthMailTo(server.url, newEmail), '/confirm-email')
		expect((await useEmailLink(confirm)).status).toBe(302)
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(newEmail)

		const notice = await nthMailTo(server.url, member.email)
		expect(notice.subject).toBe('The email address of your LeaderForge account was changed')
		const undo = linkIn(notice, '/confirm-email')
		// Opening the link changes nothing; its button does.
		const visitor = new TestClient(server.url)
		expect(textOf(await pageHtml(visitor, undo.href))).toContain(`Put back ${member.email}`)
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(newEmail)
		const undone = await visitor.submitForm(undo.href, { intent: 'undo-email-change', token: undo.token })
		expect(undone.status).toBe(302)
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(member.email)
		// Whoever changed it is signed out, and a reset now goes to the owner's address.
		expect((await member.client.get('/api/user')).status).toBe(401)
		// Once.
		expect((await useEmailLink(undo, 'undo-email-change')).status).toBe(400)
	})
})

describe('finding 3: account calls tell nothing through their headers', () => {
	it('a reset request for a real account and for nobody answer with the same headers, without Server-Timing', async () => {
		const member = await signUpMember(server.url, 'timing')
		const nobody = `${uniqueName('nobody')}@example.com`
		const headersOf = async (email: string) => {
			const response = await new TestClient(server.url).json('POST', '/api/password-reset', { email })
			expect(response.status).toBe(202)
			const names = [...response.headers.keys()].filter((name) => !['date', 'content-length'].includes(name))
			return { names, timing: response.headers.get('Server-Timing') }
		}
		for (let round = 0; round < 3; round++) {
			const [real, unknown] = [await headersOf(member.email), await headersOf(nobody)]
			expect(real.timing).toBeNull()
			expect(unknown.timing).toBeNull()
			expect(real.names).toEqual(unknown.names)
		}
	})

	it('logins, sign-ups and email changes carry no Server-Timing either; other calls and pages keep it', async () => {
		const member = await signUpMember(server.url, 'timing')
		const visitor = new TestClient(server.url)
		const answers = [
			await visitor.json('POST', '/api/login', { username: member.username, password: 'wrong-password' }),
			await visitor.json('POST', '/api/login', { username: uniqueName('nobody'), password: 'wrong-password' }),
			await visitor.json('POST', '/api/register', {
				username: member.username,
				password: 'password-123',
				name: 'Copy Cat',
				email: `${uniqueName('copy')}@example.com`,
			}),
			await member.client.json('PATCH', `/api/users/${member.id}`, {
				email: 'admin@leaderforge.example',
				currentPassword: member.password,
			}),
			await visitor.submitForm('/forgot-password', { intent: 'forgot-password', email: member.email }),
			await visitor.submitForm('/auth', { intent: 'login', username: member.username, password: 'wrong-password' }),
		]
		for (const answer of answers) expect(answer.headers.get('Server-Timing'), answer.url).toBeNull()
		expect((await member.client.get('/api/user')).headers.get('Server-Timing')).toMatch(/db;/)
		expect((await member.client.get('/dashboard')).headers.get('Server-Timing')).toMatch(/db;/)
	})
})

describe('finding 4: a block stops mentions, typing and notifications', () => {
	it('a blocked member’s @mentions notify and mail nobody; someone else’s still do', async () => {
		const me = await newMember(server.url, { name: 'Blocking Bea' })
		const pest = await newMember(server.url, { name: 'Pushy Pat' })
		const friend = await newMember(server.url, { name: 'Friendly Fay' })
		expect((await me.client.json('POST', `/api/users/${pest.id}/block`)).status).toBe(200)
		const room = await roomId(me.client)
		const pestChat = await connect(pest)
		for (let n = 0; n < 3; n++) {
			expect(
				(await pestChat.send('community_message', { content: `@${me.username} hey ${n}`, communityId: room })).ok,
			).toBe(true)
		}
		const friendChat = await connect(friend)
		expect(
			(await friendChat.send('community_message', { content: `@${me.username} hello`, communityId: room })).ok,
		).toBe(true)
		await until(
			async () => (await NotificationModel.countDocuments({ recipientId: me.id, kind: 'mention' })) > 0,
			'the friend’s mention arrives',
		)
		const mentions = await NotificationModel.find({ recipientId: me.id, kind: 'mention' }).lean()
		expect(mentions.map((notification) => notification.title)).toEqual([
			`Friendly Fay mentioned you in ${mentions[0]!.title.split(' in ')[1]}`,
		])
		const email = (await UserModel.findOne({ id: me.id }).lean())!.email
		const mail = await nthMailTo(server.url, email)
		expect(mail.subject).toContain('Friendly Fay mentioned you')
		expect((await mailTo(server.url, email)).filter((message) => message.subject.includes('Pushy Pat'))).toEqual([])
	})

	it('mentions from one member in quick succession become one notification and one email', async () => {
		const me = await newMember(server.url, { name: 'Busy Bo' })
		const chatty = await newMember(server.url, { name: 'Chatty Cy' })
		const room = await roomId(me.client)
		const chat = await connect(chatty)
		for (let n = 0; n < 6; n++) {
			expect(
				(await chat.send('community_message', { content: `@${me.username} ping ${n}`, communityId: room })).ok,
			).toBe(true)
		}
		const email = (await UserModel.findOne({ id: me.id }).lean())!.email
		await nthMailTo(server.url, email)
		const unread = await NotificationModel.find({ recipientId: me.id, kind: 'mention', readAt: null }).lean()
		expect(unread).toHaveLength(1)
		expect(unread[0]!.text).toContain('ping 5')
		// Someone else mentions them while that is still unread: it joins the same notification, and no second email.
		const another = await newMember(server.url, { name: 'Other Oz' })
		const otherChat = await connect(another)
		expect((await otherChat.send('community_message', { content: `@${me.username} hi`, communityId: room })).ok).toBe(
			true,
		)
		await until(
			async () =>
				Boolean(await NotificationModel.exists({ recipientId: me.id, kind: 'mention', text: mentionText('hi') })),
			'the notification shows the latest mention',
		)
		// A reset link, asked for now, is mailed after anything queued before it: once it is in, every mention mail is too.
		await new TestClient(server.url).json('POST', '/api/password-reset', { email })
		await until(
			async () => (await mailTo(server.url, email)).some((message) => message.subject.includes('Reset')),
			'the reset mail arrives',
		)
		expect(
			(await mailTo(server.url, email)).filter((message) => message.subject.includes('mentioned you')),
		).toHaveLength(1)
		expect(await NotificationModel.countDocuments({ recipientId: me.id, kind: 'mention' })).toBe(1)
	})

	it('a blocked member’s private typing notice never reaches the blocker', async () => {
		const me = await newMember(server.url, { name: 'Quiet Quin' })
		const pest = await newMember(server.url, { name: 'Typing Ty' })
		const friend = await newMember(server.url, { name: 'Typing Tam' })
		await me.client.json('POST', `/api/users/${pest.id}/block`)
		const mine = await connect(me)
		const pestChat = await connect(pest)
		const friendChat = await connect(friend)
		pestChat.socket.emit('typing', { isTyping: true, targetId: me.id, isPrivate: true })
		friendChat.socket.emit('typing', { isTyping: true, targetId: me.id, isPrivate: true })
		await mine.waitUntil(() => mine.typing.some((notice) => notice.userId === friend.id), 'the friend’s notice arrives')
		pestChat.socket.emit('typing', { isTyping: false, targetId: me.id, isPrivate: true })
		friendChat.socket.emit('typing', { isTyping: false, targetId: me.id, isPrivate: true })
		await mine.waitUntil(
			() => mine.typing.some((notice) => notice.userId === friend.id && !notice.isTyping),
			'the friend stops',
		)
		expect(mine.typing.filter((notice) => notice.userId === pest.id)).toEqual([])
	})
})

/** A raw request with any Host header (fetch always sends the URL's). */
function requestWithHost(
	path: string,
	host: string,
	{ method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
	const url = new URL(path, server.url)
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const request = http.request(
			{
				hostname: url.hostname,
				port: url.port,
				path: url.pathname + url.search,
				method,
				headers: { ...headers, Host: host },
			},
			(response) => {
				let body = ''
				response.on('data', (chunk) => (body += chunk))
				response.on('end', () => resolve({ status: response.statusCode!, body }))
			},
		)
		request.on('error', reject)
		request.end()
	})
}

describe('finding 5: the server answers only to its own host names', () => {
	it('a request naming another host (DNS rebinding) is refused before the app runs; localhost and 127.0.0.1 work', async () => {
		const port = new URL(server.url).port
		for (const path of ['/auth', '/api/dev/mail', '/dev/mail', '/forgot-password']) {
			const refused = await requestWithHost(path, `rebind.example:${port}`)
			expect(refused.status, path).toBe(421)
			expect(refused.body).toContain('This server does not answer to that address.')
		}
		const posted = await requestWithHost('/api/password-reset', `rebind.example:${port}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: `http://rebind.example:${port}` },
		})
		expect(posted.status).toBe(421)
		for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
			expect((await requestWithHost('/auth', host)).status, host).toBe(200)
		}
		// The health check answers whatever the name, so a load balancer can probe by address.
		expect((await requestWithHost('/healthz', `10.0.0.7:${port}`)).status).toBe(200)
	})

	it('a chat socket addressed to another host is turned away', async () => {
		const member = await newMember(server.url)
		const port = new URL(server.url).port
		const refused = await new Promise<string>((resolve) => {
			const request = http.request({
				hostname: '127.0.0.1',
				port,
				path: '/ws/?EIO=4&transport=websocket',
				headers: {
					Host: `rebind.example:${port}`,
					Origin: `http://rebind.example:${port}`,
					Cookie: member.cookie,
					Connection: 'Upgrade',
					Upgrade: 'websocket',
					'Sec-WebSocket-Version': '13',
					'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
				},
			})
			request.on('upgrade', (_response, socket) => {
				socket.destroy()
				resolve('upgraded')
			})
			request.on('response', (response) => {
				response.resume()
				resolve(String(response.statusCode))
			})
			request.on('error', (error) => resolve(`error: ${error.message}`))
			request.end()
		})
		expect(refused).not.toBe('upgraded')
	})
})

describe('finding 6: a return address with any character is refused or encoded, never a 500', () => {
	it('the sidebar, an RSVP and a block send the browser somewhere readable', async () => {
		const member = await newMember(server.url)
		const other = await newMember(server.url)
		const target = '/dashboard?q=\u0101\u4e2d\u{1F600}'
		const sidebar = await member.client.submitForm('/dashboard', { intent: 'sidebar', redirectTo: target }, '/sidebar')
		expect(sidebar.status).toBe(302)
		expect(sidebar.headers.get('Location')).toMatch(/^\/dashboard/)
		const events = (await (await member.client.get('/api/events')).json()) as Array<{ id: number }>
		const rsvp = await member.client.submitForm('/events', {
			intent: 'rsvp',
			eventId: String(events[0]!.id),
			going: 'true',
			returnTo: `/events?x=\u0101`,
		})
		expect(rsvp.status).toBeLessThan(500)
		const block = await member.client.submitForm(`/members/${other.id}`, {
			intent: 'block-member',
			redirectTo: `/members/${other.id}?\u0101`,
		})
		expect(block.status).toBeLessThan(500)
		expect(block.headers.get('Location') ?? '').toMatch(/^\/members\//)
	})
})

describe('finding 7: calendar files cannot be injected', () => {
	it('an event title or place with a line break is refused', async () => {
		const admin = await logIn(server.url, 'admin')
		for (const fields of [
			{ title: 'Evil\r\nX-INJECTED:1' },
			{ title: 'Fine title', location: 'Room 1\nATTENDEE:mailto:evil@example.com' },
		]) {
			const response = await admin.json('POST', '/api/admin/events', {
				startTime: '2031-03-01T10:00:00.000Z',
				...fields,
			})
			expect(response.status, JSON.stringify(fields)).toBe(400)
		}
	})

	it('an event stored with one anyway (older data) writes only escaped properties into its file', async () => {
		const admin = await logIn(server.url, 'admin')
		const created = await admin.json('POST', '/api/admin/events', {
			title: 'Calendar safety',
			startTime: '2031-03-01T10:00:00.000Z',
		})
		expect(created.status).toBe(201)
		const { id } = (await created.json()) as { id: number }
		await EventModel.updateOne(
			{ id },
			{ $set: { title: 'Evil\r\nX-INJECTED:1', location: 'Here\r\nATTENDEE:mailto:evil@example.com' } },
		)
		const file = await (await admin.get(`/events/${id}/calendar.ics`)).text()
		const lines = file.split('\r\n')
		expect(lines.filter((line) => /^(X-INJECTED|ATTENDEE)/.test(line))).toEqual([])
		expect(lines).toContain('NAME:Evil\\nX-INJECTED:1')
		expect(lines).toContain('X-WR-CALNAME:Evil\\nX-INJECTED:1')
	})
})

describe('finding 8: names are plain, visible text', () => {
	it('refuses control, direction-override and zero-width characters in names, at sign-up and in the profile', async () => {
		const member = await signUpMember(server.url, 'names')
		for (const name of [
			'Alex\u200BMorgan',
			'Line\nbreak',
			'Nul\u0000name',
			'\u202Enimda',
			'Join\u2060er',
			'Bom\uFEFFb',
		]) {
			const patched = await member.client.json('PATCH', `/api/users/${member.id}`, { name })
			expect(patched.status, JSON.stringify(name)).toBe(400)
			expect((await patched.json()).message).toBe(
				'Name may not contain line breaks, control characters or invisible characters',
			)
			const username = uniqueName('names')
			const signUp = await new TestClient(server.url).json('POST', '/api/register', {
				username,
				password: 'password-123',
				name,
				email: `${username}@example.com`,
			})
			expect(signUp.status, JSON.stringify(name)).toBe(400)
		}
		expect((await UserModel.findOne({ id: member.id }).lean())!.name).toBe('Robin Member')
		// Letters of every script, accents and emoji are fine.
		expect((await member.client.json('PATCH', `/api/users/${member.id}`, { name: 'Zoë 山田 👋' })).status).toBe(200)
	})
})

describe('finding 9: avatars are pictures, and reading history by an image changes nothing', () => {
	it('an avatar must be an https: address or a picture on this site', async () => {
		const { client, user } = await logInWithUser(server.url, 'maria')
		for (const avatar of [
			'/api/messages/private/1',
			'/dashboard',
			'/logout',
			'http://example.com/a.png',
			'/api/users/me/export',
		]) {
			const response = await client.json('PATCH', `/api/users/${user.id}`, { avatar })
			expect(response.status, avatar).toBe(400)
			expect((await response.json()).message).toBe(
				'Avatar URL must be a web address starting with https:// or a picture on this site',
			)
		}
		for (const avatar of ['https://images.example.com/me.jpg', '/images/me.png', '/avatars/maria.webp']) {
			expect((await client.json('PATCH', `/api/users/${user.id}`, { avatar })).status, avatar).toBe(200)
		}
	})

	it('a history read the browser makes for an image leaves the conversation unread', async () => {
		const me = await newMember(server.url)
		const writer = await newMember(server.url)
		const chat = await connectChat(server.url, writer)
		expect((await chat.send('private_message', { content: 'Unread, please', recipientId: me.id })).ok).toBe(true)
		chat.close()
		const unreadCount = async () =>
			(
				(await (await me.client.get('/api/conversations')).json()) as Array<{
					user: { id: number }
					unreadCount: number
				}>
			).find((entry) => entry.user.id === writer.id)?.unreadCount
		expect(await unreadCount()).toBe(1)
		const asImage = await me.client.request(`/api/messages/private/${writer.id}`, {
			headers: { 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', Accept: 'image/avif,image/webp,*/*' },
		})
		expect(asImage.status).toBe(200)
		expect(await unreadCount()).toBe(1)
		// The chat's own read (fetch) still marks it read.
		await me.client.request(`/api/messages/private/${writer.id}`, {
			headers: { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' },
		})
		expect(await unreadCount()).toBe(0)
	})
})

describe('finding 12: a form posted twice creates once', () => {
	it('the room’s composer without JavaScript, posted twice from one page, stores one message', async () => {
		const member = await newMember(server.url)
		const room = await roomId(member.client)
		const html = await pageHtml(member.client, `/community/${room}`)
		const fields = Object.fromEntries(
			[...html.matchAll(/<input type="hidden" name="(csrf|formOnce)" value="([^"]+)"/g)].map((match) => [
				match[1]!,
				match[2]!,
			]),
		)
		const content = `twice ${uniqueName('x')}`
		const [first, second] = await Promise.all([
			member.client.postForm(`/community/${room}`, { ...fields, content }),
			member.client.postForm(`/community/${room}`, { ...fields, content }),
		])
		expect([first.status, second.status]).toEqual([303, 303])
		expect(await MessageModel.countDocuments({ content })).toBe(1)
		expect(fields.formOnce).toBeTruthy()
		// The next page's form is a new one.
		const next = await pageHtml(member.client, `/community/${room}`)
		const once = /name="formOnce" value="([^"]+)"/.exec(next)![1]
		expect(once).not.toBe(fields.formOnce)
		expect((await member.client.postForm(`/community/${room}`, { ...fields, formOnce: once!, content })).status).toBe(
			303,
		)
		expect(await MessageModel.countDocuments({ content })).toBe(2)
	})

	it('the admin’s "new event" dialog posted twice makes one event', async () => {
		const admin = await logIn(server.url, 'admin')
		const html = await pageHtml(admin, '/admin/events/new')
		const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!
		const once = /name="formOnce" value="([^"]+)"/.exec(html)?.[1]
		const title = `Double ${uniqueName('event')}`
		const fields = {
			csrf,
			...(once ? { formOnce: once } : {}),
			intent: 'save-event',
			title,
			startTime: '2031-05-01T10:00',
			timeZone: 'UTC',
		}
		const answers = [
			await admin.postForm('/admin/events/new', fields),
			await admin.postForm('/admin/events/new', fields),
		]
		expect(answers.map((answer) => answer.status)).toEqual([302, 302])
		expect(await EventModel.countDocuments({ title })).toBe(1)
	})
})

describe('finding 13: the whole origin is compared, scheme included', () => {
	it('a form or JSON call from https://<this host> to the http site is refused', async () => {
		const httpsTwin = new URL(server.url).origin.replace(/^http:/, 'https:')
		const visitor = new TestClient(server.url)
		const token = (await visitor.csrfToken('/auth'))!
		const form = await visitor.request('/auth', {
			method: 'POST',
			headers: { Origin: httpsTwin, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ csrf: token, intent: 'login', username: 'member', password: 'password123' }),
		})
		expect(form.status).toBe(403)
		const member = await logIn(server.url, 'member')
		const call = await member.request('/api/logout', { method: 'POST', headers: { Origin: httpsTwin } })
		expect(call.status).toBe(403)
		expect((await member.get('/api/user')).status).toBe(200)
	})
})
