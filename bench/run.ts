/**
 * `npm run bench`: seeds a sizeable database, starts the built server in
 * production mode, and measures it against yardsticks in the same run: bare
 * Express servers (a static string, a renderToString page), a bare Remix app
 * (one trivial route, no session, no layout: bench/baseline-server.mjs) and
 * the app's own empty member page (/bench/baseline: the same root and layout
 * as every member page, nothing else).
 *
 * The main figure is **CPU per request**: the server process's CPU time
 * (user and system, every thread, read from /proc while the load ran) over
 * the answers it gave, so it holds on a busy machine where latency is mostly
 * queueing, and it is what decides how many members one core serves. Every
 * route is given as a ratio of the bare Remix route's CPU, beside its
 * requests per second, p50/p99, and (from its Server-Timing header, one
 * request at a time) its database and render shares and its queries.
 * Each target is measured BENCH_ROUNDS times, the rounds interleaved so that
 * a busy moment of the machine lands on every target alike; the tables give
 * the median and the spread. With several scales (BENCH_SCALE=1,10,50) it
 * seeds and measures each in turn and prints how each route's throughput
 * grows with the data. Prints tables and writes bench/results/<time>.json
 * (and latest.json).
 *
 * Settings (environment): MONGODB_URI (default: the embedded database),
 * BENCH_SCALE ("1"; a comma-separated list of multipliers of the bench
 * database: 10 is 20,000 users and 1,000,000 messages, 50 is 100,000 users
 * and 5,000,000 messages, as far as the machine's memory allows; a scale
 * that cannot be seeded or measured here ends the run with the scales before
 * it, and the results say which and why: `stoppedAt`),
 * BENCH_DURATION seconds per HTTP target (default 8), BENCH_WARMUP (2),
 * BENCH_CONNECTIONS (10), BENCH_ROUNDS (2), BENCH_CHAT_SIZES ("100,1000"; at
 * the first scale), BENCH_SERVER_NODE_OPTIONS (node options of the measured
 * app server only, given on its command line after production's arguments,
 * scripts/server-command.mjs, so a V8 setting given here replaces
 * production's; `--cpu-prof --cpu-prof-dir=<dir>` profiles it),
 * BENCH_PARTS ("http,javascript,chat,scaleout,search": the parts to run),
 * BENCH_ROUTES (labels or paths of the routes to measure; default all),
 * BENCH_COMPARE (the directory of another built checkout, with its own
 * node_modules: its server is started too, on the same database, and every
 * route is measured on both in turn, round after round, so a change's
 * before and after are taken back to back; the tables give both and the
 * change), BENCH_COMPARE_NODE_OPTIONS (node options of that other server,
 * when it should differ from BENCH_SERVER_NODE_OPTIONS: a V8 setting's
 * before and after with one checkout given twice).
 *
 * Scale-out (docs/decisions/140), where redis-server is installed: HTTP
 * throughput of one app process against two on the same database and Redis
 * (the same number of connections, split over the two), and chat delivery
 * from senders on one process to receivers on the other, next to delivery
 * within one process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import readline from 'node:readline'
import zlib from 'node:zlib'
import { createCookie } from '@remix-run/node'
import autocannon from 'autocannon'
import mongoose from 'mongoose'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { SessionModel, UserModel } from '#models/index'
import { connectDatabase, disconnectDatabase, startEmbeddedDatabase } from '~/platform/database.server'
import { seedDemoData } from '~/demo/data.server'
import { cpuSeconds, rssMegabytes } from '../tests/setup/process-figures'
import { redisUnavailableReason, startRedisServer } from '../tests/setup/redis-server'
import { countsAt, seedLargeDatabase, type LargeCounts } from './seed-large'
import { madeUpSigningKey } from '../scripts/credential-key.mjs'
import { serverArgs } from '../scripts/server-command.mjs'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const CHAT_SIZES = (process.env.BENCH_CHAT_SIZES ?? '100,1000').split(',').map(Number)
const SESSION_SECRET = 'bench-session-secret-of-at-least-32-characters'
const SCALES = (process.env.BENCH_SCALE ?? '1').split(',').map((value) => {
	const scale = Number(value)
	if (!Number.isInteger(scale) || scale < 1) throw new Error(`BENCH_SCALE: ${value} is not a whole number of 1 or more`)
	return scale
})
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('BENCH_ROUNDS must be a whole number of 1 or more')
const PARTS = new Set((process.env.BENCH_PARTS ?? 'http,javascript,chat,scaleout,search').split(','))
const ONLY_ROUTES = process.env.BENCH_ROUTES ? new Set(process.env.BENCH_ROUTES.split(',')) : null
const COMPARE_DIR = process.env.BENCH_COMPARE
/** Node options given to the measured server, and to the compared one (the same unless BENCH_COMPARE_NODE_OPTIONS is set). */
const SERVER_NODE_OPTIONS = nodeOptionsSetting(process.env.BENCH_SERVER_NODE_OPTIONS)
const COMPARE_NODE_OPTIONS =
	process.env.BENCH_COMPARE_NODE_OPTIONS === undefined
		? SERVER_NODE_OPTIONS
		: nodeOptionsSetting(process.env.BENCH_COMPARE_NODE_OPTIONS)

function nodeOptionsSetting(value: string | undefined): string[] {
	return (value ?? '').split(/\s+/).filter(Boolean)
}
/** Requests per route whose Server-Timing headers give its database and render shares. */
const TIMING_SAMPLES = 20

interface Started {
	url: string
	child: ChildProcess
}

