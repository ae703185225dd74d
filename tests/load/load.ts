/**
 * `npm run test:load` (issue 7, "Load and faults"): simulated members use
 * the built server, started as `npm start` runs it (production mode), for a
 * fixed time. Each member loads pages (dashboard, content library, a video,
 * events, a community room) and reports video progress over HTTP, and keeps
 * a chat socket open: it writes to its room now and then, well within the
 * rate limit, and receives its room's messages (every fourth member receives
 * every room's, as a client that sends no `subscribe` does).
 *
 * It prints requests by status class and latency per route, chat messages
 * sent, stored and delivered per receiver (lost, duplicated and out of order
 * must all be 0), send-to-receive latency, and the server's memory; and exits
 * 1 when a requirement fails: any 5xx or failed request, any lost,
 * duplicated or unacknowledged message.
 *
 * Settings (environment): LOAD_MEMBERS (200), LOAD_SECONDS (60), LOAD_ROOMS
 * (3 community rooms used by the chat), LOAD_THINK_MS (2000: a member's mean
 * pause between two page actions), LOAD_CHAT_EVERY_MS (10000: a member's
 * mean pause between two chat messages; never under 1 s, the rate limit),
 * MONGODB_URI (default: the embedded database, in its own process),
 * LOAD_PROCESSES (1: with more, that many app processes share the database
 * and a real redis-server, as `npm run demo:cluster` runs them; members are
 * spread over them, and the figures are also given per process).
 * LOAD_CHAT_TAIL_SECONDS (15: after the pages stop, the members go on
 * chatting alone this long).
 * Everything runs on loopback and stops by itself (Ctrl-C included); no
 * process is left behind.
 *
 * The server's CPU per page and per chat delivery (docs/decisions/194): its
 * CPU time (from /proc) in the chat-only tail over the deliveries then gives
 * the CPU per delivery (storing each message and sending it to each
 * receiver); the CPU of the mixed part less its deliveries at that rate, over
 * its HTTP requests, the CPU per request.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import readline from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import mongoose from 'mongoose'
import { io, type Socket } from 'socket.io-client'
import { CommunityModel, MessageModel, VideoModel } from '#models/index'
import { type ChatMessage } from '~/lib/chat'
import {
	connectDatabase,
	disconnectDatabase,
	startEmbeddedDatabase,
	type EmbeddedDatabase,
} from '~/platform/database.server'
import { seedDemoData } from '~/demo/data.server'
import { createMembersWithSessions, type SessionMember } from '../setup/direct-sessions'
import { redisUnavailableReason, startRedisServer } from '../setup/redis-server'
import { madeUpSigningKey } from '../../scripts/credential-key.mjs'
import { serverArgs } from '../../scripts/server-command.mjs'

const MEMBERS = positive('LOAD_MEMBERS', 200)
const SECONDS = positive('LOAD_SECONDS', 60)
const ROOMS = positive('LOAD_ROOMS', 3)
const THINK_MS = positive('LOAD_THINK_MS', 2_000)
const CHAT_EVERY_MS = positive('LOAD_CHAT_EVERY_MS', 10_000)
const PROCESSES = positive('LOAD_PROCESSES', 1)
const CHAT_TAIL_SECONDS = positive('LOAD_CHAT_TAIL_SECONDS', 15)
if (!Number.isInteger(PROCESSES)) throw new Error('LOAD_PROCESSES must be a whole number')
const SESSION_SECRET = 'load-test-session-secret-of-32-characters'
/** One for every app process of the run. */
const CREDENTIAL_SIGNING_KEY = madeUpSigningKey()
/** No single request, handshake or acknowledgement may take longer than this. */
const REQUEST_TIMEOUT_MS = 30_000
/** After the run, how long deliveries may take to arrive before they count as lost. */
const SETTLE_LIMIT_MS = 20_000

function positive(name: string, fallback: number): number {
	const value = Number(process.env[name] ?? fallback)
	if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
	return value
}

