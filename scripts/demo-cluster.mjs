#!/usr/bin/env node
/**
 * `npm run demo:cluster` (after the build): the app as several identical
 * processes behind one address, as a scaled-out deployment runs it
 * (docs/decisions/140–144), on this machine:
 *
 *   - Redis: the installed redis-server on a free port, nothing written to
 *     disk (or REDIS_URL, if set);
 *   - the embedded database, started once, seeded with the demo data (or
 *     MONGODB_URI, if set);
 *   - three app processes (CLUSTER_PROCESSES) in demo mode (the production
 *     build, as `npm run demo`) on free ports, sharing the database, Redis
 *     and one session secret;
 *   - a small round-robin proxy in front (HTTP and the WebSocket upgrade),
 *     no sticky sessions, on PORT (3000) at HOST (127.0.0.1).
 *
 * Prints the one URL. Ctrl+C stops everything. Stop one app process by its
 * pid (printed) to watch its members move to the others.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import readline from 'node:readline'
import { madeUpSigningKey } from './credential-key.mjs'
import { serverArgs } from './server-command.mjs'
import { vapidSettings } from './vapid-keys.mjs'

const PROCESSES = Number(process.env.CLUSTER_PROCESSES ?? 3)
const PROXY_PORT = Number(process.env.PORT ?? 3000)
const PROXY_HOST = process.env.HOST ?? '127.0.0.1'
const DATABASE_NAME = 'leadership'

if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || PROCESSES > 16) {
	console.error('CLUSTER_PROCESSES must be a whole number from 1 to 16.')
	process.exit(1)
}

/** Everything started here, stopped in reverse order. */
const started = []
let stopping = false

function freePort() {
	return new Promise((resolve, reject) => {
		const probe = net.createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address()
			probe.close(() => resolve(port))
		})
	})
}

function stopChild(child, signal = 'SIGTERM') {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) return resolve()
		child.once('exit', () => resolve())
		child.kill(signal)
	})
}

async function stopEverything(code) {
	if (stopping) return
	stopping = true
	console.log('\nStopping the cluster…')
	// The app processes first (together: each closes its sockets and finishes its work), then what they use.
	const apps = started.filter((entry) => entry.kind === 'app')
	await Promise.all(apps.map((entry) => stopChild(entry.child)))
	for (const entry of started.filter((entry) => entry.kind !== 'app').reverse()) await entry.stop()
	process.exit(code)
}

function fail(message) {
	console.error(`\n${message}`)
	void stopEverything(1)
}

/** Prints a child's output lines with a prefix; calls `onLine` for each. */
function relay(stream, prefix, onLine = () => {}) {
	readline.createInterface({ input: stream }).on('line', (line) => {
		console.log(`${prefix} ${line}`)
		onLine(line)
	})
}

async function startRedis() {
	if (process.env.REDIS_URL) return process.env.REDIS_URL
	const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
	if (probe.error || probe.status !== 0) {
		console.error(
			'npm run demo:cluster needs Redis, and redis-server is not installed.\n' +
				'  Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
				'  or set REDIS_URL to a Redis you run (e.g. docker run -p 6379:6379 redis:7, then REDIS_URL=redis://127.0.0.1:6379).',
		)
		process.exit(1)
	}
	const port = await freePort()
	const child = spawn(
		'redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	)
	started.push({ kind: 'redis', child, stop: () => stopChild(child) })
	const output = []
	child.stderr.on('data', (chunk) => output.push(String(chunk)))
	await new Promise((resolve, reject) => {
		readline.createInterface({ input: child.stdout }).on('line', (line) => {
			output.push(line)
			if (/ready to accept connections/i.test(line)) resolve()
		})
		child.once('exit', (code) => reject(new Error(`redis-server exited with code ${code}:\n${output.join('\n')}`)))
	})
	console.log(`[cluster] Redis: redis-server on port ${port} (pid ${child.pid}), in memory only`)
	return `redis://127.0.0.1:${port}`
}

async function startDatabase() {
	if (process.env.MONGODB_URI) {
		console.log('[cluster] Database: MongoDB at MONGODB_URI')
		return process.env.MONGODB_URI
	}
	// Its stdin stays open to us: if this script dies, the database process ends too.
	const child = spawn(process.execPath, ['scripts/embedded-db.mjs'], {
		stdio: ['pipe', 'pipe', 'inherit'],
		env: { ...process.env, EMBEDDED_DB_DIR: '.data/mongod' },
	})
	started.push({ kind: 'database', child, stop: () => stopChild(child) })
	const { uri, kind } = await new Promise((resolve, reject) => {
		readline.createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)))
		child.once('exit', (code) => reject(new Error(`the embedded database exited with code ${code}`)))
	})
	console.log(`[cluster] Database: embedded, ${kind}, started once for every app process`)
	const databaseUri = `${uri}/${DATABASE_NAME}`
	// The app seeds the embedded database itself only when it started it; here it is given a URI, so seed once first.
	const seed = spawnSync(process.execPath, ['build-server/seed.js'], {
		env: { ...process.env, MONGODB_URI: databaseUri },
		encoding: 'utf8',
	})
	if (seed.status !== 0) throw new Error(`seeding the demo data failed:\n${seed.stdout}${seed.stderr}`)
	console.log('[cluster] Demo data in place')
	return databaseUri
}

