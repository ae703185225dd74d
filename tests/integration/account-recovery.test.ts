import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AccountTokenModel, UserModel } from '#models/index'
import { linkIn, mailTo as mailToServer, nthMailTo as nthMailToServer } from '../setup/caught-mail'
import { TestClient } from '../setup/http-client'
import { signUpMember } from '../setup/members'
import { useSeededTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'
import { connectChat } from './chat-helpers'
import { textOf } from '../setup/page-html'

/**
 * Forgotten passwords and email changes (product §2 "Forgot password",
 * "Profile"; §7; docs/decisions/122), through the built server, reading the
 * links from the mail its embedded SMTP server caught.
 */
const server = useSeededTestServer()

const mailTo = (address: string) => mailToServer(server.url, address)
const nthMailTo = (address: string, count = 1) => nthMailToServer(server.url, address, count)

const NEW_PASSWORD = 'a-brand-new-password'

async function requestReset(email: string, client = new TestClient(server.url)) {
	return client.json('POST', '/api/password-reset', { email })
}

/** A fresh member who asked for a reset link; returns the member and the link. */
async function memberWithResetLink() {
	const member = await signUpMember(server.url, 'forgetful')
	expect((await requestReset(member.email)).status).toBe(202)
	return { member, link: linkIn(await nthMailTo(member.email), '/reset-password') }
}

const canLogIn = async (username: string, password: string) =>
	(await new TestClient(server.url).json('POST', '/api/login', { username, password })).status === 200

describe('asking for a reset link', () => {
	it('answers the same whether or not the address has an account, and mails a link only to an account', async () => {
		const member = await signUpMember(server.url, 'forgetful')
		const nobody = `${uniqueName('nobody')}@example.com`
		const known = await requestReset(member.email.toUpperCase())
		const unknown = await requestReset(nobody)
		expect(known.status).toBe(202)
		expect(unknown.status).toBe(202)
		expect(await known.json()).toEqual({
			message: `If an account exists for ${member.email.toUpperCase()}, we have sent a link to reset the password.`,
		})
		expect(await unknown.json()).toEqual({
			message: `If an account exists for ${nobody}, we have sent a link to reset the password.`,
		})

		const mail = await nthMailTo(member.email)
		expect(mail.subject).toBe('Reset your LeaderForge password')
		expect(mail.text).toContain(`"${member.username}"`)
		expect(mail.text).toContain('The link works once, for one hour.')
		expect(await mailTo(nobody)).toEqual([])

		// Only the hash of the token is stored.
		const { token } = linkIn(mail, '/reset-password')
		const stored = await AccountTokenModel.findOne({ userId: member.id }).lean()
		expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
		expect(JSON.stringify(stored)).not.toContain(token)
		expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(60 * 60_000)
	})

	it('is a link under the login form, and a form that works without JavaScript', async () => {
		const login = await (await new TestClient(server.url).get('/auth')).text()
		expect(login).toMatch(/<a [^>]*href="\/forgot-password"[^>]*>Forgot password\?<\/a>/)

		const member = await signUpMember(server.url, 'forgetful')
		const visitor = new TestClient(server.url)
		const page = await visitor.get('/forgot-password')
		expect(page.status).toBe(200)
		expect(textOf(await page.text())).toContain('Forgot your password?')
		const sent = await visitor.submitForm('/forgot-password', { intent: 'forgot-password', email: member.email })
		expect(sent.status).toBe(200)
		expect(textOf(await sent.text())).toContain(
			`If an account exists for ${member.email}, we have sent a link to reset the password.`,
		)
		await nthMailTo(member.email)

		const invalid = await visitor.submitForm('/forgot-password', { intent: 'forgot-password', email: 'not an address' })
		expect(invalid.status).toBe(400)
		expect(textOf(await invalid.text())).toContain('Invalid email address')
	})
})

describe('using the link', () => {
	it('sets the new password without JavaScript, ends every other session and chat socket, and signs this browser in', async () => {
		const { member, link } = await memberWithResetLink()
		const phoneSocket = await connectChat(server.url, {
			id: member.id,
			username: member.username,
			cookie: `__session=${member.client.cookie('__session')}`,
		})
		const socketClosed = new Promise((resolve) => phoneSocket.socket.once('disconnect', resolve))

		const laptop = new TestClient(server.url)
		const page = await laptop.get(link.href)
		expect(page.status).toBe(200)
		const html = await page.text()
		// The address holds the token: never cached, and only the origin goes to other sites as a referrer.
		expect(page.headers.get('Cache-Control')).toBe('no-store')
		expect(page.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
		expect(textOf(html)).toContain('Choose a new password')

		const mismatch = await laptop.submitForm(link.href, {
			intent: 'reset-password',
			token: link.token,
			password: NEW_PASSWORD,
			confirmPassword: 'something-else',
		})
		expect(mismatch.status).toBe(400)
		expect(textOf(await mismatch.text())).toContain('Passwords do not match')

		const done = await laptop.submitForm(link.href, {
			intent: 'reset-password',
			token: link.token,
			password: NEW_PASSWORD,
			confirmPassword: NEW_PASSWORD,
		})
		expect(done.status).toBe(302)
		expect(done.headers.get('Location')).toBe('/dashboard')
		expect(await (await laptop.get('/api/user')).json()).toMatchObject({ id: member.id })
		expect((await member.client.get('/api/user')).status).toBe(401)
		expect(await socketClosed).toBe('io server disconnect')
		expect(await canLogIn(member.username, member.password)).toBe(false)
		expect(await canLogIn(member.username, NEW_PASSWORD)).toBe(true)
		expect(textOf(await (await laptop.get('/dashboard')).text())).toContain(
			'Your new password is set and you are signed in.',
		)
	})

	it('works once: the same link again is refused, and its page says so with a way to ask for a new one', async () => {
		const { member, link } = await memberWithResetLink()
		const first = await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
			token: link.token,
			password: NEW_PASSWORD,
		})
		expect(first.status).toBe(200)
		expect(await first.json()).toMatchObject({ id: member.id, username: member.username })
		expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith('__session='))).toBe(true)

		const second = await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
			token: link.token,
			password: 'yet-another-password',
		})
		expect(second.status).toBe(400)
		expect(await second.json()).toMatchObject({
			message: 'This password reset link has already been used. Please ask for a new one.',
		})
		expect(await canLogIn(member.username, NEW_PASSWORD)).toBe(true)

		const page = textOf(await (await new TestClient(server.url).get(link.href)).text())
		expect(page).toContain('This link has already been used')
		expect(page).toContain('Ask for a new link')
	})

	it('expires after an hour', async () => {
		const { member, link } = await memberWithResetLink()
		await AccountTokenModel.updateOne({ userId: member.id }, { $set: { expiresAt: new Date(Date.now() - 1_000) } })
		const page = textOf(await (await new TestClient(server.url).get(link.href)).text())
		expect(page).toContain('This link has expired')
		expect(page).toContain('This password reset link has expired. Please ask for a new one.')
		const refused = await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
			token: link.token,
			password: NEW_PASSWORD,
		})
		expect(refused.status).toBe(400)
		expect((await refused.json()).message).toBe('This password reset link has expired. Please ask for a new one.')
		expect(await canLogIn(member.username, member.password)).toBe(true)
	})

	it("is bound to its own account: another member who uses it changes only the link's account, and this browser becomes that account", async () => {
		const { member: owner, link } = await memberWithResetLink()
		const other = await signUpMember(server.url, 'bystander')
		const response = await other.client.json('POST', '/api/password-reset/confirm', {
			token: link.token,
			password: NEW_PASSWORD,
		})
		expect(response.status).toBe(200)
		expect(await (await other.client.get('/api/user')).json()).toMatchObject({ id: owner.id })
		expect(await canLogIn(other.username, other.password)).toBe(true)
		expect(await canLogIn(other.username, NEW_PASSWORD)).toBe(false)
		expect(await canLogIn(owner.username, NEW_PASSWORD)).toBe(true)
	})

	it('follows the sign-up rules for the new password, and a refusal leaves the link usable', async () => {
		const { member, link } = await memberWithResetLink()
		const short = await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
			token: link.token,
			password: 'short',
		})
		expect(short.status).toBe(400)
		expect((await short.json()).message).toContain('Password must be at least 8 characters long')
		const unknown = await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
			token: 'A'.repeat(43),
			password: NEW_PASSWORD,
		})
		expect(unknown.status).toBe(400)
		expect((await unknown.json()).message).toBe('This password reset link is not valid. Please ask for a new one.')
		expect(textOf(await (await new TestClient(server.url).get('/reset-password?token=nonsense')).text())).toContain(
			'This link is not valid',
		)

		expect(
			(
				await new TestClient(server.url).json('POST', '/api/password-reset/confirm', {
					token: link.token,
					password: NEW_PASSWORD,
				})
			).status,
		).toBe(200)
		expect(await canLogIn(member.username, NEW_PASSWORD)).toBe(true)
	})
})