/** Around `mean`: uniformly between half and one and a half of it. */
const jitter = (mean: number) => mean * (0.5 + Math.random())

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return 0
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function latencyFigures(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	return {
		p50: percentile(sorted, 50),
		p90: percentile(sorted, 90),
		p99: percentile(sorted, 99),
		max: sorted.at(-1) ?? 0,
	}
}

// ---------------------------------------------------------------- processes

const cleanups = new Set<() => void>()

/** Whatever happens (an error, Ctrl-C), the processes this script started go with it. */
function cleanUpNow() {
	for (const cleanup of cleanups) cleanup()
	cleanups.clear()
}
process.on('exit', cleanUpNow)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => {
		console.error(`\n${signal}: stopping`)
		cleanUpNow()
		process.exit(130)
	})
}

interface AppServer {
	url: string
	child: ChildProcess
	/** Lines the server wrote to stderr (errors it logged). */
	errors: string[]
	stop: () => Promise<number | null>
}

async function startAppServer(mongodbUri: string, redisUrl?: string): Promise<AppServer> {
	if (!fs.existsSync('build/index.js') || !fs.existsSync('build-server/server.js')) {
		throw new Error('No build found: run `npm run build` first (`npm run test:load` does).')
	}
	// As `npm start` runs it: production mode, with the settings production requires.
	const child = spawn(process.execPath, serverArgs(), {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: '0',
			MONGODB_URI: mongodbUri,
			SESSION_SECRET,
			CREDENTIAL_SIGNING_KEY,
			ALLOW_DEMO_BILLING: 'true',
			MAIL_DISABLED: 'true',
			PUSH_DISABLED: 'true',
			STRIPE_SECRET_KEY: '',
			APP_ORIGIN: '',
			// The load test is one address reading as fast as it can, on purpose (decision 203).
			READ_RATE_LIMIT_PER_MINUTE: '1000000',
			READ_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
			...(redisUrl ? { REDIS_URL: redisUrl } : {}),
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const kill = () => child.kill('SIGKILL')
	cleanups.add(kill)
	const errors: string[] = []
	readline.createInterface({ input: child.stderr! }).on('line', (line) => errors.push(line))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000)
		readline.createInterface({ input: child.stdout! }).on('line', (line) => {
			const match = /listening on (http:\/\/\S+)/.exec(line)
			if (match) {
				clearTimeout(timer)
				resolve(match[1]!.replace('localhost', '127.0.0.1'))
			}
		})
		void exited.then((code) => reject(new Error(`the server exited with code ${code}:\n${errors.join('\n')}`)))
	})
	return {
		url,
		child,
		errors,
		async stop() {
			if (child.exitCode === null) child.kill('SIGTERM')
			const code = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)])
			cleanups.delete(kill)
			if (code === 'timeout') {
				kill()
				return null
			}
			return code
		},
	}
}

function rssMegabytes(pid: number): number {
	try {
		const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
		return Math.round(kb / 1024)
	} catch {
		return 0
	}
}

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
	try {
		const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
		return (Number(fields[11]) + Number(fields[12])) / 100 // utime + stime, in clock ticks of 10 ms
	} catch {
		return 0
	}
}

/** The embedded database's process: our child running scripts/embedded-db.mjs. */
function embeddedDatabasePid(): number | null {
	try {
		for (const entry of fs.readdirSync('/proc')) {
			if (!/^\d+$/.test(entry)) continue
			const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1])
			if (ppid === process.pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('embedded-db'))
				return Number(entry)
		}
	} catch {
		// not Linux, or the process went away: no figure
	}
	return null
}

// ---------------------------------------------------------------- HTTP

type Route = 'dashboard' | 'content library' | 'video page' | 'events' | 'community room' | 'POST /api/progress'
const ROUTE_WEIGHTS: Array<[Route, number]> = [
	['dashboard', 2],
	['content library', 2],
	['video page', 2],
	['events', 1],
	['community room', 2],
	['POST /api/progress', 3],
]

interface RouteFigures {
	requests: number
	byClass: Record<'2xx' | '3xx' | '4xx' | '5xx' | 'failed', number>
	unexpected: Map<string, number>
	latencies: number[]
	bytes: number
}

