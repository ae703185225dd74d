import { describe, expect, it } from 'vitest'
import { UserModel } from '#models/index'
import { REGISTER_SERVICE_WORKER_SCRIPT } from '~/lib/app-shell'
import { TestClient } from '../setup/http-client'
import { pageHtml, stylesheetOf } from '../setup/page-html'
import { signUpMember } from '../setup/members'
import { useTestServer } from '../setup/seeded-server'
import { uniqueName } from '../setup/unique-name'

const server = useTestServer()

const signedUpClient = () => signUpMember(server.url, 'page_user', { name: 'Robin Page' })

/** The text of every script the page preloads, as the browser fetches them. */
async function scriptsOf(client: TestClient, path: string): Promise<string> {
	const html = await (await client.get(path)).text()
	const sources = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href)
	expect(sources.length).toBeGreaterThan(0)
	const texts = await Promise.all(sources.map(async (source) => (await client.get(source)).text()))
	return texts.join('\n')
}

describe('pages without JavaScript', () => {
	it('the landing page ships no script at all', async () => {
		const response = await new TestClient(server.url).get('/')
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('Elevate Your Leadership Journey')
		expect(html).not.toMatch(/<script/i)
	})

	it('the landing page is served from memory to visitors, but never to a member', async () => {
		const visitor = new TestClient(server.url)
		await visitor.get('/')
		const cached = await visitor.get('/')
		expect(cached.status).toBe(200)
		expect(cached.headers.get('X-Page-Cache')).toBe('hit')
		expect(cached.headers.getSetCookie()).toEqual([])
		expect(await cached.text()).toContain('Elevate Your Leadership Journey')

		const { client } = await signedUpClient()
		const member = await client.get('/')
		expect(member.status).toBe(302)
		expect(member.headers.get('X-Page-Cache')).toBeNull()
	})

	it('unknown paths answer 404 with the not-found page and no script but the line that registers the service worker', async () => {
		const response = await new TestClient(server.url).get('/no/such/page')
		expect(response.status).toBe(404)
		const html = await response.text()
		expect(html).toContain('404 Page Not Found')
		expect(html).toContain('Did you forget to add the page to the router?')
		const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
		// docs/decisions/180: one inline line, no React, no script file.
		expect(
			[...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => [attributes, body]),
		).toEqual([[` nonce="${nonce}"`, REGISTER_SERVICE_WORKER_SCRIPT]])
	})

	it('the auth page hydrates, with a CSP nonce on its inline scripts', async () => {
		const response = await new TestClient(server.url).get('/auth')
		const html = await response.text()
		const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
		expect(nonce).toBeTruthy()
		const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
		expect(inlineScripts.length).toBeGreaterThan(0)
		for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)
	})

	it('every page is one whole standards-mode document: the doctype once, then the html element (decision 232)', async () => {
		const { client: member } = await signedUpClient()
		for (const [client, path] of [
			[new TestClient(server.url), '/'],
			[new TestClient(server.url), '/auth'],
			[member, '/dashboard'],
			[new TestClient(server.url), '/no-such-page'],
		] as const) {
			const response = await client.get(path)
			expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8')
			const html = await response.text()
			expect(html.startsWith('<!DOCTYPE html><html lang="en"'), path).toBe(true)
			expect(html.split('<!DOCTYPE').length, path).toBe(2)
			expect(html.trimEnd().endsWith('</html>'), path).toBe(true)
		}
	})

	it('sends the security headers', async () => {
		const response = await new TestClient(server.url).get('/')
		expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
		expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
		// Two headers, one answer: never in a frame.
		expect(response.headers.get('X-Frame-Options')).toBe('DENY')
		expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
	})
})

