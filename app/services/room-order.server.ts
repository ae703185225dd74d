import { Mutex, TimeoutError } from 'redis-semaphore'
import { createOrderedTasks } from '~/lib/ordered-tasks.server'
import { ServiceError } from '~/lib/service-error'
import { singleton } from '~/lib/singleton.server'
import { getRedis } from './redis.server'

/**
 * One chat room (or private conversation) is written by one writer at a
 * time, so its messages are numbered, stored and delivered in one order
 * (docs/decisions/020, and 142 for several processes).
 *
 * In one process, an in-memory queue per room does it. With several
 * processes on Redis, each task also holds the room's lock in Redis
 * (redis-semaphore's Mutex) while it runs: the next writer, in whatever
 * process, starts only after the previous one has stored its message and
 * handed it to the Socket.IO adapter. The lock is released through the same
 * Redis connection the adapter publishes on, so Redis has the message in
 * its stream before anyone can take the lock again. The local queue stays
 * in front of the lock, so one process's writers of a room wait in line
 * here instead of polling Redis.
 */

/** The lock outlives a process that died holding it by this much at most; a live holder renews it while it works. */
const LOCK_TTL_MS = 5_000
/** A writer gives up after this long: the sender hears "try again" well before the browser's 10 s send timeout. */
const LOCK_WAIT_MS = 7_000
/** How often a waiting writer asks again; one room's waiters are at most one per process (the local queue). */
const LOCK_RETRY_MS = 5

export const ROOM_BUSY = 'Failed to send message. Please try again later.'

const localOrder = singleton('chat-room-order', () => createOrderedTasks())

/** Runs `task` as the room's only writer, after every task handed in before it here and, with Redis, in every other process. */
export function runInRoomOrder<Result>(roomKey: string, task: () => Promise<Result>): Promise<Result> {
	return localOrder(roomKey, async () => {
		const redis = getRedis()
		if (!redis) return task()
		const lock = new Mutex(redis, `chat-room:${roomKey}`, {
			lockTimeout: LOCK_TTL_MS,
			acquireTimeout: LOCK_WAIT_MS,
			retryInterval: LOCK_RETRY_MS,
			onLockLost: (error) => console.error(`Chat room ${roomKey}: its lock lapsed while a message was being stored (${error.message})`),
		})
		try {
			await lock.acquire()
		} catch (error) {
			if (error instanceof TimeoutError) throw new ServiceError(ROOM_BUSY, 503)
			throw error
		}
		try {
			return await task()
		} finally {
			// A failed release (Redis gone) leaves the lock to lapse by itself within LOCK_TTL_MS.
			await lock.release().catch((error: Error) => console.error(`Chat room ${roomKey}: could not release its lock (${error.message})`))
		}
	})
}

/** Whether rooms are shared with other processes: then every message id is drawn from the counter as it is written (decision 142). */
export function roomsAreShared(): boolean {
	return getRedis() !== null
}
