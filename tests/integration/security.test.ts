import { describe, expect, it } from 'vitest'
import { TestClient } from '../setup/http-client'
import { logIn, logInWithUser } from '../setup/log-in'
import { useTestServer } from '../setup/seeded-server'

/** The production server, as `npm start` runs it behind an HTTPS proxy. */
const server = useTestServer({
	seed: true,
	env: {
		NODE_ENV: 'production',
		SESSION_SECRET: 'a-long-production-secret-for-the-security-tests',
		ALLOW_DEMO_BILLING: 'true',
		MAIL_DISABLED: 'true',
		PUSH_DISABLED: 'true',
	},
})

function cookieNamed(response: Response, name: string) {
	return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
}

describe('cookies in production', () => {
	it('the session cookie is Secure, HttpOnly and SameSite=Lax, and carries a signed id only', async () => {
		const response = await new TestClient(server.url).json('POST', '/api/login', {
			username: 'member',
			password: 'password123',
		})
		expect(response.status).toBe(200)
		const session = cookieNamed(response, '__session')!
		expect(session).toMatch(/; Secure/i)
		expect(session).toMatch(/; HttpOnly/i)
		expect(session).toMatch(/; SameSite=Lax/i)
		// base64 of a JSON string (the id) and a signature: no user data.
		expect(Buffer.from(decodeURIComponent(session.split('=')[1]!.split('.')[0]!), 'base64').toString()).toMatch(
			/^"[A-Za-z0-9_-]{43}"$/,
		)
	})

	it('the CSRF and notice cookies are Secure and HttpOnly too', async () => {
		const client = new TestClient(server.url)
		const page = await client.get('/auth')
		const csrf = cookieNamed(page, 'csrf')!
		expect(csrf).toMatch(/; Secure/i)
		expect(csrf).toMatch(/; HttpOnly/i)
		const login = await client.submitForm('/auth', { intent: 'login', username: 'member', password: 'password123' })
		const notice = cookieNamed(login, 'en_toast')!
		expect(notice).toMatch(/; Secure/i)
		expect(notice).toMatch(/; HttpOnly/i)
	})
})

describe('headers in production', () => {
	it('asks browsers to keep to HTTPS, and never to frame the app', async () => {
		const response = await fetch(new URL('/auth', server.url))
		expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/)
		expect(response.headers.get('X-Frame-Options')).toBe('DENY')
		expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
		expect(response.headers.get('X-Powered-By')).toBeNull()
	})

	it('lets pages connect to this host’s chat socket and Stripe only', async () => {
		const response = await fetch(new URL('/auth', server.url))
		const connectSrc = /connect-src ([^;]+)/.exec(response.headers.get('Content-Security-Policy') ?? '')![1]!.split(' ')
		const host = new URL(server.url).host
		expect(connectSrc).toEqual(["'self'", `ws://${host}`, `wss://${host}`, 'https://api.stripe.com'])
	})

	it('gives every response a fresh CSP nonce', async () => {
		const nonceOf = async () =>
			/'nonce-([^']+)'/.exec(
				(await fetch(new URL('/auth', server.url))).headers.get('Content-Security-Policy') ?? '',
			)?.[1]
		const [first, second] = [await nonceOf(), await nonceOf()]
		expect(first).toBeTruthy()
		expect(second).toBeTruthy()
		expect(first).not.toBe(second)
	})

	it('caches fingerprinted build assets for a year', async () => {
		const html = await (await fetch(new URL('/auth', server.url))).text()
		const asset = /<link rel="stylesheet" href="(\/build\/[^"]+)"/.exec(html)![1]!
		const response = await fetch(new URL(asset, server.url))
		expect(response.status).toBe(200)
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
	})
})

describe('development tools in production', () => {
	it('has no caught-mail page or API: both answer 404', async () => {
		const page = await fetch(new URL('/dev/mail', server.url))
		expect(page.status).toBe(404)
		expect(await page.text()).toContain('404 Page Not Found')
		const api = await fetch(new URL('/api/dev/mail', server.url))
		expect(api.status).toBe(404)
		expect(await api.json()).toEqual({ message: 'Not found' })
	})
})

