import { Redis } from 'ioredis'
import { singleton } from '~/platform/singleton.server'

/**
 * Redis, the broker that several app processes share
 * (docs/decisions/140-several-processes-on-redis.md). With REDIS_URL set,
 * server/start.ts connects once at start-up, before it listens; the rate limits
 * (rate-limit.server.ts), the order of each chat room (room-order.server.ts)
 * and the Socket.IO adapter (realtime/socket.server.ts) then all use this one
 * client. Without REDIS_URL `getRedis()` is null and each of them keeps its
 * state in this process, as a single process always did.
 */

const shared = singleton('redis', () => ({ client: null as Redis | null }))

/** The connected client, or null when this process runs on its own (no REDIS_URL, or not connected yet: scripts, service tests). */
export function getRedis(): Redis | null {
	return shared.client
}

/**
 * Connects to Redis and keeps the client for the whole process. Rejects when
 * Redis does not answer at start-up (the server then stops with one line);
 * later outages are logged once each, and the client reconnects by itself.
 */
export async function connectRedis(url: string): Promise<Redis> {
	const client = new Redis(url, {
		lazyConnect: true,
		connectionName: 'leaderforge',
		// A command waits for at most two reconnection attempts (about 300 ms) and then fails:
		// a chat send is refused ("try again") instead of hanging, and the rate limits fall
		// back to this process's counts (rate-limit.server.ts).
		maxRetriesPerRequest: 2,
		retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
	})
	let outage = false
	client.on('error', (error: Error) => {
		if (outage || !shared.client) return
		outage = true
		console.error(`Redis at REDIS_URL is unreachable (${error.message}): reconnecting`)
	})
	client.on('ready', () => {
		if (!outage) return
		outage = false
		console.log('Redis answers again')
	})
	try {
		await client.connect()
		await client.ping()
	} catch (error) {
		client.disconnect()
		throw new Error(`Redis at REDIS_URL did not answer: ${error instanceof Error ? error.message : String(error)}`)
	}
	shared.client = client
	return client
}

/** Closes the connection at shutdown, after the socket server (whose adapter uses it) has closed. */
export async function disconnectRedis(): Promise<void> {
	const client = shared.client
	shared.client = null
	if (!client) return
	try {
		await client.quit()
	} catch {
		client.disconnect()
	}
}