describe('what an island page loads', () => {
	/** The scripts a page's scripts import on demand (`import("/build/...")`), with what those import in turn. */
	async function lazilyLoadedBy(client: TestClient, scripts: string): Promise<string> {
		const loaded = new Map<string, string>()
		let next = [...scripts.matchAll(/import\("(\/build\/[^"]+\.js)"\)/g)].map(([, source]) => source)
		while (next.length > 0) {
			const fresh = next.filter((source) => !loaded.has(source))
			const texts = await Promise.all(fresh.map(async (source) => (await client.get(source)).text()))
			fresh.forEach((source, index) => loaded.set(source, texts[index]!))
			// Their own imports, and what they load in turn: a part of a page with its own code (decision 254)
			// loads its forms' schemas when they are first used.
			next = texts.flatMap((text) =>
				[...text.matchAll(/(?:from\s*|import\s*\(?)"(\/build\/[^"]+\.js)"/g)].map(([, source]) => source),
			)
		}
		return [...loaded.values()].join('\n')
	}

	const ZOD = 'ZodError'

	it('asks for its scripts at low priority: the page is drawn by the server, styles and pictures go first (decision 222)', async () => {
		const { client } = await signedUpClient()
		for (const path of ['/content-library/1', '/community/1', '/messages']) {
			const html = await (await client.get(path)).text()
			const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => link)
			expect(preloads.length, path).toBeGreaterThan(5)
			for (const link of preloads) expect(link, path).toContain('fetchpriority="low"')
		}
	})

	it("a member page whose island has no form loads no zod: the layout needs only the live events' names (decision 198)", async () => {
		const { client } = await signedUpClient()
		expect(await scriptsOf(client, '/subscribe')).not.toContain(ZOD)
	})

	it("an island page's scripts leave out what only loaders, JSON calls and other pages' forms use (decision 239)", async () => {
		const { client } = await signedUpClient()
		for (const path of ['/community/1', '/messages', '/profile', '/subscribe']) {
			// ~/lib/videos, which the root's loader once imported for the default thumbnail: these pages draw no video.
			expect(await scriptsOf(client, path), path).not.toContain('/images/default-thumbnail.svg')
		}
		for (const path of ['/community/1', '/messages', '/content-library/1', '/profile', '/subscribe']) {
			// An import whose module has no code in the browser is an empty script: the JSON calls' paging, once in
			// ~/lib/paging; a constant only a loader reads, as the lesson page's MAX_SEARCH_LENGTH (decision 248).
			const html = await (await client.get(path)).text()
			const sources = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href)
			for (const source of sources) expect((await (await client.get(source)).text()).trim(), source).not.toBe('')
		}
		// ~/lib/dates (its zone check lists Intl's zones), once imported by the root with the time-zone hint: /auth shows no date.
		expect(await scriptsOf(new TestClient(server.url), '/auth')).not.toContain('supportedValuesOf')
		// The wall clock of a named zone (~/lib/zoned-time), once in ~/lib/dates: only forms that take a time use it.
		for (const path of ['/content-library/1', '/community/1', '/profile', '/subscribe'])
			expect(await scriptsOf(client, path), path).not.toContain('formatToParts')
		// The captions dialog's chapter lines (~/lib/chapter-lines), once in ~/lib/transcripts beside what the lesson draws.
		expect(await scriptsOf(client, '/content-library/1')).not.toContain('List chapters in time order')
	})

	it('pages with forms load no zod either: each form loads its schema when first used (decision 220)', async () => {
		const { client } = await signedUpClient()
		for (const path of ['/content-library/1', '/community/1', '/community/1/discussions', '/messages', '/profile']) {
			const scripts = await scriptsOf(client, path)
			expect(scripts, path).not.toContain(ZOD)
			// What the page loads when a form is first used carries it: the check above can see zod.
			expect(await lazilyLoadedBy(client, scripts), path).toContain(ZOD)
		}
		const visitor = new TestClient(server.url)
		for (const path of ['/auth', '/contact', '/forgot-password']) {
			const scripts = await scriptsOf(visitor, path)
			expect(scripts, path).not.toContain(ZOD)
			expect(await lazilyLoadedBy(visitor, scripts), path).toContain(ZOD)
		}
	})
})

describe("an island page's data (decision 246)", () => {
	it('carries what the layout draws of the account, not the email address, the billing ids or the profile', async () => {
		const { client, email, name } = await signedUpClient()
		for (const path of ['/content-library/1', '/community/1']) {
			const html = await (await client.get(path)).text()
			// An island: the document carries the loaders' data once more for hydration.
			expect(html, path).toContain('window.__remixContext')
			expect(html, path).toContain(name)
			expect(html, path).not.toContain(email)
			expect(html, path).not.toContain('stripeCustomerId')
			expect(html, path).not.toContain('"communityIds"')
		}
	})
})

