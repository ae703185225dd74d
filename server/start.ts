import type http from 'node:http'
import { ConfigError, getConfig, type AppConfig } from '~/config.server'
import { seedDemoData } from '~/demo/data.server'
import { connectDatabase, startEmbeddedDatabase, type EmbeddedDatabase } from '~/platform/database.server'
import { connectRedis } from '~/platform/redis.server'
import { ensureConversationEntries } from '~/services/chat/private-inbox.server'

/**
 * What the server needs before it listens: a valid configuration, the
 * database (MongoDB at MONGODB_URI or the embedded one), the shared state on
 * Redis when there is one; and the listening itself.
 */

/** The configuration, or the process ends with the reason (an invalid or missing setting). */
export function loadConfig(): AppConfig {
	try {
		return getConfig()
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
}

/** Connects the database; the embedded one is started first and returned, so shutdown can stop it. */
export async function openDatabase(config: AppConfig): Promise<EmbeddedDatabase | null> {
	const embedded = await connectConfiguredDatabase(config)
	// A database from before conversation entries existed gets them once, before any page reads them (decision 087).
	const rebuilt = await ensureConversationEntries()
	if (rebuilt !== null) console.log(`Private messages without conversation entries: ${rebuilt} entries built from them`)
	return embedded
}

async function connectConfiguredDatabase(config: AppConfig): Promise<EmbeddedDatabase | null> {
	if (config.mongodbUri) {
		await connectDatabase(config.mongodbUri)
		console.log('Database: MongoDB at MONGODB_URI')
		return null
	}
	const embedded = await startEmbeddedDatabase({ dataDir: '.data/mongod' })
	await connectDatabase(`${embedded.uri}/leadership`)
	console.log(`Database: embedded default, ${embedded.kind} (set MONGODB_URI to use your own)`)
	// The embedded default is for trying the app: it fills itself with demo data when empty.
	const seeded = await seedDemoData({ onlyIfEmpty: true })
	if (seeded) console.log('Database was empty: demo data seeded')
	return embedded
}

/** With REDIS_URL, this process shares chat, room order and rate limits with the others on the same Redis (docs/decisions/140). */
export async function openSharedState(config: AppConfig): Promise<void> {
	if (!config.redisUrl) {
		console.log('Shared state: in this process (set REDIS_URL to run several processes)')
		return
	}
	await connectRedis(config.redisUrl)
	console.log('Shared state: Redis at REDIS_URL (several processes may serve this app)')
}

/**
 * An idle keep-alive connection is kept 65 s (docs/decisions/224), longer than what may sit in front of the app
 * keeps its own (a load balancer's 60 s, a proxy's pool, API clients reusing a connection after a pause). With
 * Node's 5 s the server could close a connection just as a client sent its next request on it, which the client
 * took as a reset connection. Headers must still arrive within a minute and a bit, as before.
 */
const IDLE_CONNECTION_MS = 65_000
function keepIdleConnectionsOpen(httpServer: http.Server) {
	httpServer.keepAliveTimeout = IDLE_CONNECTION_MS
	httpServer.headersTimeout = IDLE_CONNECTION_MS + 1_000
}

/** Listens on HOST:PORT (every interface unless HOST says otherwise; the demo: 127.0.0.1, this machine only) and says where. */
export async function listen(httpServer: http.Server, config: AppConfig): Promise<void> {
	keepIdleConnectionsOpen(httpServer)
	await new Promise<void>((resolve, reject) => {
		httpServer.once('error', reject)
		httpServer.listen(config.port, config.host, resolve)
	})
	const address = httpServer.address()
	const port = typeof address === 'object' && address ? address.port : config.port
	console.log(`Server listening on http://${displayHost(config.host)}:${port}`)
	// Without APP_ORIGIN the server answers only to this machine's names (docs/decisions/200): say so where it matters.
	if (config.isProduction && !config.demoMode && !config.appOrigin)
		console.log(
			'APP_ORIGIN is not set: only localhost, 127.0.0.1 and [::1] are answered (set it to the public address)',
		)
}

/** The host to print in the address: `localhost` when listening everywhere. */
function displayHost(host: string | undefined): string {
	if (!host || host === '0.0.0.0' || host === '::') return 'localhost'
	return host.includes(':') ? `[${host}]` : host
}
