import { describe, expect, it } from 'vitest'
import { TestClient } from '../setup/http-client'
import { useTestServer } from '../setup/seeded-server'

/** The production server, as `npm start` runs it behind an HTTPS proxy. */
const server = useTestServer({
	seed: true,
	env: { NODE_ENV: 'production', SESSION_SECRET: 'a-long-production-secret-for-the-security-tests', ALLOW_DEMO_BILLING: 'true', MAIL_DISABLED: 'true' },
})

function cookieNamed(response: Response, name: string) {
	return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
}

describe('cookies in production', () => {
	it('the session cookie is Secure, HttpOnly and SameSite=Lax, and carries a signed id only', async () => {
		const response = await new TestClient(server.url).json('POST', '/api/login', { username: 'member', password: 'password123' })
		expect(response.status).toBe(200)
		const session = cookieNamed(response, '__session')!
		expect(session).toMatch(/; Secure/i)
		expect(session).toMatch(/; HttpOnly/i)
		expect(session).toMatch(/; SameSite=Lax/i)
		// base64 of a JSON string (the id) and a signature: no user data.
		expect(Buffer.from(decodeURIComponent(session.split('=')[1]!.split('.')[0]!), 'base64').toString()).toMatch(/^"[A-Za-z0-9_-]{43}"$/)
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
		expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN')
		expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
		expect(response.headers.get('X-Powered-By')).toBeNull()
	})

	it('gives every response a fresh CSP nonce', async () => {
		const nonceOf = async () => /'nonce-([^']+)'/.exec((await fetch(new URL('/auth', server.url))).headers.get('Content-Security-Policy') ?? '')?.[1]
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
