import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'
import mongoose from 'mongoose'
import {
	currentRequestContext,
	databaseCommandEnded,
	databaseCommandStarted,
	type RequestContext,
} from '~/platform/request-context.server'
import { singleton } from '~/platform/singleton.server'

// Nothing from a request body may become a query operator (docs/architecture.md).
// Queries that use operators on purpose wrap them in `mongoose.trusted()`.
mongoose.set('strictQuery', 'throw')
mongoose.set('sanitizeFilter', true)
// Mongoose otherwise formats a stack trace for every query it runs, kept only to explain a query run twice (a
// mistake the tests would show): about 1% of a page's CPU (docs/decisions/196).
mongoose.set('skipOriginalStackTraces', true)

export interface EmbeddedDatabase {
	uri: string
	kind: string
	/** The database's own process (the bench reports its memory apart from the app's). */
	pid: number | undefined
	stop: () => Promise<void>
}

/**
 * Starts `scripts/embedded-db.mjs` as a child process and waits for the URI
 * it prints. Used when MONGODB_URI is not set (demo, development, tests).
 */
export function startEmbeddedDatabase(options: { dataDir?: string } = {}): Promise<EmbeddedDatabase> {
	const script = path.resolve(process.cwd(), 'scripts/embedded-db.mjs')
	const child: ChildProcess = spawn(process.execPath, [script], {
		stdio: ['pipe', 'pipe', 'inherit'],
		env: { ...process.env, ...(options.dataDir ? { EMBEDDED_DB_DIR: options.dataDir } : {}) },
	})
	return new Promise((resolve, reject) => {
		const lines = readline.createInterface({ input: child.stdout! })
		child.once('exit', (code) => reject(new Error(`embedded database exited with code ${code}`)))
		child.once('error', reject)
		lines.once('line', (line) => {
			try {
				const { uri, kind } = JSON.parse(line) as { uri: string; kind: string }
				resolve({
					uri,
					kind,
					pid: child.pid,
					stop: () =>
						new Promise<void>((done) => {
							if (child.exitCode !== null) return done()
							child.once('exit', () => done())
							child.kill('SIGTERM')
						}),
				})
			} catch {
				reject(new Error(`embedded database said something unexpected: ${line}`))
			}
		})
	})
}

/** Connects the shared mongoose connection and builds the indexes the screens need. */
export async function connectDatabase(uri: string): Promise<void> {
	await mongoose.connect(uri, {
		serverSelectionTimeoutMS: 5_000,
		// syncIndexes() below builds them once; mongoose would otherwise build them again per model.
		autoIndex: false,
		// Fail fast when the database is gone instead of queueing requests for 10 s.
		bufferCommands: false,
		// When the network goes silent (a partition, not a refused connection), a query
		// would otherwise wait for its answer forever (socket) or 30 s (a new connection's
		// handshake), and so would the request behind it. No query of this app comes near
		// these bounds; they end the wait, and the request gets the 503 page.
		socketTimeoutMS: 10_000,
		connectTimeoutMS: 5_000,
		// Plain polled heartbeats: the CongoDB emulator breaks the streaming ones
		// ("Server ended moreToCome unexpectedly"), and the driver then clears the
		// pool, failing whatever queries were in flight. Real MongoDB is fine either way.
		serverMonitoringMode: 'poll',
		// Each command's start and end, for the Server-Timing header's database time (timeDatabaseCommands).
		monitorCommands: true,
	})
	timeDatabaseCommands()
	await syncIndexes()
}

/**
 * Adds every command's time to the request that sent it (the Server-Timing
 * header, docs/decisions/082). A command starts in its caller's async
 * context; its end is matched to that start by connection and request id.
 */
function timeDatabaseCommands() {
	const client = mongoose.connection.getClient()
	const pending = new Map<string, RequestContext>()
	const keyOf = (event: { connectionId?: string | number; requestId: number }) =>
		`${event.connectionId}:${event.requestId}`
	client.on('commandStarted', (event) => {
		const context = currentRequestContext()
		if (!context) return
		pending.set(keyOf(event), context)
		databaseCommandStarted(context)
	})
	const ended = (event: { connectionId?: string | number; requestId: number }) => {
		const key = keyOf(event)
		const context = pending.get(key)
		if (!context) return
		pending.delete(key)
		databaseCommandEnded(context)
	}
	client.on('commandSucceeded', ended)
	client.on('commandFailed', ended)
}

export async function syncIndexes(): Promise<void> {
	// Import all models so each one is registered before its indexes are built.
	await import('#models/index')
	await Promise.all(Object.values(mongoose.connection.models).map((model) => model.createIndexes()))
}

export async function disconnectDatabase(): Promise<void> {
	await mongoose.disconnect()
}