const http = new Map<Route, RouteFigures>(
	ROUTE_WEIGHTS.map(([route]) => [
		route,
		{
			requests: 0,
			byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 },
			unexpected: new Map(),
			latencies: [],
			bytes: 0,
		},
	]),
)

/** Requests per app process (with LOAD_PROCESSES > 1). */
interface ProcessFigures {
	requests: number
	'5xx': number
	failed: number
	latencies: number[]
}
const perProcess: ProcessFigures[] = Array.from({ length: PROCESSES }, () => ({
	requests: 0,
	'5xx': 0,
	failed: 0,
	latencies: [],
}))

function pickRoute(): Route {
	const total = ROUTE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)
	let roll = Math.random() * total
	for (const [route, weight] of ROUTE_WEIGHTS) if ((roll -= weight) < 0) return route
	return ROUTE_WEIGHTS[0]![0]
}

let truncatedSample: string | undefined

/** The latencies of the requests started in each window of `widthMs` (window 0 first), in order of time. */
function latenciesByWindow(entries: Array<{ at: number; ms: number }>, widthMs: number): Array<[number, number[]]> {
	const windows = new Map<number, number[]>()
	for (const { at, ms } of entries) {
		const window = Math.floor(at / widthMs)
		const values = windows.get(window) ?? []
		values.push(ms)
		windows.set(window, values)
	}
	return [...windows].sort(([a], [b]) => a - b)
}

/** Each answer's latency by when its request started (ms since the load began): the tail's place in the run. */
const timeline: Array<{ at: number; ms: number }> = []
let loadStartedAt = 0

async function timedRequest(route: Route, url: string, init: RequestInit, processIndex: number) {
	const figures = http.get(route)!
	const processFigures = perProcess[processIndex]!
	figures.requests += 1
	processFigures.requests += 1
	const started = performance.now()
	try {
		const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
		const body = await response.text()
		figures.bytes += Buffer.byteLength(body)
		const latency = Math.round(performance.now() - started)
		figures.latencies.push(latency)
		processFigures.latencies.push(latency)
		if (loadStartedAt) timeline.push({ at: started - loadStartedAt, ms: latency })
		if (response.status >= 500) processFigures['5xx'] += 1
		// A page is only whole with its last tag: a 200 with half a document is no answer either.
		if (
			response.status === 200 &&
			response.headers.get('content-type')?.startsWith('text/html') &&
			!body.trimEnd().endsWith('</html>')
		) {
			figures.unexpected.set(
				'200 with an incomplete page',
				(figures.unexpected.get('200 with an incomplete page') ?? 0) + 1,
			)
			truncatedSample ??= `${route}: ${Buffer.byteLength(body)} bytes, ending …${body.slice(-200)}`
		}
		const statusClass = `${Math.floor(response.status / 100)}xx` as keyof RouteFigures['byClass']
		figures.byClass[statusClass] = (figures.byClass[statusClass] ?? 0) + 1
		if (response.status !== 200)
			figures.unexpected.set(String(response.status), (figures.unexpected.get(String(response.status)) ?? 0) + 1)
	} catch (error) {
		figures.byClass.failed += 1
		processFigures.failed += 1
		const reason = `failed: ${(error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message}`
		figures.unexpected.set(reason, (figures.unexpected.get(reason) ?? 0) + 1)
	}
}

async function browse(baseUrl: string, member: LoadMember, videoIds: number[], until: number) {
	const processIndex = member.process
	await sleep(Math.random() * THINK_MS)
	while (Date.now() < until) {
		const route = pickRoute()
		const headers = { Cookie: member.cookie, 'Accept-Encoding': 'gzip' }
		const video = videoIds[Math.floor(Math.random() * videoIds.length)]!
		const paths: Record<Exclude<Route, 'POST /api/progress'>, string> = {
			dashboard: '/dashboard',
			'content library': '/content-library',
			'video page': `/content-library/${video}`,
			events: '/events',
			'community room': `/community/${member.room}`,
		}
		if (route === 'POST /api/progress') {
			await timedRequest(
				route,
				`${baseUrl}/api/progress`,
				{
					method: 'POST',
					headers: { ...headers, 'Content-Type': 'application/json' },
					body: JSON.stringify({ videoId: video, progress: Math.floor(Math.random() * 101) }),
				},
				processIndex,
			)
		} else {
			await timedRequest(route, `${baseUrl}${paths[route]}`, { headers }, processIndex)
		}
		await sleep(Math.min(jitter(THINK_MS), Math.max(0, until - Date.now())))
	}
}