/** Starts app process `index` and answers its address once it listens. */
function startApp(index, env) {
	const child = spawn(process.execPath, serverArgs(), { stdio: ['ignore', 'pipe', 'pipe'], env })
	const entry = { kind: 'app', index, child, target: null }
	started.push(entry)
	const prefix = `[app ${index + 1}]`
	relay(child.stderr, prefix)
	return new Promise((resolve, reject) => {
		relay(child.stdout, prefix, (line) => {
			const match = /listening on http:\/\/([^\s:]+|\[[^\]]+\]):(\d+)/.exec(line)
			if (!match) return
			entry.target = { host: '127.0.0.1', port: Number(match[2]) }
			resolve(entry)
		})
		child.once('exit', (code, signal) => {
			if (!entry.target)
				return reject(new Error(`app process ${index + 1} exited with ${signal ?? `code ${code}`} before it listened`))
			entry.target = null
			if (!stopping)
				console.log(
					`[cluster] app process ${index + 1} stopped (${signal ?? `code ${code}`}); the proxy sends everyone to the others`,
				)
		})
	})
}

/**
 * The one address: a plain round-robin over the app processes still running,
 * HTTP and the WebSocket upgrade alike, without sticky sessions (decision
 * 140). It adds X-Forwarded-For, which the apps trust from loopback
 * (TRUST_PROXY), so per-client limits see each browser's own address.
 */
function startProxy(apps) {
	let turn = 0
	const nextTarget = () => {
		const live = apps.filter((app) => app.target)
		return live.length ? live[turn++ % live.length].target : null
	}
	const forwardedHeaders = (req) => ({
		...req.headers,
		'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
		'x-forwarded-proto': 'http',
	})

	const server = http.createServer((req, res) => {
		const target = nextTarget()
		if (!target) {
			res.writeHead(502, { 'Content-Type': 'text/plain' }).end('No app process is running.\n')
			return
		}
		const upstream = http.request(
			{ ...target, method: req.method, path: req.url, headers: forwardedHeaders(req) },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
				answer.pipe(res)
			},
		)
		upstream.on('error', () => {
			if (!res.headersSent)
				res.writeHead(502, { 'Content-Type': 'text/plain' }).end('The app process went away; try again.\n')
			else res.destroy()
		})
		req.pipe(upstream)
	})

	server.on('upgrade', (req, client, head) => {
		const target = nextTarget()
		if (!target) return client.destroy()
		const upstream = net.connect(target.port, target.host, () => {
			const headers = forwardedHeaders(req)
			const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`]
			for (const [name, value] of Object.entries(headers)) {
				for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`)
			}
			upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
			if (head.length) upstream.write(head)
			upstream.pipe(client)
			client.pipe(upstream)
		})
		upstream.on('error', () => client.destroy())
		client.on('error', () => upstream.destroy())
		upstream.on('close', () => client.destroy())
		client.on('close', () => upstream.destroy())
	})

	return new Promise((resolve, reject) => {
		server.once('error', (error) =>
			reject(
				error.code === 'EADDRINUSE'
					? new Error(`Port ${PROXY_PORT} is in use: set PORT to another one (e.g. PORT=3100 npm run demo:cluster)`)
					: error,
			),
		)
		server.listen(PROXY_PORT, PROXY_HOST, () => {
			started.push({
				kind: 'proxy',
				stop: () =>
					new Promise((done) => {
						server.close(() => done())
						server.closeAllConnections()
					}),
			})
			resolve(server)
		})
	})
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopEverything(0))

try {
	const redisUrl = await startRedis()
	const mongodbUri = await startDatabase()
	const env = {
		...process.env,
		NODE_ENV: 'production',
		DEMO_MODE: 'true',
		ALLOW_DEMO_BILLING: 'true',
		STRIPE_SECRET_KEY: '',
		MONGODB_URI: mongodbUri,
		REDIS_URL: redisUrl,
		// One secret for all: a session made on one process is read by the others.
		SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('hex'),
		// One key for all: a certificate's credential verifies whichever process signed it.
		CREDENTIAL_SIGNING_KEY: madeUpSigningKey(),
		// One VAPID pair for all: any process sends the pushes of a device another one turned on.
		...(process.env.VAPID_PUBLIC_KEY ? {} : vapidSettings()),
		HOST: '127.0.0.1',
		PORT: '0',
		TRUST_PROXY: 'loopback',
	}
	const apps = []
	for (let index = 0; index < PROCESSES; index++) apps.push(await startApp(index, env))
	await startProxy(apps)
	const url = `http://${PROXY_HOST.includes(':') ? `[${PROXY_HOST}]` : PROXY_HOST}:${PROXY_PORT}`
	console.log(`\n  Open ${url} in your browser: ${PROCESSES} app processes behind one address.\n`)
	for (const app of apps)
		console.log(`    app process ${app.index + 1}: pid ${app.child.pid}, http://127.0.0.1:${app.target.port}`)
	console.log('\n  Demo accounts: admin, manager, moderator, member, premium (password: password123).')
	console.log(`  Stop one process (kill <pid>) while chatting: its members reconnect to the others.`)
	console.log('  Press Ctrl+C to stop everything.\n')
} catch (error) {
	fail(error instanceof Error ? error.message : String(error))
}
