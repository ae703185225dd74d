import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { getRedis } from '~/platform/redis.server'

/**
 * Rate limits, on rate-limiter-flexible (docs/decisions/135-rate-limiting-library.md).
 *
 *     const sendLimiter = createRateLimiter({ name: 'chat-send', limit: 10, windowMs: 10_000 })
 *     const { allowed, retryAfterMs } = await sendLimiter.consume(user.id)
 *
 * Each key may be consumed `limit` times in a window of `windowMs` that
 * starts with its first hit (the library's fixed window). With REDIS_URL
 * the counts live in Redis, so every app process counts against the same
 * number per key (docs/decisions/141); without it, in this process's memory.
 * `createStore` is the one place where the store is chosen.
 */

export interface RateLimitDecision {
	/** Whether this hit is within the limit (and was counted). */
	allowed: boolean
	/** When refused: how long until the key's window ends and hits are allowed again. 0 when allowed. */
	retryAfterMs: number
}

export interface RateLimiter {
	/** Counts one hit for `key` (a user id, an IP address, …) and says whether it is allowed. */
	consume(key: string | number): Promise<RateLimitDecision>
	/** Gives back hits counted in the key's window (an attempt that turned out not to count, such as a right password). */
	refund(key: string | number, hits?: number): Promise<void>
	/** Forgets the key's count altogether. */
	reset(key: string | number): Promise<void>
}

export interface RateLimitOptions {
	/** Names the limit; a shared store keeps the counts of different limits apart by it. */
	name: string
	/** Hits allowed per key in one window. */
	limit: number
	/** The window, in milliseconds: a whole number of seconds (what the stores count in). */
	windowMs: number
}

interface StoreOptions {
	keyPrefix: string
	points: number
	duration: number
}

/**
 * The one place the store is chosen (docs/decisions/141). With Redis
 * connected, one count per key for every process: the library's store
 * counts with one atomic script. While Redis is unreachable it answers at
 * once from this process's own counts (the library's insurance limiter)
 * instead of failing logins and chat, so during an outage each process
 * allows the limit on its own. Without Redis, memory.
 */
function createStore(options: StoreOptions): RateLimiterAbstract {
	const redis = getRedis()
	if (!redis) return new RateLimiterMemory(options)
	return new RateLimiterRedis({
		...options,
		storeClient: redis,
		rejectIfRedisNotReady: true,
		insuranceLimiter: new RateLimiterMemory(options),
	})
}

export function createRateLimiter({ name, limit, windowMs }: RateLimitOptions): RateLimiter {
	if (!Number.isInteger(limit) || limit < 1)
		throw new Error(`Rate limit ${name}: limit must be a positive whole number`)
	if (!Number.isInteger(windowMs / 1000) || windowMs < 1000)
		throw new Error(`Rate limit ${name}: windowMs must be a whole number of seconds`)
	// Chosen on first use, not here: limiters are made when their modules load, before server.ts has connected Redis.
	let chosen: RateLimiterAbstract | undefined
	const store = () =>
		(chosen ??= createStore({ keyPrefix: `rate-limit:${name}`, points: limit, duration: windowMs / 1000 }))
	return {
		async consume(key) {
			try {
				await store().consume(String(key))
				return { allowed: true, retryAfterMs: 0 }
			} catch (rejection) {
				// The library rejects with a RateLimiterRes when the key is over its limit; anything else is a store failure.
				if (rejection instanceof RateLimiterRes)
					return { allowed: false, retryAfterMs: Math.max(0, rejection.msBeforeNext) }
				throw rejection
			}
		},
		async refund(key, hits = 1) {
			await store().reward(String(key), hits)
		},
		async reset(key) {
			await store().delete(String(key))
		},
	}
}
