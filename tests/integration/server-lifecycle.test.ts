import { spawn } from 'node:child_process'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { startEmbeddedDatabase } from '~/platform/database.server'
import { DEMO_SERVER_ENV, startTestServer } from '../setup/test-server'

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, ['build-server/server.js'], {
			env: { PATH: process.env.PATH ?? '', PORT: '0', ...env } as unknown as NodeJS.ProcessEnv,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let output = ''
		child.stdout.on('data', (chunk) => (output += chunk))
		child.stderr.on('data', (chunk) => (output += chunk))
		child.on('exit', (code) => resolve({ code, output }))
	})
}

describe('start-up configuration', () => {
	it('production without MONGODB_URI and SESSION_SECRET stops with one line naming both', async () => {
		const { code, output } = await runServer({ NODE_ENV: 'production', ALLOW_DEMO_BILLING: 'true' })
		expect(code).toBe(1)
		expect(output.trim()).toBe('Missing required settings for production: MONGODB_URI, SESSION_SECRET')
	})

	it('production without an SMTP server stops with one line saying what mail needs', async () => {
		const { code, output } = await runServer({
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://127.0.0.1:9/none',
			SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
			ALLOW_DEMO_BILLING: 'true',
		})
		expect(code).toBe(1)
		expect(output.trim()).toBe(
			'Missing required settings for production: SMTP_URL, MAIL_POSTAL_ADDRESS, APP_ORIGIN (or set MAIL_DISABLED=true to run without mail)',
		)
	})

	it('production without CREDENTIAL_SIGNING_KEY stops with one line naming it', async () => {
		const { code, output } = await runServer({
			NODE_ENV: 'production',
			MONGODB_URI: 'mongodb://127.0.0.1:9/none',
			SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			PUSH_DISABLED: 'true',
		})
		expect(code).toBe(1)
		expect(output.trim()).toBe(
			'Missing required setting for production: CREDENTIAL_SIGNING_KEY (the Ed25519 private key that signs certificates: see .env.example)',
		)
	})

	it('Stripe mode without the public key stops with the exact contract message', async () => {
		const { code, output } = await runServer({ NODE_ENV: 'development', STRIPE_SECRET_KEY: 'sk_test_123' })
		expect(code).toBe(1)
		expect(output.trim()).toBe('Missing required Stripe key: VITE_STRIPE_PUBLIC_KEY')
	})
})

// These start a whole server on a fresh database, which seeds the demo (programs, pods, the search index): on a
// loaded 2-core machine that took 18-30 s, past the default 30 s test timeout.
const START_UP_TIMEOUT = 90_000

describe('health and shutdown', () => {
	it(
		'answers 503 with a readable page once the database is gone, and keeps running',
		async () => {
			const database = await startEmbeddedDatabase()
			const server = await startTestServer({ mongodbUri: `${database.uri}/lifecycle` })
			try {
				expect((await fetch(new URL('/healthz', server.url))).status).toBe(200)
				await database.stop()
				const health = await fetch(new URL('/healthz', server.url))
				expect(health.status).toBe(503)
				expect(await health.json()).toEqual({ status: 'unavailable', database: false })

				// Within a couple of seconds every page and JSON call says so plainly.
				await expect.poll(async () => (await fetch(new URL('/auth', server.url))).status, { timeout: 10_000 }).toBe(503)
				const page = await fetch(new URL('/auth', server.url))
				expect(await page.text()).toContain('Service temporarily unavailable')
				const api = await fetch(new URL('/api/user', server.url))
				expect(api.status).toBe(503)
				expect((await api.json()).message).toContain('cannot reach our database')
				// Static files need no database.
				expect((await fetch(new URL('/favicon.svg', server.url))).status).toBe(200)
			} finally {
				await server.stop()
				await database.stop()
			}
		},
		START_UP_TIMEOUT,
	)

	it(
		"keeps an idle connection open past Node's 5 seconds, so a client reusing it after a pause is answered",
		async () => {
			const database = await startEmbeddedDatabase()
			const server = await startTestServer({ mongodbUri: `${database.uri}/keep-alive` })
			const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1')
			try {
				let received = ''
				let closedByServer = false
				socket.setEncoding('latin1')
				socket.on('data', (chunk: string) => (received += chunk))
				socket.on('end', () => (closedByServer = true))
				const ask = () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n')
				const answers = () => received.match(/HTTP\/1\.1 200 OK/g)?.length ?? 0

				ask()
				await expect.poll(answers).toBe(1)
				expect(received).toMatch(/Keep-Alive: timeout=65\r\n/i)
				// Longer than Node's default of 5 s, after which the server used to close the connection.
				await new Promise((resolve) => setTimeout(resolve, 6_000))
				expect(closedByServer).toBe(false)
				ask()
				await expect.poll(answers).toBe(2)
			} finally {
				socket.destroy()
				await server.stop()
				await database.stop()
			}
		},
		START_UP_TIMEOUT,
	)

	it(
		'SIGTERM closes the server cleanly (exit code 0) well within 10 seconds',
		async () => {
			const database = await startEmbeddedDatabase()
			const child = spawn(process.execPath, ['build-server/server.js'], {
				env: {
					...process.env,
					NODE_ENV: 'test',
					PORT: '0',
					MONGODB_URI: `${database.uri}/shutdown`,
					STRIPE_SECRET_KEY: '',
				},
				stdio: ['ignore', 'pipe', 'pipe'],
			})
			try {
				let output = ''
				child.stdout.on('data', (chunk) => (output += chunk))
				child.stderr.on('data', (chunk) => (output += chunk))
				const url = await new Promise<string>((resolve) =>
					child.stdout.on('data', () => {
						const match = /listening on (http:\/\/\S+)/.exec(output)
						if (match) resolve(match[1]!)
					}),
				)
				// Serving requests, so start-up (signal handlers included) is over.
				expect((await fetch(new URL('/healthz', url))).status).toBe(200)
				const exited = new Promise<[number | null, string | null]>((resolve) =>
					child.on('exit', (code, signal) => resolve([code, signal])),
				)
				child.kill('SIGTERM')
				expect(await exited, output).toEqual([0, null])
				expect(output).toContain('SIGTERM received: shutting down')
			} finally {
				child.kill('SIGKILL')
				await database.stop()
			}
		},
		START_UP_TIMEOUT,
	)
})

describe('the demo (npm run demo: docs/decisions/137)', () => {
	it(
		'runs the production build on 127.0.0.1 only, with caught mail at /dev/mail and cookies for plain http',
		async () => {
			const database = await startEmbeddedDatabase()
			const server = await startTestServer({
				mongodbUri: `${database.uri}/demo`,
				env: DEMO_SERVER_ENV,
			})
			try {
				expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
				expect((await fetch(new URL('/dev/mail', server.url))).status).toBe(200)
				const page = await fetch(new URL('/auth', server.url))
				expect(page.headers.get('Strict-Transport-Security')).toBeNull()
				expect(page.headers.getSetCookie().find((cookie) => cookie.startsWith('csrf='))).not.toMatch(/; Secure/i)
			} finally {
				await server.stop()
				await database.stop()
			}
		},
		START_UP_TIMEOUT,
	)
})