describe('requests from other sites (issue 16, finding 6)', () => {
	const EVIL = 'https://evil.example'
	const crossSiteForm = (path: string, origin = EVIL) =>
		fetch(new URL(path, server.url), {
			method: 'POST',
			headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'intent=login&username=member&password=password123',
			redirect: 'manual',
		})

	it('a form another site posts to a page gets a readable 403 before the app runs, and no stack trace in the log', async () => {
		for (const path of ['/auth', '/dashboard', '/', '/profile?tab=password', '/nowhere']) {
			const response = await crossSiteForm(path)
			expect(response.status, path).toBe(403)
			expect(await response.text()).toContain('This request came from another site and was refused.')
		}
		expect((await crossSiteForm('/auth', 'null')).status).toBe(403)
		expect(server.output()).not.toContain('Aborting the action')
	})

	it('JSON calls that change something need the JSON type or the app’s own Origin', async () => {
		const member = await logIn(server.url, 'member')
		const call = (path: string, headers: Record<string, string>, body?: string) =>
			member.request(path, { method: 'POST', headers, body })
		// A cross-site form: refused, and the session is still there.
		expect(
			(await call('/api/logout', { Origin: EVIL, 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=b')).status,
		).toBe(403)
		expect(
			(await call('/api/get-or-create-subscription', { Origin: EVIL, 'Content-Type': 'text/plain' }, '{}')).status,
		).toBe(403)
		// No Origin and not JSON (no browser page sends that): 415.
		const bare = await fetch(new URL('/api/logout', server.url), {
			method: 'POST',
			headers: { Cookie: `__session=${member.cookie('__session')}` },
		})
		expect(bare.status).toBe(415)
		expect(await bare.json()).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json)' })
		expect((await member.get('/api/user')).status).toBe(200)
		// From the app's own page: fine.
		expect((await call('/api/logout', { Origin: new URL(server.url).origin })).status).toBe(200)
		expect((await member.get('/api/user')).status).toBe(401)
	})

	it('the JSON type is compared whole: application/json-evil is not JSON', async () => {
		const response = await new TestClient(server.url).request('/api/login', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json-evil' },
			body: JSON.stringify({ username: 'member', password: 'password123' }),
		})
		expect(response.status).toBe(415)
		const withCharset = await new TestClient(server.url).request('/api/login', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json; charset=utf-8' },
			body: JSON.stringify({ username: 'member', password: 'password123' }),
		})
		expect(withCharset.status).toBe(200)
	})
})

describe('form tokens (issue 16, finding 6)', () => {
	const postPassword = (client: TestClient, csrf: string) =>
		client.postForm('/profile?tab=password', {
			csrf,
			intent: 'password',
			currentPassword: 'password123',
			newPassword: 'password123',
			confirmPassword: 'password123',
		})

	it('a token is good only in the session it was given to', async () => {
		const alice = await logIn(server.url, 'maria')
		const bob = await logIn(server.url, 'david')
		const alicesToken = (await alice.csrfToken('/profile?tab=password'))!
		const bobsToken = (await bob.csrfToken('/profile?tab=password'))!
		expect(alicesToken).not.toBe(bobsToken)
		// Bob's browser posting Alice's token (with Bob's own cookies): refused.
		const refused = await postPassword(bob, alicesToken)
		expect(refused.status).toBe(403)
		expect(await refused.text()).toContain('Your form has expired. Please reload the page and try again.')
		expect((await postPassword(bob, bobsToken)).status).toBe(302)
	})

	it("a member's pages bind their tokens to the session and set no visitor's cookie for them", async () => {
		const member = await logIn(server.url, 'maria')
		const page = await member.get('/profile?tab=password')
		expect(cookieNamed(page, 'csrf')).toBeUndefined()
		const token = (await member.csrfToken('/profile?tab=password'))!
		expect((await postPassword(member, token)).status).toBe(302)
		// A visitor's page still gives the cookie its forms' tokens are drawn from.
		expect(cookieNamed(await new TestClient(server.url).get('/auth'), 'csrf')).toBeDefined()
	})

	it('a token from before logging in, or from an ended session, is refused', async () => {
		const browser = new TestClient(server.url)
		const visitorToken = (await browser.csrfToken('/auth'))!
		const login = await browser.postForm('/auth', {
			csrf: visitorToken,
			intent: 'login',
			username: 'moderator',
			password: 'password123',
		})
		expect(login.status).toBe(302)
		expect((await postPassword(browser, visitorToken)).status).toBe(403)

		const { client } = await logInWithUser(server.url, 'premium')
		const token = (await client.csrfToken('/profile?tab=password'))!
		expect((await client.json('POST', '/api/logout')).status).toBe(200)
		// Logged in again: a new session, so the old token is worth nothing.
		expect((await client.json('POST', '/api/login', { username: 'premium', password: 'password123' })).status).toBe(200)
		expect((await postPassword(client, token)).status).toBe(403)
	})

	it('a token made up by the visitor, or sent without the cookie it was drawn from, is refused', async () => {
		const browser = new TestClient(server.url)
		await browser.get('/auth')
		expect(
			(
				await browser.postForm('/auth', {
					csrf: 'made-up',
					intent: 'login',
					username: 'member',
					password: 'password123',
				})
			).status,
		).toBe(403)
		const token = (await new TestClient(server.url).csrfToken('/auth'))!
		expect(
			(
				await new TestClient(server.url).postForm('/auth', {
					csrf: token,
					intent: 'login',
					username: 'member',
					password: 'password123',
				})
			).status,
		).toBe(403)
	})
})

describe('addresses members enter (issue 16, finding 6)', () => {
	it('an avatar address browsers would read as another site is refused', async () => {
		const { client, user } = await logInWithUser(server.url, 'david')
		for (const avatar of ['/\\evil.example/a.png', '//evil.example/a.png', 'javascript:alert(1)', '/a b.png']) {
			const response = await client.json('PATCH', `/api/users/${user.id}`, { avatar })
			expect(response.status, avatar).toBe(400)
			expect((await response.json()).message).toContain('Avatar URL must be a web address')
		}
		expect((await client.json('PATCH', `/api/users/${user.id}`, { avatar: '/images/me.png' })).status).toBe(200)
	})
})