/** Every process the bench starts, so a failure never leaves servers behind. */
const children = new Set<ChildProcess>()

function startProcess(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<Started> {
	const child = spawn(process.execPath, args, {
		cwd,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	children.add(child)
	return new Promise((resolve, reject) => {
		readline.createInterface({ input: child.stdout! }).on('line', (line) => {
			const match = /listening on (http:\/\/\S+)/.exec(line)
			if (match) resolve({ url: match[1]!, child })
		})
		child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
	})
}

function stop(child: ChildProcess) {
	return new Promise<void>((resolve) => {
		if (child.exitCode !== null) return resolve()
		child.once('exit', () => resolve())
		child.kill('SIGTERM')
	})
}

/** A session straight in the database, with the cookie the server would have set: no argon2 per bench user. */
async function sessionCookieFor(userId: number): Promise<string> {
	const sid = randomBytes(32).toString('base64url')
	await SessionModel.create({ sid, userId, data: { userId }, expiresAt: new Date(Date.now() + 86_400_000) })
	const cookie = createCookie('__session', { secrets: [SESSION_SECRET] })
	return (await cookie.serialize(sid)).split(';')[0]!
}

interface HttpFigures {
	target: string
	requestsPerSecond: number
	/** Answers 200 per second: the throughput that counts when some answers are refusals. */
	okPerSecond: number
	p50: number
	p99: number
	non2xx: number
	errors: number
	/** Answers other than 200 by status ("503×12"), so a refusal is never read as throughput. */
	otherStatuses?: string
	/** The app server's peak memory while this target was measured. */
	rssPeakMb?: number
	/** The server process's CPU time while the load ran, per answer (ms). */
	cpuMsPerRequest?: number
	/** The share of one core the server used while the load ran: near 100% it was the bottleneck. */
	cpuShareOfCore?: string
}

function otherStatuses(results: Awaited<ReturnType<typeof autocannon>>[]): string {
	const counts = new Map<string, number>()
	for (const result of results) {
		for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
			if (status !== '200') counts.set(status, (counts.get(status) ?? 0) + count)
	}
	return [...counts].map(([status, count]) => `${status}×${count}`).join(' ')
}

async function measureHttp(
	target: string,
	url: string,
	headers: Record<string, string>,
	serverPid?: number,
): Promise<HttpFigures> {
	const options = { url, connections: CONNECTIONS, headers: { 'accept-encoding': 'gzip', ...headers } }
	await autocannon({ ...options, duration: WARMUP })
	let rssPeakMb = serverPid ? rssMegabytes(serverPid) : 0
	const sampler = serverPid
		? setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMegabytes(serverPid))), 250)
		: undefined
	const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0
	const result = await autocannon({ ...options, duration: DURATION })
	const cpuUsed = serverPid ? cpuSeconds(serverPid) - cpuBefore : 0
	clearInterval(sampler)
	return {
		...(serverPid
			? {
					rssPeakMb,
					cpuMsPerRequest: round2((cpuUsed * 1000) / Math.max(1, result.requests.total)),
					cpuShareOfCore: `${Math.round((cpuUsed / DURATION) * 100)}%`,
				}
			: {}),
		target,
		requestsPerSecond: Math.round(result.requests.average),
		okPerSecond: Math.round((result.statusCodeStats?.['200']?.count ?? 0) / DURATION),
		p50: result.latency.p50,
		p99: result.latency.p99,
		non2xx: result.non2xx,
		errors: result.errors + result.timeouts,
		otherStatuses: otherStatuses([result]),
	}
}

/** The same load as measureHttp, its connections split evenly over several processes serving one app; figures summed. */
async function measureHttpSpread(
	target: string,
	urls: string[],
	headers: Record<string, string>,
): Promise<HttpFigures> {
	const connections = Math.max(1, Math.round(CONNECTIONS / urls.length))
	const run = (duration: number) =>
		Promise.all(
			urls.map((url) => autocannon({ url, connections, duration, headers: { 'accept-encoding': 'gzip', ...headers } })),
		)
	await run(WARMUP)
	const results = await run(DURATION)
	return {
		target,
		requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
		okPerSecond: Math.round(
			results.reduce((sum, result) => sum + (result.statusCodeStats?.['200']?.count ?? 0), 0) / DURATION,
		),
		// The slower process's figure: what a client behind a round-robin balancer sees at worst.
		p50: Math.max(...results.map((result) => result.latency.p50)),
		p99: Math.max(...results.map((result) => result.latency.p99)),
		non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
		errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
		otherStatuses: otherStatuses(results),
	}
}

/** Packages whose code is the framework every island page loads, whatever the app: React, ReactDOM and Remix's runtime. */
const FRAMEWORK_PACKAGES =
	/node_modules\/(?:react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+)\//

/**
 * The browser build's files that are the framework: those whose bytes come
 * mostly from FRAMEWORK_PACKAGES (build/metafile.js.json, written by `remix
 * build`). Everything else a page loads is the app's: its routes and
 * components, the libraries it chose (zod, Conform), the route manifest and
 * the data inlined in the document.
 */
function frameworkFiles(): Set<string> {
	const files = new Set<string>()
	try {
		const metafile = JSON.parse(fs.readFileSync('build/metafile.js.json', 'utf8')) as {
			outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>
		}
		for (const [file, output] of Object.entries(metafile.outputs)) {
			let framework = 0
			let all = 0
			for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
				all += bytesInOutput
				if (FRAMEWORK_PACKAGES.test(input)) framework += bytesInOutput
			}
			if (all > 0 && framework / all > 0.5) files.add(`/${file.replace(/^public\//, '')}`)
		}
	} catch {
		// no metafile: every byte counts as the app's
	}
	return files
}