describe('how a page reaches the browser (decision 252)', () => {
	it('a member page arrives compressed in one piece, with its length', async () => {
		const { client } = await signedUpClient()
		for (const [path, encoding] of [
			['/dashboard', 'gzip, deflate, br'],
			['/messages', 'gzip'],
		] as const) {
			const response = await client.request(path, { headers: { 'Accept-Encoding': encoding } })
			expect(response.status, path).toBe(200)
			expect(response.headers.get('Content-Encoding'), path).toBe(encoding === 'gzip' ? 'gzip' : 'br')
			expect(response.headers.get('Transfer-Encoding'), path).toBeNull()
			expect(Number(response.headers.get('Content-Length')), path).toBeGreaterThan(1000)
			expect(response.headers.get('Vary'), path).toContain('Accept-Encoding')
			expect(response.headers.get('Server-Timing'), path).toMatch(/queries/)
		}
		// fetch undoes the encoding: what the member reads is the page.
		const page = await client.request('/dashboard', { headers: { 'Accept-Encoding': 'br' } })
		expect(await page.text()).toContain('Continue Learning')
	})

	it('a short JSON answer arrives as it is, with its length', async () => {
		const { client } = await signedUpClient()
		const response = await client.request('/api/user', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Encoding')).toBeNull()
		expect(response.headers.get('Transfer-Encoding')).toBeNull()
		const body = await response.text()
		expect(Number(response.headers.get('Content-Length'))).toBe(Buffer.byteLength(body))
		expect(JSON.parse(body)).toMatchObject({ name: 'Robin Page' })
	})
})

describe('icons (decision 221)', () => {
	it("are drawn from one fingerprinted sprite the browser keeps: not in a page's HTML or its scripts", async () => {
		const { client } = await signedUpClient()
		const response = await client.get('/content-library/1')
		const html = await response.text()
		const uses = [...html.matchAll(/<use href="([^"#]+)#([A-Za-z0-9]+)"/g)]
		expect(uses.length).toBeGreaterThan(5)
		const sprites = new Set(uses.map(([, href]) => href))
		expect([...sprites]).toHaveLength(1)
		const [sprite] = sprites
		expect(sprite).toMatch(/^\/build\/_assets\/icons-[A-Z0-9]+\.svg$/)
		// Preloaded with the styles, so the icons do not wait for the first <use> to be parsed.
		expect(html).toMatch(
			new RegExp(`<link rel="preload" href="${sprite!.replaceAll('.', '\\.')}" as="image" type="image/svg\\+xml"`),
		)
		// A shape of the sidebar's icons (the dashboard's four squares) is not written into the page any more.
		expect(html).not.toContain('<rect x="13.5" y="13.5"')

		const file = await client.get(sprite!)
		expect(file.status).toBe(200)
		expect(file.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/)
		expect(file.headers.get('Cache-Control')).toContain('immutable')
		const symbols = await file.text()
		for (const [, , name] of uses) expect(symbols, name).toContain(`<symbol id="${name}"`)

		// The menu icon's lines, once a string in the layout's scripts.
		expect(await scriptsOf(client, '/content-library/1')).not.toContain('M4 6.5h16M4 12h16M4 17.5h16')
	})
})

describe('the stylesheet (decision 247)', () => {
	it("sets Tailwind's shadow, ring, transform and filter variables only on the elements whose classes use them", async () => {
		const visitor = new TestClient(server.url)
		const css = await stylesheetOf(visitor, await pageHtml(visitor, '/'))
		// Tailwind's default writes some forty --tw-* properties on every element and pseudo-element, which each
		// style calculation of the page then carries.
		const universalRules = [...css.matchAll(/(?:^|\})([^{}]*)\{([^}]*)\}/g)].filter(
			([, selector, body]) => /(^|,)\s*\*/.test(selector!) && body!.includes('--tw-'),
		)
		expect(universalRules.map(([, selector]) => selector)).toEqual([])
		// The same defaults now start the rules of the classes that use them, focus rings and cards' shadows included.
		expect(css).toMatch(/\.focus-visible\\:ring-2[,{][^}]*--tw-ring-offset-width: 0px/)
		expect(css).toMatch(/\.shadow-sm[,{][^}]*--tw-ring-offset-shadow: 0 0 #0000/)
	})
})

describe('routing rules of product §2', () => {
	it('protected pages send a visitor to /auth', async () => {
		const response = await new TestClient(server.url).get('/dashboard')
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/auth')
	})

	it('/ and /auth send a logged-in user to /dashboard, which welcomes them by name', async () => {
		const { client } = await signedUpClient()
		for (const path of ['/', '/auth']) {
			const response = await client.get(path)
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe('/dashboard')
		}
		const dashboard = await client.get('/dashboard')
		expect(dashboard.status).toBe(200)
		expect(await dashboard.text()).toContain('Robin Page')
	})
})

describe('the login form without JavaScript', () => {
	it('refuses a post without the CSRF token', async () => {
		const client = new TestClient(server.url)
		await client.get('/auth')
		const response = await client.request('/auth', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'login', username: 'admin', password: 'password123' }),
		})
		expect(response.status).toBe(403)
		expect(client.cookie('__session')).toBeUndefined()
	})

	it('logs in, lands on /dashboard with the welcome notice, and logs out again', async () => {
		const { username } = await signedUpClient()
		const client = new TestClient(server.url)
		const login = await client.submitForm('/auth', { intent: 'login', username, password: 'password-123' })
		expect(login.status).toBe(302)
		expect(login.headers.get('Location')).toBe('/dashboard')
		const dashboard = await (await client.get('/dashboard')).text()
		expect(dashboard).toContain('Login successful')
		expect(dashboard).toContain('Welcome back!')

		const logout = await client.submitForm('/dashboard', {}, '/logout')
		expect(logout.status).toBe(302)
		expect(logout.headers.get('Location')).toBe('/')
		expect(await (await client.get('/')).text()).toContain('You have been successfully logged out.')
		expect((await client.get('/dashboard')).headers.get('Location')).toBe('/auth')
	})

	it('takes the time zone the login and sign-up forms send, so the first member page is drawn in it (no reload)', async () => {
		const { username: member, password } = await signUpMember(server.url, 'zone')
		const browser = new TestClient(server.url)
		const login = await browser.submitForm('/auth', { intent: 'login', username: member, password, tz: 'Asia/Tokyo' })
		expect(login.status).toBe(302)
		expect(login.headers.getSetCookie().find((cookie) => cookie.startsWith('tz='))).toMatch(
			/^tz=Asia%2FTokyo; Path=\/; Max-Age=31536000; SameSite=Lax$/,
		)
		expect(await (await browser.get('/events')).text()).toContain('Times are shown in your time zone (Asia/Tokyo).')

		const newcomer = new TestClient(server.url)
		const username = uniqueName('zoned')
		const signup = await newcomer.submitForm('/auth?tab=signup', {
			intent: 'signup',
			username,
			name: 'Zoe Zone',
			email: `${username}@example.com`,
			password: 'password-123',
			confirmPassword: 'password-123',
			tz: 'America/Chicago',
		})
		expect(signup.status).toBe(302)
		expect(newcomer.cookie('tz')).toBe('America%2FChicago')

		// Not a zone (or no JavaScript, so an empty field): no cookie, times in UTC as before.
		const plain = new TestClient(server.url)
		const noZone = await plain.submitForm('/auth', { intent: 'login', username: member, password, tz: 'Mars/Olympus' })
		expect(noZone.status).toBe(302)
		expect(noZone.headers.getSetCookie().some((cookie) => cookie.startsWith('tz='))).toBe(false)
	})

	it('shows "Invalid username or password" once, on the form, for a wrong password', async () => {
		const client = new TestClient(server.url)
		const response = await client.submitForm('/auth', { intent: 'login', username: 'nobody', password: 'wrong-one' })
		expect(response.status).toBe(401)
		const html = await response.text()
		// Once on the page (no notice repeating it); the form's own data may carry it again for the browser.
		expect(html.split('>Invalid username or password<')).toHaveLength(2)
		expect(html).not.toContain('Login failed')
	})

	it('shows the field messages of product §5 for an empty login and a bad sign-up, creating nothing', async () => {
		const client = new TestClient(server.url)
		const login = await (await client.submitForm('/auth', { intent: 'login', username: '', password: '' })).text()
		expect(login).toContain('Username is required')
		expect(login).toContain('Password is required')

		const before = await UserModel.countDocuments()
		const signup = await (
			await client.submitForm('/auth?tab=signup', {
				intent: 'signup',
				username: 'someone_new',
				name: 'Someone',
				email: 'bad-email',
				password: 'short',
				confirmPassword: 'other',
			})
		).text()
		expect(signup).toContain('Invalid email address')
		expect(signup).toContain('Password must be at least 8 characters long')
		expect(await UserModel.countDocuments()).toBe(before)
	})
})

describe('GET /healthz', () => {
	it('answers 200 while the database is reachable', async () => {
		const response = await fetch(new URL('/healthz', server.url))
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ status: 'ok', database: true })
	})
})