describe('changing the email address', () => {
	it('keeps the old address until the new one is confirmed from its link, then tells the old address', async () => {
		const member = await signUpMember(server.url, 'mover')
		const newEmail = `${uniqueName('moved')}@example.com`
		const response = await member.client.json('PATCH', `/api/users/${member.id}`, {
			email: newEmail,
			bio: 'Moved house.',
			currentPassword: member.password,
		})
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({ email: member.email, bio: 'Moved house.', pendingEmail: newEmail })
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(member.email)
		expect(textOf(await (await member.client.get('/profile?tab=profile')).text())).toContain(
			`Waiting for confirmation: ${newEmail}.`,
		)

		const confirmation = await nthMailTo(newEmail)
		expect(confirmation.subject).toBe('Confirm your new email address')
		expect(confirmation.text).toContain(`Until you confirm, we keep writing to ${member.email}.`)
		const link = linkIn(confirmation, '/confirm-email')

		// Meanwhile the old address is still the account's: a reset link goes there.
		expect((await requestReset(member.email)).status).toBe(202)
		expect((await nthMailTo(member.email)).subject).toBe('Reset your LeaderForge password')

		// Opening the link changes nothing; its button does (no login needed).
		const visitor = new TestClient(server.url)
		const page = textOf(await (await visitor.get(link.href)).text())
		expect(page).toContain(`Use ${newEmail} as the email address of your account from now on.`)
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(member.email)
		const confirmed = await visitor.submitForm(link.href, { intent: 'confirm-email', token: link.token })
		expect(confirmed.status).toBe(302)
		expect(confirmed.headers.get('Location')).toBe('/auth')
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(newEmail)

		const notice = await nthMailTo(member.email, 2)
		expect(notice.subject).toBe('The email address of your LeaderForge account was changed')
		expect(notice.text).toContain(`was changed from ${member.email} to ${newEmail}`)

		const again = textOf(await (await visitor.get(link.href)).text())
		expect(again).toContain('This confirmation link has already been used.')
	})

	it('without JavaScript: the Profile tab says where the link went, and refuses an address someone has taken meanwhile', async () => {
		const member = await signUpMember(server.url, 'mover')
		const wanted = `${uniqueName('wanted')}@example.com`
		const saved = await member.client.submitForm('/profile?tab=profile', {
			intent: 'profile',
			name: 'Morgan Mover',
			email: wanted,
			bio: '',
			avatar: '',
			currentPassword: member.password,
		})
		expect(saved.status).toBe(302)
		const profile = textOf(await (await member.client.get('/profile?tab=profile')).text())
		expect(profile).toContain(
			`We sent a link to ${wanted} to confirm your new email address; until then we keep using ${member.email}.`,
		)
		expect(await UserModel.findOne({ id: member.id }).lean()).toMatchObject({
			name: 'Morgan Mover',
			email: member.email,
		})

		const link = linkIn(await nthMailTo(wanted), '/confirm-email')
		// Someone signs up with that address before the link is used.
		await signUpMember(server.url, 'quicker').then(async (quicker) =>
			UserModel.updateOne({ id: quicker.id }, { $set: { email: wanted } }),
		)
		const refused = await member.client.submitForm(link.href, { intent: 'confirm-email', token: link.token })
		expect(refused.status).toBe(409)
		expect(textOf(await refused.text())).toContain('An account with this email address already exists')
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(member.email)
	})

	it('a newer change replaces an older one: only the latest link works', async () => {
		const member = await signUpMember(server.url, 'mover')
		const [first, second] = [`${uniqueName('first')}@example.com`, `${uniqueName('second')}@example.com`]
		for (const email of [first, second])
			await member.client.json('PATCH', `/api/users/${member.id}`, { email, currentPassword: member.password })
		const firstLink = linkIn(await nthMailTo(first), '/confirm-email')
		const secondLink = linkIn(await nthMailTo(second), '/confirm-email')
		expect(textOf(await (await member.client.get(firstLink.href)).text())).toContain(
			'This confirmation link has expired.',
		)
		const replaced = await member.client.postForm(firstLink.href, {
			csrf: (await member.client.csrfToken('/profile'))!,
			intent: 'confirm-email',
			token: firstLink.token,
		})
		expect(replaced.status).toBe(400)
		expect(
			(await member.client.submitForm(secondLink.href, { intent: 'confirm-email', token: secondLink.token })).status,
		).toBe(302)
		expect((await UserModel.findOne({ id: member.id }).lean())!.email).toBe(second)
	})
})