async function javascriptBytes(baseUrl: string, path: string, cookie?: string) {
	const response = await fetch(new URL(path, baseUrl), { headers: cookie ? { cookie } : {}, redirect: 'manual' })
	if (response.status !== 200) return { path, status: response.status, scripts: 0, gzipBytes: 0 }
	const html = await response.text()
	const sources = new Set<string>()
	for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) sources.add(match[1]!)
	for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) sources.add(match[1]!)
	const framework = frameworkFiles()
	let frameworkBytes = 0
	let appFileBytes = 0
	for (const source of sources) {
		const body = Buffer.from(await (await fetch(new URL(source, baseUrl))).arrayBuffer())
		const bytes = zlib.gzipSync(body).length
		if (framework.has(new URL(source, baseUrl).pathname)) frameworkBytes += bytes
		else appFileBytes += bytes
	}
	// Inline scripts (the Remix context with the page's data, the time-zone hint, the worker's registration) count too.
	let inlineBytes = 0
	for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g))
		inlineBytes += zlib.gzipSync(match[1]!).length
	return {
		path,
		status: 200,
		scripts: sources.size,
		gzipBytes: frameworkBytes + appFileBytes + inlineBytes,
		frameworkBytes,
		appBytes: appFileBytes + inlineBytes,
		appFileBytes,
		inlineBytes,
	}
}

interface ChatFigures {
	server: string
	clients: number
	messages: number
	deliveredPerSecond: number
	p50: number
	p99: number
	lost: number
	duplicated: number
	/** The server process's CPU per message delivered to a client (ms), the message's storing and fan-out included. */
	cpuMsPerDelivery?: number
}