// ---------------------------------------------------------------- chat

interface LoadMember extends SessionMember {
	room: number
	/** The app process its pages and socket go to (0 with one process). */
	process: number
	/** Receives only its room (sent `subscribe`), or every room (did not). */
	subscribed: boolean
	socket?: Socket
	/** How often each message id arrived. */
	received: Map<number, number>
	lastIdByRoom: Map<number, number>
	outOfOrder: number
	/** Messages of rooms it does not read. */
	unexpected: number
	disconnects: number
}

const chat = {
	sent: 0,
	stored: 0,
	refused: new Map<string, number>(),
	unanswered: 0,
	ackLatencies: [] as number[],
	deliveryLatencies: [] as number[],
}

function connectMember(baseUrl: string, member: LoadMember, tag: string): Promise<void> {
	const socket = io(baseUrl, {
		path: '/ws',
		transports: ['websocket'],
		extraHeaders: { Cookie: member.cookie },
		forceNew: true,
		reconnection: false,
		timeout: REQUEST_TIMEOUT_MS,
	})
	member.socket = socket
	socket.on('community_message', (message: ChatMessage) => {
		if (!message.content.startsWith(`${tag}|`)) return
		const room = message.communityId!
		if (member.subscribed && room !== member.room) {
			member.unexpected += 1
			return
		}
		const times = (member.received.get(message.id) ?? 0) + 1
		member.received.set(message.id, times)
		if (times > 1) return
		chat.deliveryLatencies.push(Date.now() - Number(message.content.split('|')[3]))
		if (message.id < (member.lastIdByRoom.get(room) ?? 0)) member.outOfOrder += 1
		member.lastIdByRoom.set(room, message.id)
	})
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`member ${member.id}: no auth_success within ${REQUEST_TIMEOUT_MS} ms`)),
			REQUEST_TIMEOUT_MS,
		)
		socket.on('connect', () => socket.emit('auth', { userId: member.id, username: member.username }))
		socket.once('auth_success', () => {
			clearTimeout(timer)
			if (member.subscribed) socket.emit('subscribe', { communityIds: [member.room] })
			socket.on('disconnect', (reason) => {
				if (reason !== 'io client disconnect') member.disconnects += 1 // not our own close at the end
			})
			resolve()
		})
		socket.once('connect_error', (error) => {
			clearTimeout(timer)
			reject(new Error(`member ${member.id}: ${error.message}`))
		})
	})
}

async function talk(member: LoadMember, tag: string, until: number) {
	await sleep(Math.random() * CHAT_EVERY_MS)
	for (let seq = 0; Date.now() < until; seq++) {
		const sentAt = Date.now()
		chat.sent += 1
		try {
			const ack = (await member.socket!.timeout(REQUEST_TIMEOUT_MS).emitWithAck('community_message', {
				communityId: member.room,
				content: `${tag}|${member.id}|${seq}|${sentAt}`,
			})) as { ok: boolean; message?: string }
			chat.ackLatencies.push(Date.now() - sentAt)
			if (ack.ok) chat.stored += 1
			else chat.refused.set(ack.message ?? '?', (chat.refused.get(ack.message ?? '?') ?? 0) + 1)
		} catch {
			chat.unanswered += 1
		}
		// Never more than the rate limit allows (10 in 10 s), whatever LOAD_CHAT_EVERY_MS says.
		await sleep(Math.min(Math.max(1_000, jitter(CHAT_EVERY_MS)), Math.max(0, until - Date.now())))
	}
}

// ---------------------------------------------------------------- the run

