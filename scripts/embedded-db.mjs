#!/usr/bin/env node
/**
 * The embedded default database, in its own process so its work never blocks
 * the web server's event loop. Prints one JSON line {"uri", "kind"} when ready
 * and runs until its parent goes away.
 *
 * Order (docs/architecture.md "Database"): a real mongod through
 * mongodb-memory-server (downloads mongod on first use; data in .data/mongod),
 * else the in-process CongoDB emulator (memory only). EMBEDDED_DB=mongod or
 * EMBEDDED_DB=congodb forces one.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const forced = process.env.EMBEDDED_DB
const dataDir = process.env.EMBEDDED_DB_DIR
const MONGOD_START_TIMEOUT_MS = 120_000

function freePort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address()
			server.close(() => resolve(port))
		})
	})
}

/** Runs `task` with the console quiet: a failed mongod download is one line, not three stack traces. */
async function quietly(task) {
	const saved = { log: console.log, warn: console.warn, error: console.error }
	console.log = console.warn = console.error = () => {}
	try {
		return await task()
	} finally {
		Object.assign(console, saved)
	}
}

async function startMongod() {
	const { MongoMemoryServer } = await quietly(() => import('mongodb-memory-server'))
	const instance = {}
	if (dataDir) {
		fs.mkdirSync(dataDir, { recursive: true })
		Object.assign(instance, { dbPath: path.resolve(dataDir), storageEngine: 'wiredTiger' })
	}
	let timer
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error('mongod did not start in time')), MONGOD_START_TIMEOUT_MS)
	})
	const server = await quietly(() => Promise.race([MongoMemoryServer.create({ instance }), timeout]))
	clearTimeout(timer)
	return { uri: server.getUri().replace(/\/$/, ''), kind: 'mongod (mongodb-memory-server)', stop: () => server.stop() }
}

/** The emulator's packages leave debugging lines such as `__# debug: called svDb() on ...` in their code. */
const EMULATOR_DEBUG_LINE = /^__# debug:/

async function startCongo() {
	// Our stdout carries one JSON line only: whatever the emulator logs goes to
	// stderr, without its leftover debugging lines, for as long as it runs.
	console.log = (...args) => {
		const text = args.join(' ')
		if (!EMULATOR_DEBUG_LINE.test(text)) process.stderr.write(text + '\n')
	}
	const { congodb } = await import('@push.rocks/smartmongo')
	const port = await freePort()
	const server = new congodb.CongoServer({ port, host: '127.0.0.1' })
	await server.start()
	return { uri: `mongodb://127.0.0.1:${port}`, kind: 'CongoDB emulator (in memory)', stop: () => server.stop() }
}

async function start() {
	if (forced === 'congodb') return startCongo()
	try {
		return await startMongod()
	} catch (error) {
		if (forced === 'mongod') throw error
		// Expected on machines that cannot download mongod: information, not an error. The
		// downloader's own words ("Download failed …, Details:") are for whoever debugs it.
		process.stderr.write(
			'[embedded-db] Using the built-in database (an in-memory MongoDB emulator): no MongoDB server ' +
				'could be downloaded on this machine. Data lasts until the app stops; set MONGODB_URI for a real MongoDB.\n',
		)
		if (process.env.DEBUG_EMBEDDED_DB) process.stderr.write(`[embedded-db] ${error.stack ?? error.message}\n`)
		return startCongo()
	}
}

const database = await start()
process.stdout.write(JSON.stringify({ uri: database.uri, kind: database.kind }) + '\n')

async function shutdown() {
	try {
		await database.stop()
	} finally {
		process.exit(0)
	}
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
// The parent holds our stdin open; when it dies, so do we.
process.stdin.on('end', shutdown)
process.stdin.on('close', shutdown)
process.stdin.resume()
