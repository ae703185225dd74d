import { setTimeout as sleep } from 'node:timers/promises'
import { type Redis } from 'ioredis'
import { Mutex, TimeoutError } from 'redis-semaphore'
import { reserveIds } from '#models/index'
import { createOrderedTasks } from '~/platform/ordered-tasks.server'
import { ServiceError } from '~/lib/service-error'
import { singleton } from '~/platform/singleton.server'
import { getRedis } from '~/platform/redis.server'

/**
 * One chat room (or private conversation) is written by one writer at a
 * time, so its messages are numbered, stored and delivered in one order
 * (docs/decisions/020, and 142 and 145 for several processes).
 *
 * In one process, an in-memory queue per room does it. With several
 * processes on Redis, a process writes a room only while it holds the room's
 * lock in Redis (redis-semaphore's Mutex): the next writer, in whatever
 * process, starts only after the previous one has stored its messages and
 * handed them to Redis for delivery. The lock is released through the same
 * Redis connection the deliveries went out on, so Redis has them before
 * anyone can take the lock again.
 *
 * Each process keeps one queue per room in front of the lock. Once it holds
 * the lock it writes what is waiting in its queue (a few at most), then lets
 * go and pauses a moment before it asks again, so that the other processes'
 * writers, who ask every few milliseconds, get their turn: a busy process
 * cannot keep a room to itself while another waits.
 *
 * Message ids are drawn here too, as each turn writes: a larger id is
 * always stored later in its room, so a reader holding id n already has
 * every smaller one (catching up "after n" loses nothing).
 */

/** The lock outlives a process that died holding it by this much at most; a live holder renews it while it works. */
const LOCK_TTL_MS = 5_000
/**
 * A message that could not be written within this long of its sending is refused ("try again"), never stored
 * late: the browser's send times out after 10 s, and a message stored after its sender saw it fail would be sent twice.
 */
const WRITE_WITHIN_MS = 7_000
/** How often a waiting process asks for the lock again. */
const LOCK_RETRY_MS = 5
/** A process writes at most this many of a room's messages per turn... */
const MESSAGES_PER_TURN = 16
/** ...and lets go of the lock for at least this long before its next turn, long enough for each waiting process to ask. */
const PAUSE_BETWEEN_TURNS_MS = 3 * LOCK_RETRY_MS

export const ROOM_BUSY = 'Failed to send message. Please try again later.'
/** One process alone reserves ids in blocks of this many (docs/decisions/020). */
const ID_BLOCK_SIZE = 100

/** What a writer may ask of its turn at the room. */
export interface RoomTurn {
	/** The id of the message being written: larger than every id written in the room before it. */
	nextMessageId(): Promise<number>
}

const localOrder = singleton('chat-room-order', () => createOrderedTasks())

interface Waiting {
	run: (turn: RoomTurn) => Promise<unknown>
	resolve: (value: unknown) => void
	reject: (error: unknown) => void
	since: number
}

/** Each room's writers waiting in this process, while this process writes the room or waits for its lock. */
const waitingByRoom = singleton('chat-room-waiting', () => new Map<string, Waiting[]>())

/** Runs `task` as the room's only writer, after every task handed in before it here and, with Redis, in every other process. */
export function runInRoomOrder<Result>(roomKey: string, task: (turn: RoomTurn) => Promise<Result>): Promise<Result> {
	const redis = getRedis()
	if (!redis) return localOrder(roomKey, () => task(processTurn))
	return new Promise<Result>((resolve, reject) => {
		const waiting = waitingByRoom.get(roomKey)
		const entry: Waiting = { run: task, resolve: resolve as (value: unknown) => void, reject, since: Date.now() }
		if (waiting) return void waiting.push(entry)
		waitingByRoom.set(roomKey, [entry])
		void writeInTurns(redis, roomKey)
	})
}

