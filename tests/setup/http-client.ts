/**
 * A small browser stand-in for integration tests: it keeps cookies between
 * requests and can read a page's CSRF token, so tests can post forms the way
 * a browser without JavaScript does. Like a browser on the app's own page,
 * it names that page's origin in `Origin` on every request that is not a GET
 * or HEAD (unless the test sets `Origin` itself).
 */
export class TestClient {
	private cookies = new Map<string, string>()

	/**
	 * `from`: the client's address, sent as X-Forwarded-For, for a server that
	 * trusts the loopback proxy (TRUST_PROXY=loopback): each such client
	 * counts as a different person to the per-address limits.
	 */
	constructor(
		readonly baseUrl: string,
		private readonly options: { from?: string } = {},
	) {}

	/** Starts from a session cookie written elsewhere (`name=value`, as tests/setup/direct-sessions.ts gives it). */
	withCookie(header: string): this {
		const [name, ...value] = header.split('=')
		this.cookies.set(name!.trim(), value.join('='))
		return this
	}

	cookie(name: string): string | undefined {
		return this.cookies.get(name)
	}

	async request(path: string, init: RequestInit = {}): Promise<Response> {
		const headers = new Headers(init.headers)
		if (this.options.from && !headers.has('X-Forwarded-For')) headers.set('X-Forwarded-For', this.options.from)
		if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
		const method = (init.method ?? 'GET').toUpperCase()
		if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin'))
			headers.set('Origin', new URL(this.baseUrl).origin)
		const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual' })
		for (const setCookie of response.headers.getSetCookie()) {
			const [pair, ...attributes] = setCookie.split(';')
			const [name, ...value] = pair!.split('=')
			const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a))
			if (expired || value.join('=') === '') this.cookies.delete(name!.trim())
			else this.cookies.set(name!.trim(), value.join('='))
		}
		return response
	}

	get(path: string) {
		return this.request(path)
	}

	json(method: string, path: string, body?: unknown) {
		return this.request(path, {
			method,
			headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
			body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
		})
	}

	/** Loads `pagePath` and reads the CSRF token of its forms (the same for every form of this browser). */
	async csrfToken(pagePath: string): Promise<string | undefined> {
		const html = await (await this.get(pagePath)).text()
		return /name="csrf" value="([^"]+)"/.exec(html)?.[1]
	}

	/** Posts form fields (URL-encoded) to `actionPath`, as a browser without JavaScript does. */
	postForm(actionPath: string, fields: Record<string, string> | URLSearchParams): Promise<Response> {
		return this.request(actionPath, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields),
		})
	}

	/**
	 * Loads `pagePath`, then posts a form to `actionPath` with the page's CSRF token, and the token of its
	 * creating form when it has one (`formOnce`, decision 204), like a no-JS browser.
	 */
	async submitForm(pagePath: string, fields: Record<string, string>, actionPath = pagePath): Promise<Response> {
		const html = await (await this.get(pagePath)).text()
		const hidden: Record<string, string> = {}
		for (const name of ['csrf', 'formOnce']) {
			const value = new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1]
			if (value) hidden[name] = value
		}
		return this.postForm(actionPath, { ...hidden, ...fields })
	}
}