// Last: these fill this server's per-client allowance.
describe('throttling', () => {
	it('limits requests per address, then per client, with a clear 429 and no mail', async () => {
		const member = await signUpMember(server.url, 'hammered')
		const answers: number[] = []
		for (let attempt = 0; attempt < 6; attempt++) answers.push((await requestReset(member.email)).status)
		expect(answers).toEqual([202, 202, 202, 202, 202, 429])
		const refused = await requestReset(member.email)
		expect((await refused.json()).message).toMatch(
			/^Too many password reset requests for this address\. Please try again in \d+ minutes?\.$/,
		)
		await expect.poll(async () => (await mailTo(member.email)).length, { timeout: 20_000 }).toBe(5)

		// Many addresses from one client: refused too once the client's allowance is spent.
		let lastStatus = 0
		for (let attempt = 0; attempt < 21 && lastStatus !== 429; attempt++)
			lastStatus = (await requestReset(`${uniqueName('probe')}@example.com`)).status
		expect(lastStatus).toBe(429)
		const form = await new TestClient(server.url).submitForm('/forgot-password', {
			intent: 'forgot-password',
			email: `${uniqueName('probe')}@example.com`,
		})
		expect(form.status).toBe(429)
		expect(textOf(await form.text())).toMatch(/Too many password reset requests\. Please try again in \d+ minutes?\./)
	})
})