async function main() {
	let embedded: EmbeddedDatabase | null = null
	if (!process.env.MONGODB_URI) {
		embedded = await startEmbeddedDatabase()
		const database = embedded
		cleanups.add(() => void database.stop())
	}
	const baseUri = process.env.MONGODB_URI ?? embedded!.uri
	const backend = embedded ? `embedded ${embedded.kind}` : 'MongoDB at MONGODB_URI'
	const uri = baseUri.replace(/(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?/, '$1/leadership_load')
	console.log(`Database: ${backend}${embedded ? ' (its figures are emulator figures)' : ''}`)
	console.log(
		`Load: ${MEMBERS} members for ${SECONDS} s; a page action every ~${THINK_MS} ms and a chat message every ~${CHAT_EVERY_MS} ms per member, ${ROOMS} rooms`,
	)

	await connectDatabase(uri)
	await mongoose.connection.db!.dropDatabase()
	await connectDatabase(uri) // the indexes again, on the empty database
	await seedDemoData()
	const rooms = (await CommunityModel.find().sort({ id: 1 }).limit(ROOMS).select('id').lean()).map(
		(community) => community.id,
	)
	const videoIds = (await VideoModel.find().select('id').lean()).map((video) => video.id)
	const members: LoadMember[] = (
		await createMembersWithSessions(MEMBERS, { sessionSecret: SESSION_SECRET, label: 'load' })
	).map((member, index) => ({
		...member,
		room: rooms[index % rooms.length]!,
		// Spread so that each room has writers and readers on every process: the messages cross between them.
		process: Math.floor(index / rooms.length) % PROCESSES,
		subscribed: index % 4 !== 3,
		received: new Map(),
		lastIdByRoom: new Map(),
		outOfOrder: 0,
		unexpected: 0,
		disconnects: 0,
	}))

	let redis: Awaited<ReturnType<typeof startRedisServer>> | null = null
	if (PROCESSES > 1) {
		const missingRedis = redisUnavailableReason()
		if (missingRedis) throw new Error(`LOAD_PROCESSES=${PROCESSES} needs Redis: ${missingRedis}`)
		redis = await startRedisServer()
		const started = redis
		cleanups.add(() => void started.stop())
		console.log(`Redis: ${redis.url} (redis-server, shared by the ${PROCESSES} app processes)`)
	}
	const servers: AppServer[] = []
	for (let index = 0; index < PROCESSES; index++) servers.push(await startAppServer(uri, redis?.url))
	for (const [index, server] of servers.entries())
		console.log(`Server ${index + 1}: ${server.url} (production mode, pid ${server.child.pid})`)
	const rssAtRest = servers.map((server) => rssMegabytes(server.child.pid!))
	const rssPeak = [...rssAtRest]

	const tag = `load-${Date.now().toString(36)}`
	const connectStarted = Date.now()
	await Promise.all(members.map((member) => connectMember(servers[member.process]!.url, member, tag)))
	console.log(`${members.length} chat sockets connected in ${Date.now() - connectStarted} ms`)
	await sleep(500) // every `subscribe` has been read before anyone writes

	const databasePid = embedded ? embeddedDatabasePid() : null
	const cpuBefore = {
		servers: servers.map((server) => cpuSeconds(server.child.pid!)),
		database: databasePid ? cpuSeconds(databasePid) : 0,
		generator: process.cpuUsage(),
	}
	const started = Date.now()
	loadStartedAt = performance.now()
	const until = started + SECONDS * 1000
	const loop = monitorEventLoopDelay({ resolution: 20 })
	loop.enable()
	const sampler = setInterval(
		() =>
			servers.forEach((server, index) => (rssPeak[index] = Math.max(rssPeak[index]!, rssMegabytes(server.child.pid!)))),
		1_000,
	)
	const progress = setInterval(() => {
		const requests = [...http.values()].reduce((sum, figures) => sum + figures.requests, 0)
		console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${requests} requests, ${chat.sent} messages sent`)
	}, 10_000)
	const serversCpuNow = () => servers.reduce((sum, server) => sum + cpuSeconds(server.child.pid!), 0)
	const deliveredNow = () =>
		members.reduce((sum, member) => sum + [...member.received.values()].reduce((all, times) => all + times, 0), 0)
	const talking = Promise.all(members.map((member) => talk(member, tag, until + CHAT_TAIL_SECONDS * 1000)))
	await Promise.all(members.map((member) => browse(servers[member.process]!.url, member, videoIds, until)))
	const mixed = {
		seconds: (Date.now() - started) / 1000,
		cpu: serversCpuNow() - cpuBefore.servers.reduce((sum, seconds) => sum + seconds, 0),
		deliveries: deliveredNow(),
		requests: [...http.values()].reduce((sum, figures) => sum + figures.requests, 0),
	}
	const tailStarted = Date.now()
	await talking
	await sleep(1_000) // the last messages' deliveries arrive
	const tail = {
		seconds: (Date.now() - tailStarted) / 1000,
		cpu: serversCpuNow() - cpuBefore.servers.reduce((sum, seconds) => sum + seconds, 0) - mixed.cpu,
		deliveries: deliveredNow() - mixed.deliveries,
	}
	const elapsedSeconds = (Date.now() - started) / 1000
	const generatorCpu = process.cpuUsage(cpuBefore.generator)
	const cpu = {
		servers: servers.map((server, index) => cpuSeconds(server.child.pid!) - cpuBefore.servers[index]!),
		database: databasePid ? cpuSeconds(databasePid) - cpuBefore.database : null,
		generator: (generatorCpu.user + generatorCpu.system) / 1e6,
	}
	clearInterval(progress)
	loop.disable()

	// What the server stored is the truth every receiver is compared with.
	const stored = await MessageModel.find({ content: new RegExp(`^${tag}\\|`) })
		.select('id communityId')
		.lean()
	const expectedFor = (member: LoadMember) =>
		stored.filter((message) => !member.subscribed || message.communityId === member.room)
	const missing = (member: LoadMember) =>
		expectedFor(member).filter((message) => !member.received.has(message.id)).length
	const settleLimit = Date.now() + SETTLE_LIMIT_MS
	while (members.some((member) => missing(member) > 0) && Date.now() < settleLimit) await sleep(100)
	clearInterval(sampler)

	for (const member of members) member.socket?.disconnect()
	const exitCodes = await Promise.all(servers.map((server) => server.stop()))
	await redis?.stop()
	const atMost = (ms: number, task: Promise<unknown>) => Promise.race([task, sleep(ms)])
	await atMost(10_000, disconnectDatabase())
	if (embedded) await atMost(10_000, embedded.stop())
	cleanUpNow()

	// ------------------------------------------------------------ figures
	const httpRows = [...http].map(([route, figures]) => ({
		route,
		requests: figures.requests,
		...figures.byClass,
		...latencyFigures(figures.latencies),
		'kB (mean)': Math.round(figures.bytes / Math.max(1, figures.latencies.length) / 1024),
	}))
	const allLatencies = [...http.values()].flatMap((figures) => figures.latencies)
	const totals = (key: keyof RouteFigures['byClass']) =>
		[...http.values()].reduce((sum, figures) => sum + figures.byClass[key], 0)
	const totalRequests = [...http.values()].reduce((sum, figures) => sum + figures.requests, 0)
	httpRows.push({
		route: 'all' as Route,
		requests: totalRequests,
		'2xx': totals('2xx'),
		'3xx': totals('3xx'),
		'4xx': totals('4xx'),
		'5xx': totals('5xx'),
		failed: totals('failed'),
		...latencyFigures(allLatencies),
		'kB (mean)': Math.round(
			[...http.values()].reduce((sum, figures) => sum + figures.bytes, 0) / Math.max(1, allLatencies.length) / 1024,
		),
	})
	console.log(
		`\nHTTP: ${totalRequests} requests in ${elapsedSeconds.toFixed(1)} s (${(totalRequests / elapsedSeconds).toFixed(1)}/s); latency in ms, to the last byte; size uncompressed`,
	)
	console.table(Object.fromEntries(httpRows.map(({ route, ...row }) => [route, row])))
	const windows = latenciesByWindow(timeline, 10_000)
	console.log(
		`Latency by ten seconds of the run (when the request started), p50 / p99 / max ms: ${windows
			.map(([window, values]) => {
				const figures = latencyFigures(values)
				return `${window * 10}–${window * 10 + 10} s ${figures.p50} / ${figures.p99} / ${figures.max}`
			})
			.join('; ')}`,
	)
	// The tail has been the first ten seconds (a cold process meeting every member at once): second by second.
	const firstSeconds = latenciesByWindow(
		timeline.filter(({ at }) => at < 10_000),
		1_000,
	)
	console.log(
		`The first ten seconds by second (when the request started), requests, p50 / max ms: ${firstSeconds
			.map(([second, values]) => {
				const figures = latencyFigures(values)
				return `${second} s ${values.length}, ${figures.p50} / ${figures.max}`
			})
			.join('; ')}`,
	)
	const unexpectedStatuses = [...http].flatMap(([route, figures]) =>
		[...figures.unexpected].map(([status, count]) => `${route}: ${status} ×${count}`),
	)
	if (unexpectedStatuses.length) console.log(`Answers other than a whole 200: ${unexpectedStatuses.join('; ')}`)
	if (truncatedSample) console.log(`An incomplete page: ${truncatedSample}`)

	const receivers = (subscribed: boolean) => members.filter((member) => member.subscribed === subscribed)
	const chatRow = (group: LoadMember[]) => {
		const ratios = group.map((member) => member.received.size / Math.max(1, expectedFor(member).length))
		return {
			receivers: group.length,
			'expected per receiver (mean)': Math.round(
				group.reduce((sum, member) => sum + expectedFor(member).length, 0) / Math.max(1, group.length),
			),
			delivered: group.reduce((sum, member) => sum + member.received.size, 0),
			expected: group.reduce((sum, member) => sum + expectedFor(member).length, 0),
			'lowest share': `${(Math.min(...ratios, 1) * 100).toFixed(1)}%`,
			lost: group.reduce((sum, member) => sum + missing(member), 0),
			duplicated: group.reduce(
				(sum, member) => sum + [...member.received.values()].reduce((extra, times) => extra + times - 1, 0),
				0,
			),
			'out of order': group.reduce((sum, member) => sum + member.outOfOrder, 0),
			'other rooms': group.reduce((sum, member) => sum + member.unexpected, 0),
			disconnects: group.reduce((sum, member) => sum + member.disconnects, 0),
		}
	}
	const chatRows: Record<string, ReturnType<typeof chatRow>> = {
		'one room (subscribe)': chatRow(receivers(true)),
		'every room (no subscribe)': chatRow(receivers(false)),
		all: chatRow(members),
	}
	if (PROCESSES > 1) {
		for (let index = 0; index < PROCESSES; index++)
			chatRows[`receivers on process ${index + 1}`] = chatRow(members.filter((member) => member.process === index))
	}
	const refused = [...chat.refused].map(([message, count]) => `${message} ×${count}`).join('; ')
	console.log(
		`\nChat: ${chat.sent} messages sent (${(chat.sent / elapsedSeconds).toFixed(1)}/s) to ${rooms.length} rooms: ${chat.stored} acknowledged as stored, ` +
			`${chat.unanswered} unanswered, ${[...chat.refused.values()].reduce((a, b) => a + b, 0)} refused${refused ? ` (${refused})` : ''}; ${stored.length} in the database`,
	)
	console.table(chatRows)
	const delivery = latencyFigures(chat.deliveryLatencies)
	const ack = latencyFigures(chat.ackLatencies)
	console.log(
		`Send to receive (ms): p50 ${delivery.p50}, p90 ${delivery.p90}, p99 ${delivery.p99}, max ${delivery.max}; send to acknowledgement: p50 ${ack.p50}, p99 ${ack.p99}`,
	)
	const share = (seconds: number) =>
		`${seconds.toFixed(1)} s (${Math.round((seconds / elapsedSeconds) * 100)}% of a core)`
	for (const [index, server] of servers.entries()) {
		const name = PROCESSES > 1 ? `Server ${index + 1}` : 'Server'
		console.log(
			`\n${name}: RSS ${rssAtRest[index]} MB at rest, ${rssPeak[index]} MB at peak; ${server.errors.length} lines on stderr; exit code after SIGTERM: ${exitCodes[index]}`,
		)
		if (server.errors.length)
			console.log(
				server.errors
					.slice(0, 10)
					.map((line) => `  | ${line}`)
					.join('\n'),
			)
	}
	if (PROCESSES > 1) {
		console.log('\nPer app process (members are pinned to one process each):')
		console.table(
			Object.fromEntries(
				perProcess.map((figures, index) => [
					`process ${index + 1}`,
					{
						members: members.filter((member) => member.process === index).length,
						requests: figures.requests,
						'requests/s': Number((figures.requests / elapsedSeconds).toFixed(1)),
						'5xx': figures['5xx'],
						failed: figures.failed,
						...latencyFigures(figures.latencies),
						'CPU (% of a core)': Math.round((cpu.servers[index]! / elapsedSeconds) * 100),
						'RSS peak (MB)': rssPeak[index],
					},
				]),
			),
		)
	}
	const serversCpu = cpu.servers.reduce((sum, seconds) => sum + seconds, 0)
	console.log(
		`CPU during the ${elapsedSeconds.toFixed(0)} s of load: ${PROCESSES > 1 ? `${PROCESSES} servers together` : 'server'} ${share(serversCpu)}` +
			(cpu.database === null ? '' : `, database ${share(cpu.database)}`) +
			`, load generator ${share(cpu.generator)}; the machine has ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
	)
	const cpuPerDelivery = tail.deliveries > 0 ? (tail.cpu * 1000) / tail.deliveries : null
	const cpuPerRequest =
		cpuPerDelivery === null
			? null
			: ((mixed.cpu - (cpuPerDelivery / 1000) * mixed.deliveries) * 1000) / Math.max(1, mixed.requests)
	console.log(
		`Server CPU: pages and chat for ${mixed.seconds.toFixed(0)} s, ${mixed.cpu.toFixed(1)} s ` +
			`(${Math.round((mixed.cpu / mixed.seconds) * 100)}% of a core; ${mixed.requests} requests, ${mixed.deliveries} deliveries); ` +
			`chat alone for ${tail.seconds.toFixed(0)} s, ${tail.cpu.toFixed(1)} s (${Math.round((tail.cpu / tail.seconds) * 100)}% of a core; ${tail.deliveries} deliveries). ` +
			`Per chat delivery ${cpuPerDelivery === null ? 'n/a' : `${cpuPerDelivery.toFixed(3)} ms`}; ` +
			`per HTTP request ${cpuPerRequest === null ? 'n/a' : `${cpuPerRequest.toFixed(2)} ms`} (the mixed part's CPU less its deliveries at that rate)`,
	)
	console.log(
		`Load generator (same machine): event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
	)

	// ------------------------------------------------------------ requirements
	const all = chatRows.all
	const requirements: Array<[string, boolean]> = [
		['no 5xx answer', totals('5xx') === 0],
		['no failed request (timeout, reset)', totals('failed') === 0],
		['every request answered 200, every page whole', unexpectedStatuses.length === 0],
		['every message acknowledged as stored', chat.stored === chat.sent && stored.length === chat.sent],
		['no message lost', all.lost === 0],
		['no message duplicated', all.duplicated === 0],
		['every receiver got its room in order', all['out of order'] === 0],
		['no message reached a room it was not for', all['other rooms'] === 0],
		['no socket dropped', all.disconnects === 0],
		[
			PROCESSES > 1 ? 'every server stopped cleanly on SIGTERM' : 'the server stopped cleanly on SIGTERM',
			exitCodes.every((code) => code === 0),
		],
	]
	console.log('\nRequirements:')
	for (const [label, met] of requirements) console.log(`  ${met ? '✓' : '✗'} ${label}`)
	const failed = requirements.filter(([, met]) => !met).length
	console.log(failed ? `\nFAILED: ${failed} requirement(s) not met` : '\nPASSED')
	return failed ? 1 : 0
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		cleanUpNow()
		process.exit(1)
	},
)