/** Takes the room's lock in turns until this process has nothing left to write to the room. */
async function writeInTurns(redis: Redis, roomKey: string) {
	const waiting = waitingByRoom.get(roomKey)!
	while (waiting.length > 0) {
		const lock = new Mutex(redis, `chat-room:${roomKey}`, {
			lockTimeout: LOCK_TTL_MS,
			acquireTimeout: Math.max(LOCK_RETRY_MS, WRITE_WITHIN_MS - (Date.now() - waiting[0]!.since)),
			retryInterval: LOCK_RETRY_MS,
			onLockLost: (error) =>
				console.error(`Chat room ${roomKey}: its lock lapsed while a message was being stored (${error.message})`),
		})
		let acquired = true
		try {
			await lock.acquire()
		} catch (error) {
			acquired = false
			if (!(error instanceof TimeoutError)) {
				// Redis does not answer: every sender here hears "try again" now rather than after a long wait.
				console.error(
					`Chat room ${roomKey}: could not take its lock (${error instanceof Error ? error.message : error})`,
				)
				for (const entry of waiting.splice(0)) entry.reject(new ServiceError(ROOM_BUSY, 503))
			}
		}
		if (acquired) {
			try {
				// This turn's writers, and as many ids for them, drawn now that the room is ours: above every id before.
				const writers = waiting.splice(0, MESSAGES_PER_TURN)
				const turn = turnOf(writers.length)
				for (const next of writers) {
					if (isOverdue(next)) next.reject(new ServiceError(ROOM_BUSY, 503))
					else await next.run(turn).then(next.resolve, next.reject)
				}
			} finally {
				// A failed release (Redis gone) leaves the lock to lapse by itself within LOCK_TTL_MS.
				await lock
					.release()
					.catch((error: Error) => console.error(`Chat room ${roomKey}: could not release its lock (${error.message})`))
			}
		} else {
			// The room stayed taken: what has waited too long is refused (judged once, so none is dropped unanswered), the rest tries again.
			const overdue = waiting.filter(isOverdue)
			for (const entry of overdue) entry.reject(new ServiceError(ROOM_BUSY, 503))
			waiting.splice(0, waiting.length, ...waiting.filter((entry) => !overdue.includes(entry)))
		}
		if (waiting.length > 0) await sleep(PAUSE_BETWEEN_TURNS_MS)
	}
	waitingByRoom.delete(roomKey)
}

/** Ids for one turn of `writers` writers: one counter update for all of them, made when the first asks. */
function turnOf(writers: number): RoomTurn {
	let ids: Promise<number[]> | null = null
	return {
		async nextMessageId() {
			ids ??= reserveIds('messages', writers)
			const reserved = await ids
			if (reserved.length > 0) return reserved.shift()!
			ids = reserveIds('messages', writers)
			return (await ids).shift()!
		},
	}
}

/**
 * One process alone: ids come from the `messages` counter in blocks, so
 * storing a message is one insert and nothing else; the next block is
 * reserved in the background before this one runs out. The room's queue
 * keeps the order.
 */
const processTurn: RoomTurn = singleton('message-id-blocks', () => {
	const ranges: Array<{ next: number; last: number }> = []
	let refilling: Promise<void> | null = null
	const remaining = () => ranges.reduce((sum, range) => sum + range.last - range.next + 1, 0)
	const refill = () =>
		(refilling ??= reserveIds('messages', ID_BLOCK_SIZE)
			.then((ids) => void ranges.push({ next: ids[0]!, last: ids[ids.length - 1]! }))
			.finally(() => {
				refilling = null
			}))
	return {
		async nextMessageId() {
			while (remaining() === 0) await refill()
			const range = ranges[0]!
			const id = range.next++
			if (range.next > range.last) ranges.shift()
			if (remaining() < ID_BLOCK_SIZE / 4) refill().catch(() => {}) // a failure here is retried by the next message
			return id
		},
	}
})

function isOverdue(entry: Waiting): boolean {
	return Date.now() - entry.since >= WRITE_WITHIN_MS
}