function percentile(sorted: number[], p: number) {
	if (sorted.length === 0) return 0
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/**
 * One room at a steady rate, every client sending in turn. With several
 * `urls`, client i connects to urls[i % n], and the latencies counted are
 * only those of messages that crossed from one process to another.
 */
async function measureChat(
	label: string,
	urls: string | string[],
	users: Array<{ id: number; username: string; cookie: string }>,
	rate: number,
	seconds: number,
	serverPid?: number,
): Promise<ChatFigures> {
	const servers = Array.isArray(urls) ? urls : [urls]
	const processOf = (index: number) => index % servers.length
	const communityId = 1
	const sockets: Socket[] = []
	const latencies: number[] = []
	const received = new Map<number, Set<number>>()
	let duplicated = 0
	await Promise.all(
		users.map(
			(user, index) =>
				new Promise<void>((resolve, reject) => {
					const socket = connectSocket(servers[processOf(index)]!, {
						path: '/ws',
						transports: ['websocket'],
						extraHeaders: { cookie: user.cookie },
						reconnection: false,
					})
					sockets[index] = socket
					const seen = new Set<number>()
					received.set(index, seen)
					socket.on('connect', () => socket.emit('auth', { userId: user.id, username: user.username }))
					socket.on('auth_success', () => resolve())
					socket.on('connect_error', reject)
					socket.on('community_message', (message: { content: string; communityId: number }) => {
						const match = /^bench\|(\d+)\|(\d+)\|(\d+)$/.exec(message.content)
						if (!match || Number(message.communityId) !== communityId) return
						const [, seq, sender, sentAt] = match.map(Number) as [number, number, number, number]
						if (sender === index) return
						if (seen.has(seq)) duplicated++
						seen.add(seq)
						if (servers.length === 1 || processOf(sender) !== processOf(index)) latencies.push(Date.now() - sentAt)
					})
				}),
		),
	)
	const total = Math.round(rate * seconds)
	const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0
	const started = Date.now()
	for (let seq = 0; seq < total; seq++) {
		const wait = started + (seq * 1000) / rate - Date.now()
		if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
		const sender = seq % sockets.length
		sockets[sender]!.emit('community_message', { communityId, content: `bench|${seq}|${sender}|${Date.now()}` })
	}
	const expected = total * (sockets.length - 1)
	const deadline = Date.now() + 15_000
	const deliveredSoFar = () => [...received.values()].reduce((sum, seen) => sum + seen.size, 0)
	while (deliveredSoFar() < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
	const elapsed = (Date.now() - started) / 1000
	const cpuUsed = serverPid ? cpuSeconds(serverPid) - cpuBefore : 0
	for (const socket of sockets) socket.disconnect()
	const sorted = [...latencies].sort((a, b) => a - b)
	const delivered = [...received.values()].reduce((sum, seen) => sum + seen.size, 0)
	return {
		server: label,
		clients: users.length,
		messages: total,
		deliveredPerSecond: Math.round(delivered / elapsed),
		p50: percentile(sorted, 50),
		p99: percentile(sorted, 99),
		lost: expected - delivered,
		duplicated,
		...(serverPid ? { cpuMsPerDelivery: Math.round(((cpuUsed * 1000) / Math.max(1, delivered)) * 1000) / 1000 } : {}),
	}
}

async function chatUsersOf(ids: number[]) {
	const chatUsers = await UserModel.find({ id: mongoose.trusted({ $in: ids }) })
		.select('id username')
		.lean()
	return Promise.all(
		chatUsers.map(async (user) => ({ id: user.id, username: user.username, cookie: await sessionCookieFor(user.id) })),
	)
}

const APP_ENV = {
	NODE_ENV: 'production',
	PORT: '0',
	SESSION_SECRET,
	CREDENTIAL_SIGNING_KEY: madeUpSigningKey(),
	ALLOW_DEMO_BILLING: 'true',
	MAIL_DISABLED: 'true',
	PUSH_DISABLED: 'true',
	STRIPE_SECRET_KEY: '',
	APP_ORIGIN: '',
	// The bench is one address and a few members reading as fast as they can, on purpose (decision 203): the highest
	// the settings take (app/config.server.ts), far above what a run sends.
	READ_RATE_LIMIT_PER_MINUTE: '1000000',
	READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
	// A measured process runs no background jobs on a schedule (decision 228): a job run (reminders and digests over
	// the seeded thousands of members) falls on whichever process holds its lease, and its CPU would count as that
	// process's requests'.
	BACKGROUND_JOBS_DISABLED: 'true',
}

/** One app process against two, on one database and one Redis (docs/decisions/140). */
async function measureScaleOut({
	uri,
	premiumCookie,
	chatUsers,
	singleProcessChat,
}: {
	uri: string
	premiumCookie: string
	chatUsers: Array<{ id: number; username: string; cookie: string }>
	singleProcessChat: ChatFigures | undefined
}) {
	const missing = redisUnavailableReason()
	if (missing) {
		console.log(`\nScale-out: skipped (${missing})`)
		return { skipped: missing }
	}
	const redis = await startRedisServer()
	try {
		const env = { ...APP_ENV, MONGODB_URI: uri, REDIS_URL: redis.url }
		const first = await startProcess(serverArgs(), env)
		const second = await startProcess(serverArgs(), env)
		const targets: Array<[string, string]> = [
			['/dashboard', '/dashboard'],
			['GET /api/messages/community/1', '/api/messages/community/1'],
		]
		const http = []
		for (const [target, path] of targets) {
			const one = await measureHttp(`${target}: 1 process`, new URL(path, first.url).href, { cookie: premiumCookie })
			const two = await measureHttpSpread(
				`${target}: 2 processes`,
				[first.url, second.url].map((url) => new URL(path, url).href),
				{ cookie: premiumCookie },
			)
			http.push({ ...one, ratio: '' }, { ...two, ratio: (two.okPerSecond / Math.max(1, one.okPerSecond)).toFixed(2) })
		}
		printTable(
			`Scale-out HTTP: 1 process against 2 with Redis, ${CONNECTIONS} connections in all (split over the 2), on ${os.availableParallelism()} cores shared with the database and the load generator; ratio = answers 200 per second, 2 processes / 1`,
			http,
		)
		const rate = 50
		const crossProcess = await measureChat(
			'2 processes, sender and receiver on different ones',
			[first.url, second.url],
			chatUsers,
			rate,
			5,
		)
		const sameProcess = await measureChat('1 process with Redis', first.url, chatUsers, rate, 5)
		const chat = [
			...(singleProcessChat ? [{ ...singleProcessChat, server: '1 process without Redis (above)' }] : []),
			sameProcess,
			crossProcess,
		]
		printTable(
			`Scale-out chat: one room, ${rate} messages/s, ${chatUsers.length} clients (latency send-to-receive in ms; lost must be 0)`,
			chat,
		)
		await Promise.all([stop(first.child), stop(second.child)])
		return { http, chat }
	} finally {
		await redis.stop()
	}
}

function printTable(title: string, rows: object[]) {
	console.log(`\n${title}`)
	console.table(rows)
}

/** The mean database, render and total times of a route's answers and its queries, from their Server-Timing headers. */
async function timingShares(url: string, cookie: string | undefined) {
	const sums = { db: 0, render: 0, total: 0, queries: 0 }
	let samples = 0
	for (let i = 0; i < TIMING_SAMPLES; i++) {
		const response = await fetch(url, {
			headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
			redirect: 'manual',
		})
		await response.arrayBuffer()
		const header = response.headers.get('server-timing')
		if (!header) continue
		samples++
		for (const part of header.split(',')) {
			const [name, ...fields] = part.trim().split(';')
			const duration = Number(fields.find((field) => field.startsWith('dur='))?.slice(4))
			if (name && name in sums && Number.isFinite(duration)) sums[name as keyof typeof sums] += duration
			if (name === 'db') sums.queries += Number(/\((\d+) quer/.exec(part)?.[1] ?? 0)
		}
	}
	if (samples === 0) return null
	const mean = (value: number) => Math.round((value / samples) * 10) / 10
	const total = Math.max(sums.total, 0.001)
	return {
		queries: mean(sums.queries),
		dbMs: mean(sums.db),
		renderMs: mean(sums.render),
		totalMs: mean(sums.total),
		dbShare: `${Math.round((sums.db / total) * 100)}%`,
		renderShare: `${Math.round((sums.render / total) * 100)}%`,
	}
}

const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100)
const round2 = (value: number) => Math.round(value * 100) / 100
const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

type Who = 'visitor' | 'premium' | 'admin'

/** The routes measured at every scale: [label, path, who]. */
const ROUTES: Array<[string, string, Who]> = [
	['empty member page (/bench/baseline)', '/bench/baseline', 'premium'],
	['/ (anonymous)', '/', 'visitor'],
	['/auth', '/auth', 'visitor'],
	['/dashboard', '/dashboard', 'premium'],
	['/content-library', '/content-library', 'premium'],
	['/events', '/events', 'premium'],
	['/resources', '/resources', 'premium'],
	['/community/1', '/community/1', 'premium'],
	['/messages', '/messages', 'premium'],
	['/admin?tab=users', '/admin?tab=users', 'admin'],
	['GET /api/videos', '/api/videos', 'premium'],
	['GET /api/messages/community/1', '/api/messages/community/1', 'premium'],
]

/**
 * The global search under load (docs/decisions/166), measured after everything
 * else of a scale: on the emulator a search reads a million terms per word in
 * its one thread, so ten connections of it queue past the driver's time-out,
 * and the server answers 503 until the emulator is free (decision 070); that
 * must not fall on the other routes' figures.
 */
const SEARCH_ROUTES: Array<[string, string, 'premium']> = [
	['GET /api/search?q=delegation', '/api/search?q=delegation', 'premium'],
	['/search?q=feedback', '/search?q=feedback', 'premium'],
]
/** The member pages issue 27 holds to a CPU per request within TARGET_CPU_RATIO times the bare Remix route's. */
const TARGET_ROUTES = new Set(['/dashboard', '/content-library', '/events', '/resources'])
const TARGET_CPU_RATIO = 6
/** Issue 27: what the app adds to the framework on an island page, gzipped. */
const APP_JAVASCRIPT_TARGET_BYTES = 35_000

const BARE_REMIX = 'bare Remix: trivial route'

/** One target of the HTTP rounds: a yardstick, or a route of the app (of the compared checkout: side 'before'). */
interface HttpTarget {
	target: string
	server: Started
	path: string
	who: Who
	side?: 'before' | 'after'
}

/** A target's rounds: the median of each figure, and the spread of its CPU per request. */
function summarize(rounds: HttpFigures[]) {
	const cpu = rounds.map((figures) => figures.cpuMsPerRequest ?? 0)
	const pick = (key: 'requestsPerSecond' | 'okPerSecond' | 'p50' | 'p99') =>
		round2(median(rounds.map((figures) => figures[key])))
	return {
		requestsPerSecond: pick('requestsPerSecond'),
		okPerSecond: pick('okPerSecond'),
		p50: pick('p50'),
		p99: pick('p99'),
		cpuMsPerRequest: round2(median(cpu)),
		cpuSpread: rounds.length > 1 ? `${round2(Math.min(...cpu))}–${round2(Math.max(...cpu))}` : '',
		cpuRounds: cpu,
		cpuShareOfCore: rounds.map((figures) => figures.cpuShareOfCore).join(' '),
		non2xx: rounds.reduce((sum, figures) => sum + figures.non2xx, 0),
		otherStatuses: rounds
			.map((figures) => figures.otherStatuses)
			.filter(Boolean)
			.join(' '),
	}
}

/** Each route's CPU per request before and after, from the rows of one run with BENCH_COMPARE. */
function comparison(rows: Array<Record<string, unknown>>) {
	const byTarget = new Map<string, { before?: Record<string, unknown>; after?: Record<string, unknown> }>()
	for (const row of rows) {
		const match = /^(.*) \((before|after)\)$/.exec(row.target as string)
		if (!match) continue
		const entry = byTarget.get(match[1]!) ?? {}
		entry[match[2] as 'before' | 'after'] = row
		byTarget.set(match[1]!, entry)
	}
	return [...byTarget].map(([target, { before, after }]) => ({
		target,
		'before CPU ms/req': before?.cpuMsPerRequest,
		'before spread': before?.cpuSpread,
		'after CPU ms/req': after?.cpuMsPerRequest,
		'after spread': after?.cpuSpread,
		'after / before':
			before && after ? round2((after.cpuMsPerRequest as number) / (before.cpuMsPerRequest as number)) : null,
		'before × bare Remix': before?.cpuVsBareRemix,
		'after × bare Remix': after?.cpuVsBareRemix,
		'before queries': before?.queries,
		'after queries': after?.queries,
	}))
}

/**
 * What the search is asked, one request at a time: a word in a third of
 * the posts and comments, a word in a few, two words, a word being typed,
 * three words of which one is rare, and a word in nothing.
 */
const SEARCH_QUERIES = ['team', 'autonomy', 'delegation plan', 'reorg', 'remote onboarding buddy', 'zanzibar']
/** Requests per query, after a few to warm up. */
const SEARCH_SAMPLES = 30

/**
 * The search's latency alone (one request at a time, so it is the query's
 * own time, not a queue's): p50 and p99 of each query's answer, as a
 * member's browser sees it, and how many documents it found.
 */
async function measureSearch(baseUrl: string, cookie: string) {
	const rows = []
	for (const query of SEARCH_QUERIES) {
		const url = new URL(`/api/search?q=${encodeURIComponent(query)}`, baseUrl).href
		const times: number[] = []
		const statuses = new Map<number, number>()
		let found: number | null = null
		for (let i = 0; i < SEARCH_SAMPLES + 3; i++) {
			const started = performance.now()
			const response = await fetch(url, { headers: { cookie } })
			const answer = (await response.json().catch(() => null)) as { total?: number } | null
			if (i < 3) continue
			times.push(performance.now() - started)
			statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
			if (response.status === 200) found = answer?.total ?? null
		}
		times.sort((a, b) => a - b)
		const at = (share: number) =>
			Math.round(times[Math.min(times.length - 1, Math.floor(share * times.length))]! * 10) / 10
		// A refusal is never read as a time: the statuses say how many answers were not 200 (a 503 while the
		// server takes a swamped emulator for gone, decision 070).
		const other = [...statuses].filter(([status]) => status !== 200)
		rows.push({
			query,
			found,
			p50Ms: at(0.5),
			p99Ms: at(0.99),
			otherStatuses: other.map(([status, count]) => `${status}×${count}`).join(' '),
		})
	}
	return rows
}

/** Documents the emulator would hold at a scale (the bulk collections; the demo data is a rounding error). */
const documentsAt = (counts: LargeCounts) =>
	counts.users + counts.videos + counts.messages + counts.events + counts.posts + counts.comments

async function main() {
	const startedAt = new Date()
	const loadAtStart = loadAverage()
	const embedded = process.env.MONGODB_URI ? null : await startEmbeddedDatabase()
	const baseUri = process.env.MONGODB_URI ?? embedded!.uri
	const backend = embedded ? `embedded ${embedded.kind}` : 'MongoDB at MONGODB_URI'
	const uri = baseUri.replace(/(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/, '$1/leadership_bench')
	console.log(`Database: ${backend} (figures on the CongoDB emulator are emulator figures)`)
	console.log(
		`Load average at start: ${loadAtStart.join(', ')} (the machine is shared: compare runs taken at a low load)`,
	)
	const emulatorRssAtRest = embedded?.pid ? rssMegabytes(embedded.pid) : null

	// The yardsticks run through every scale, measured in the same rounds as the app's routes.
	const yardsticks: Array<{ target: string; started: Started }> = []
	for (const [target, kind] of [
		['bare Express: static string', 'static'],
		['bare Express: renderToString', 'render'],
		[BARE_REMIX, 'remix'],
	] as const)
		yardsticks.push({ target, started: await startProcess(['bench/baseline-server.mjs', kind]) })

	const scales: Array<Record<string, unknown>> = []
	const javascript: object[] = []
	const chat: ChatFigures[] = []
	let scaleOut: Awaited<ReturnType<typeof measureScaleOut>> | null = null
	let bytesPerDocument: number | null = null
	/** The scale the run could not finish, and why (later scales are not tried). */
	let stoppedAt: { scale: number; reason: string } | null = null
	for (const [scaleIndex, scale] of SCALES.entries()) {
		try {
			let counts = countsAt(scale)
			let limitedByMemory = false
			// As far as memory allows: the emulator keeps every document in its process's memory.
			if (embedded && bytesPerDocument) {
				const affordable = Math.floor((os.freemem() * 0.6) / bytesPerDocument)
				if (documentsAt(counts) > affordable) {
					const messages = Math.max(LARGE_MESSAGES_FLOOR, affordable - (documentsAt(counts) - counts.messages))
					console.log(
						`Scale ${scale}: ${counts.messages} messages would not fit in memory next to the rest; seeding ${messages}`,
					)
					counts = { ...counts, messages }
					limitedByMemory = true
				}
			}
			await connectDatabase(uri)
			await mongoose.connection.db!.dropDatabase()
			await connectDatabase(uri)
			console.log(`\nScale ${scale}: seeding ${JSON.stringify(counts)}...`)
			const seedStarted = Date.now()
			await seedDemoData()
			let reported = 0
			const { userIds, searchIndexSeconds } = await seedLargeDatabase(counts, (done, of) => {
				if (done - reported >= 500_000) {
					reported = done
					console.log(`  ${done} of ${of} messages`)
				}
			})
			const seedSeconds = Math.round((Date.now() - seedStarted) / 100) / 10
			console.log(`Seeded in ${seedSeconds} s, of which the search index ${searchIndexSeconds} s`)
			const emulatorRssSeeded = embedded?.pid ? rssMegabytes(embedded.pid) : null
			if (embedded?.pid && emulatorRssSeeded !== null && emulatorRssAtRest !== null && scaleIndex === 0) {
				bytesPerDocument = Math.max(1, ((emulatorRssSeeded - emulatorRssAtRest) * 1024 * 1024) / documentsAt(counts))
			}

			const premium = await UserModel.findOne({ usernameKey: 'premium' }).lean()
			const admin = await UserModel.findOne({ usernameKey: 'admin' }).lean()
			const member = await UserModel.findOne({ usernameKey: 'member' }).lean()
			const cookies = {
				visitor: undefined,
				premium: await sessionCookieFor(premium!.id),
				admin: await sessionCookieFor(admin!.id),
			}
			const memberCookie = await sessionCookieFor(member!.id)

			// BENCH_SERVER_NODE_OPTIONS: other V8 settings for the measured app server alone, to compare with production's.
			const appEnv = { ...APP_ENV, MONGODB_URI: uri, BENCH_BASELINE_PAGE: 'true' }
			const app = await startProcess(serverArgs(SERVER_NODE_OPTIONS), appEnv)
			// BENCH_COMPARE: the other checkout's server, on the same database, measured in the same rounds.
			const before = COMPARE_DIR ? await startProcess(serverArgs(COMPARE_NODE_OPTIONS), appEnv, COMPARE_DIR) : null
			await new Promise((resolve) => setTimeout(resolve, 1_000))
			const rssAtRest = rssMegabytes(app.child.pid!)
			let rssPeak = rssAtRest
			let emulatorRssPeak = emulatorRssSeeded ?? 0

			let http: Array<Record<string, unknown>> = []
			if (PARTS.has('http')) {
				const targets: HttpTarget[] = [
					...yardsticks.map(({ target, started }) => ({ target, server: started, path: '/', who: 'visitor' as const })),
					...ROUTES.filter(
						([target, path]) => !ONLY_ROUTES || ONLY_ROUTES.has(target) || ONLY_ROUTES.has(path),
					).flatMap(([target, path, who]) => [
						...(before ? [{ target, server: before, path, who, side: 'before' as const }] : []),
						{ target, server: app, path, who, ...(before ? { side: 'after' as const } : {}) },
					]),
				]
				const samples = new Map<HttpTarget, HttpFigures[]>(targets.map((target) => [target, []]))
				for (let round = 1; round <= ROUNDS; round++) {
					console.log(`Scale ${scale}, round ${round} of ${ROUNDS} (load average ${loadAverage().join(', ')})`)
					// Before and after take turns going first, so neither is always measured right after the other.
					const ordered = round % 2 ? targets : [...targets].reverse()
					for (const target of ordered) {
						const url = new URL(target.path, target.server.url).href
						const cookie = cookies[target.who]
						const figures = await measureHttp(target.target, url, cookie ? { cookie } : {}, target.server.child.pid)
						if (embedded?.pid) emulatorRssPeak = Math.max(emulatorRssPeak, rssMegabytes(embedded.pid))
						if (target.server === app) rssPeak = Math.max(rssPeak, figures.rssPeakMb ?? 0)
						samples.get(target)!.push(figures)
					}
				}
				const summaries = new Map<HttpTarget, Record<string, unknown>>()
				for (const target of targets) {
					const url = new URL(target.path, target.server.url).href
					const shares =
						target.server === app || target.server === before ? await timingShares(url, cookies[target.who]) : null
					summaries.set(target, { ...summarize(samples.get(target)!), ...(shares ?? {}) })
				}
				const bareRemix = summaries.get(targets.find((target) => target.target === BARE_REMIX)!)!
				const emptyMemberPage = targets.filter((target) => target.path === '/bench/baseline')
				http = targets.map((target) => {
					const summary = summaries.get(target)!
					const sameSide = emptyMemberPage.find((page) => page.side === target.side)
					const trivial = sameSide ? summaries.get(sameSide) : undefined
					const cpu = summary.cpuMsPerRequest as number
					const row: Record<string, unknown> = {
						target: target.side ? `${target.target} (${target.side})` : target.target,
						...summary,
						cpuVsBareRemix: round2(cpu / (bareRemix.cpuMsPerRequest as number)),
						rateVsTrivial: trivial
							? round2((summary.requestsPerSecond as number) / Math.max(1, trivial.requestsPerSecond as number))
							: null,
					}
					if (TARGET_ROUTES.has(target.target)) row.meetsCpuTarget = (row.cpuVsBareRemix as number) <= TARGET_CPU_RATIO
					return row
				})
				printTable(
					`Scale ${scale}: HTTP (${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured, ${ROUNDS} round(s): medians, CPU min–max; gzip accepted; latency in ms; CPU = the server process's CPU per answer; queries and shares from Server-Timing, one request at a time)`,
					http.map((row) => ({
						target: row.target,
						'req/s': row.requestsPerSecond,
						p50: row.p50,
						p99: row.p99,
						'CPU ms/req': row.cpuMsPerRequest,
						'CPU spread': row.cpuSpread,
						'× bare Remix CPU': row.cpuVsBareRemix,
						'core used': row.cpuShareOfCore,
						queries: row.queries ?? '',
						db: row.dbShare ?? '',
						render: row.renderShare ?? '',
						'alone ms': row.totalMs ?? '',
						other: row.otherStatuses || '',
					})),
				)
				if (before) printTable(`Scale ${scale}: CPU per request, before (BENCH_COMPARE) and after`, comparison(http))
			}

			if (scaleIndex === 0 && PARTS.has('javascript')) {
				for (const [path, cookie] of [
					['/', undefined],
					['/auth', undefined],
					['/dashboard', cookies.premium],
					['/content-library', cookies.premium],
					['/content-library/1', cookies.premium],
					['/community', cookies.premium],
					['/community/1', cookies.premium],
					['/messages', cookies.premium],
					['/events', cookies.premium],
					['/resources', cookies.premium],
					['/notifications', cookies.premium],
					['/profile', cookies.premium],
					['/admin', cookies.admin],
					['/subscribe', memberCookie],
				] as Array<[string, string | undefined]>) {
					javascript.push(await javascriptBytes(app.url, path, cookie))
				}
				printTable(
					`JavaScript shipped per route (gzip bytes of every script the page loads; framework = React, ReactDOM and Remix's runtime; app = the rest, inline scripts included; target: app at most ${APP_JAVASCRIPT_TARGET_BYTES} on island pages)`,
					javascript,
				)
			}

			if (scaleIndex === 0 && PARTS.has('chat')) {
				const bareSocket = await startProcess(['bench/baseline-server.mjs', 'socket'])
				for (const size of CHAT_SIZES) {
					const users = await chatUsersOf(userIds.slice(0, size))
					const rate = size >= 1000 ? 10 : 50
					const appFigures = await measureChat('app', app.url, users, rate, 5, app.child.pid)
					rssPeak = Math.max(rssPeak, rssMegabytes(app.child.pid!))
					const bareFigures = await measureChat('bare Socket.IO', bareSocket.url, users, rate, 5, bareSocket.child.pid)
					chat.push(appFigures, bareFigures)
				}
				await stop(bareSocket.child)
				printTable(
					'Chat: one room, steady rate (latency send-to-receive in ms; lost must be 0)',
					chat.map((row, index) => ({
						...row,
						ratioToBare:
							index % 2 === 0
								? (row.deliveredPerSecond / Math.max(1, chat[index + 1]!.deliveredPerSecond)).toFixed(2)
								: '',
					})),
				)
			}
			if (scaleIndex === 0 && PARTS.has('scaleout')) {
				scaleOut = await measureScaleOut({
					uri,
					premiumCookie: cookies.premium,
					chatUsers: await chatUsersOf(userIds.slice(0, CHAT_SIZES[0])),
					singleProcessChat: chat[0],
				})
			}

			// The search's own figures (decision 166); leave it out (BENCH_PARTS without "search") to profile other routes alone.
			const search = PARTS.has('search') ? await measureSearch(app.url, cookies.premium) : []
			if (search.length > 0)
				printTable(
					`Scale ${scale}: search over ${counts.posts + counts.comments} posts and comments (and the lessons, events, resources and members), one request at a time, on ${backend}; the < 100 ms p50 target is MongoDB's`,
					search,
				)
			const searchHttp: HttpFigures[] = []
			for (const [target, path, who] of PARTS.has('search') ? SEARCH_ROUTES : [])
				searchHttp.push(
					await measureHttp(target, new URL(path, app.url).href, { cookie: cookies[who]! }, app.child.pid),
				)
			if (searchHttp.length > 0)
				printTable(
					`Scale ${scale}: the search under load (${CONNECTIONS} connections; on ${backend})`,
					searchHttp.map(({ rssPeakMb: _rss, errors: _errors, ...row }) => row),
				)
			rssPeak = Math.max(rssPeak, ...searchHttp.map((figures) => figures.rssPeakMb ?? 0))

			const memory = {
				appRssAtRestMb: rssAtRest,
				appRssPeakMb: rssPeak,
				emulatorRssSeededMb: emulatorRssSeeded,
				emulatorRssPeakMb: embedded ? emulatorRssPeak : null,
			}
			printTable(`Scale ${scale}: memory (RSS, MB; the app server, and the embedded database's own process apart)`, [
				memory,
			])
			scales.push({
				scale,
				counts,
				limitedByMemory,
				seedSeconds,
				searchIndexSeconds,
				loadAverage: loadAverage(),
				http,
				search,
				searchHttp,
				memory,
			})
			await stop(app.child)
			if (before) await stop(before.child)
		} catch (error) {
			// A larger scale that cannot be seeded or measured on this machine (the emulator's single process busy past
			// the connection's time-out, say) ends the run with what the scales before it measured, and says why.
			if (scaleIndex === 0) throw error
			stoppedAt = { scale, reason: error instanceof Error ? error.message : String(error) }
			console.log(`\nScale ${scale} stopped: ${stoppedAt.reason}. The scales before it are kept.`)
			for (const child of children) if (child.exitCode === null) await stop(child)
			break
		}
	}

	// How cost grows: each route's throughput at each scale, and the last scale's as a share of the first's.
	// A rate made of error answers (the server's quick 503s while it takes a swamped database for gone) is no rate:
	// those cells say how many errors there were instead, and the ratio is left out.
	const growth = ROUTES.map(([target]) => {
		const row: Record<string, unknown> = { target }
		const rates: Array<number | null> = []
		for (const entry of scales) {
			const figures = (entry.http as Array<{ target: string; requestsPerSecond: number; non2xx: number }>).find(
				(item) => item.target === target || item.target === `${target} (after)`,
			)
			const failed = figures ? figures.non2xx > 0 : false
			row[`x${entry.scale as number} req/s`] = !figures
				? null
				: failed
					? `${figures.requestsPerSecond} (${figures.non2xx} errors)`
					: figures.requestsPerSecond
			rates.push(!figures || failed ? null : figures.requestsPerSecond)
		}
		if (scales.length > 1) {
			const [first, last] = [rates[0], rates.at(-1)]
			row.lastVsFirst = first && last !== null && last !== undefined ? Math.round((last / first) * 100) / 100 : null
		}
		return row
	})
	if (scales.length > 1)
		printTable('Growth: requests per second at each scale (a route bound by its page size keeps its rate)', growth)

	await Promise.all(yardsticks.map(({ started }) => stop(started.child)))
	const loadAtEnd = loadAverage()
	console.log(
		`Load average at start ${loadAtStart.join(', ')}, at the end ${loadAtEnd.join(', ')} (the bench itself adds about 2)`,
	)
	const results = {
		at: startedAt.toISOString(),
		backend,
		settings: {
			DURATION,
			WARMUP,
			CONNECTIONS,
			ROUNDS,
			SCALES,
			COMPARE_DIR: COMPARE_DIR ?? null,
			SERVER_NODE_OPTIONS,
			COMPARE_NODE_OPTIONS: COMPARE_DIR ? COMPARE_NODE_OPTIONS : null,
		},
		loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
		scales,
		stoppedAt,
		growth,
		javascript,
		chat,
		scaleOut,
		memoryPeak: {
			appRssMb: Math.max(...scales.map((entry) => (entry.memory as { appRssPeakMb: number }).appRssPeakMb)),
			emulatorRssMb: embedded
				? Math.max(...scales.map((entry) => (entry.memory as { emulatorRssPeakMb: number }).emulatorRssPeakMb))
				: null,
		},
	}
	fs.mkdirSync('bench/results', { recursive: true })
	const file = `bench/results/${results.at.replace(/[:.]/g, '-')}.json`
	fs.writeFileSync(file, JSON.stringify(results, null, 2))
	fs.writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2))
	console.log(`\nWritten to ${file} and bench/results/latest.json`)

	// After a scale that stopped, the connection may be the broken part: closing it must not lose the results above.
	await disconnectDatabase().catch((error) =>
		console.error('Closing the database connection:', error instanceof Error ? error.message : error),
	)
	await embedded?.stop()
}

/** However little memory there is, a scale keeps at least the first scale's messages. */
const LARGE_MESSAGES_FLOOR = countsAt(1).messages

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error)
	for (const child of children) child.kill('SIGTERM')
	process.exit(1)
})
