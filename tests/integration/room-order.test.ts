import { Redis } from 'ioredis'
import { Mutex } from 'redis-semaphore'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServiceError } from '~/lib/service-error'
import { connectRedis, disconnectRedis } from '~/platform/redis.server'
import { ROOM_BUSY, runInRoomOrder } from '~/platform/room-order.server'
import { redisUnavailableReason, startRedisServer, type RedisServer } from '../setup/redis-server'

/**
 * A room's writers with several processes (docs/decisions/145): this test
 * process is one app process on a real Redis; the "other process" is a
 * second connection that takes the room's lock as another process's writer
 * would.
 */

const skipReason = redisUnavailableReason()
if (skipReason) console.log(`[room-order] skipped: ${skipReason}`)

describe.skipIf(skipReason !== null)('writing a chat room while other processes write it too', () => {
	let redis: RedisServer | undefined
	let otherProcess: Redis | undefined

	beforeAll(async () => {
		redis = await startRedisServer()
		await connectRedis(redis.url)
		otherProcess = new Redis(redis.url)
	}, 30_000)

	afterAll(async () => {
		otherProcess?.disconnect()
		await disconnectRedis()
		await redis?.stop()
	})

	/** Another process holds the room for `ms`, as its writer would while storing a message. */
	async function otherProcessHolds(roomKey: string, ms: number): Promise<void> {
		const lock = new Mutex(otherProcess!, `chat-room:${roomKey}`, { lockTimeout: 10_000 })
		await lock.acquire()
		setTimeout(() => void lock.release(), ms)
	}

	it('messages wait while another process writes the room, then are written in the order they were sent', async () => {
		await otherProcessHolds('community:1', 300)
		const written: number[] = []
		const sends = [1, 2, 3, 4, 5].map((n) => runInRoomOrder('community:1', async () => written.push(n)))
		await Promise.all(sends)
		expect(written).toEqual([1, 2, 3, 4, 5])
	})

	it('a busy process lets the others have their turn', async () => {
		// This process has a long queue for the room; the other process wants the room once, in the middle of it.
		const written: string[] = []
		const mine = Array.from({ length: 60 }, (_, n) =>
			runInRoomOrder('community:2', async () => {
				written.push(`here ${n}`)
				await new Promise((resolve) => setTimeout(resolve, 2))
			}),
		)
		await new Promise((resolve) => setTimeout(resolve, 20))
		const lock = new Mutex(otherProcess!, `chat-room:community:2`, {
			lockTimeout: 10_000,
			acquireTimeout: 5_000,
			retryInterval: 5,
		})
		await lock.acquire()
		written.push('other process')
		await lock.release()
		await Promise.all(mine)
		// The other process got the room within this one's next two turns (of 16 messages at most), not after its whole queue.
		expect(written.indexOf('other process')).toBeLessThanOrEqual(32)
		expect(written.filter((entry) => entry !== 'other process')).toEqual(
			Array.from({ length: 60 }, (_, n) => `here ${n}`),
		)
	})

	it('a message that cannot be written within 7 s is refused and never stored late', { timeout: 20_000 }, async () => {
		await otherProcessHolds('community:3', 8_000)
		let stored = false
		const send = runInRoomOrder('community:3', async () => {
			stored = true
		})
		await expect(send).rejects.toThrow(ServiceError)
		await expect(send).rejects.toThrow(ROOM_BUSY)
		// The room is free again a moment later: the refused message was not written then either.
		await new Promise((resolve) => setTimeout(resolve, 1_500))
		expect(stored).toBe(false)
	})
})