/** Errors that mean the database could not be reached, not that a query was wrong. */
const OUTAGE_ERROR_NAMES = new Set([
	'MongoNetworkError',
	'MongoNetworkTimeoutError',
	'MongoPoolClearedError',
	'MongoServerSelectionError',
	'MongooseServerSelectionError',
	'MongoTopologyClosedError',
	'MongoNotConnectedError',
])

/**
 * True when `error` (or what caused it) is the database being out of reach.
 * A request that failed that way gets the readable 503 even if the database is
 * back by the time its answer is sent: the outage, not the app, was the cause.
 */
export function isDatabaseOutageError(error: unknown): boolean {
	for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
		if (OUTAGE_ERROR_NAMES.has(cause.name)) return true
	}
	return false
}

/** True when the database answers a ping within `timeoutMs`. */
export async function isDatabaseReachable(timeoutMs = 1_000): Promise<boolean> {
	const db = mongoose.connection.db
	// A ping, not `readyState`: the CongoDB emulator fails the driver's
	// heartbeats, so readyState flaps to "disconnected" while queries work.
	if (!db) return false
	let timer: NodeJS.Timeout | undefined
	try {
		const ping = db
			.admin()
			.ping()
			.then(() => true)
		const timeout = new Promise<boolean>((resolve) => {
			timer = setTimeout(() => resolve(false), timeoutMs)
		})
		return await Promise.race([ping, timeout])
	} catch {
		return false
	} finally {
		clearTimeout(timer)
	}
}

/**
 * Watches the database with a ping every `intervalMs`, so requests can be
 * answered 503 at once while it is gone instead of each one failing slowly.
 */
export function startDatabaseMonitor(intervalMs = 2_000) {
	const state = getMonitorState()
	let timer: NodeJS.Timeout | undefined
	let stopped = false
	const check = async () => {
		const reachable = await isDatabaseReachable(intervalMs)
		// One slow ping is not an outage: on a machine whose CPU is saturated (a load spike, a
		// busy neighbour) the embedded database's answer can miss the deadline once. Two misses
		// in a row are; a request that failed meanwhile settles it at once (recheck).
		state.missedPings = reachable ? 0 : state.missedPings + 1
		if (reachable || state.missedPings >= MISSED_PINGS_FOR_OUTAGE) noteReachability(reachable)
		if (!stopped) timer = setTimeout(check, intervalMs).unref()
	}
	void check()
	return {
		isAvailable: () => state.available,
		/**
		 * Calls `listener` each time an outage begins (the monitor's pings, or a request's recheck, find the
		 * database gone); answers the function that stops it.
		 */
		onOutage(listener: () => void): () => void {
			state.outageListeners.add(listener)
			return () => state.outageListeners.delete(listener)
		},
		/** How many times the database has gone away so far: a request that overlapped an outage sees it change. */
		outages: () => state.outages,
		/** Checks again now (after a request failed), and remembers the answer. */
		recheck: recheckDatabase,
		stop: () => {
			stopped = true
			clearTimeout(timer)
		},
	}
}

/**
 * One request's watch on the database, made when the request reaches the app
 * (docs/decisions/096): was its failure the database's doing? Yes when it met
 * an outage error, when an outage began while it ran, or when the database
 * does not answer now (checked again, and remembered for the requests after
 * it), even if the database is back by the time it answers.
 */
export type RequestFailureWatch = ReturnType<typeof watchRequestFailure>

export function watchRequestFailure() {
	const outagesBefore = getMonitorState().outages
	let outageMet = false
	return {
		/** Notes an error the request met; true when it is the database being out of reach. */
		noteError(error: unknown): boolean {
			const outage = isDatabaseOutageError(error)
			if (outage) outageMet = true
			return outage
		},
		async causedByDatabase(): Promise<boolean> {
			return outageMet || getMonitorState().outages !== outagesBefore || !(await recheckDatabase())
		},
	}
}

/** Consecutive unanswered pings of the monitor that mean the database is gone. */
const MISSED_PINGS_FOR_OUTAGE = 2

const getMonitorState = () =>
	singleton('database-monitor', () => ({
		available: true,
		outages: 0,
		missedPings: 0,
		outageListeners: new Set<() => void>(),
	}))

function noteReachability(reachable: boolean): boolean {
	const state = getMonitorState()
	const began = state.available && !reachable
	if (began) state.outages++
	state.available = reachable
	if (began) for (const listener of state.outageListeners) listener()
	return reachable
}

/** After a failed request: if the database is the reason, later requests get the 503 page at once. */
async function recheckDatabase(): Promise<boolean> {
	return noteReachability(await isDatabaseReachable())
}
