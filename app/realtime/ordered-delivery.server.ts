import { setTimeout as sleep } from 'node:timers/promises'
import { type Redis } from 'ioredis'
import { type ChatMessage } from '~/lib/chat'
import { type ChatMessageEvent } from '~/lib/live-events'
import { type LiveServer } from '~/realtime/socket-data'

/**
 * Chat messages reach every socket in id order, in every process
 * (docs/decisions/145).
 *
 * Without Redis, one process numbers and delivers each room's messages one
 * after another, so an emit is enough. With several processes, the Socket.IO
 * adapter delivers a process's own broadcasts to its own sockets at once and
 * other processes' broadcasts when it next reads them from Redis: a socket
 * could receive id 7, written here, before id 6, written elsewhere a moment
 * earlier. A client that then dropped its connection would catch up "after 7"
 * and never see 6. So chat messages (and their edits and deletions) go through
 * a Redis stream of their own, written while the room's lock is held (the
 * stream's order is the rooms' id order), and every process, the writer
 * included, delivers them to its sockets in the order it reads them there.
 * Everything else (typing, notifications, counts) keeps using the adapter,
 * where order across processes does not matter.
 */

export const CHAT_STREAM = 'leaderforge:chat'
/** About this many deliveries are kept in the stream: a process that loses Redis for a moment reads on from where it was. */
const STREAM_MAX_LENGTH = 10_000
/** A read waits this long for new entries, then asks again (and notices that it was stopped). */
const READ_BLOCK_MS = 2_000
const READ_BATCH = 200
/** After a failed read (Redis gone), the next try waits this long; ioredis reconnects meanwhile. */
const RETRY_AFTER_FAILURE_MS = 250

export interface OrderedDelivery {
	/** Delivers `message` as `event` to the sockets in `rooms`, in every process, after everything delivered before it. */
	deliver(rooms: string[], event: ChatMessageEvent, message: ChatMessage): void
	/** Waits (at most `withinMs`) until this process has delivered to its own sockets what it wrote, then stops reading. */
	close(options?: { withinMs?: number }): Promise<void>
}

/** One delivery as the stream holds it (every process reads it, so its form stays as it is). */
type Entry = { rooms: string[]; event: ChatMessageEvent; payload: ChatMessage }

export function createOrderedDelivery(io: LiveServer, redis: Redis | null): OrderedDelivery {
	if (!redis) {
		return {
			deliver: (rooms, event, payload) => void io.to(rooms).emit(event, payload),
			close: async () => {},
		}
	}
	return streamDelivery(io, redis)
}

function streamDelivery(io: LiveServer, redis: Redis): OrderedDelivery {
	const reader = redis.duplicate({ connectionName: 'leaderforge-chat-reader' })
	// Read on the shared connection before anything is written to it from here: every entry this process writes
	// later comes after this offset, so the reader misses none of them.
	const startOffset = redis.xrevrange(CHAT_STREAM, '+', '-', 'COUNT', 1).then((entries) => entries[0]?.[0] ?? '0-0')
	let readOffset = '0-0'
	let lastWritten = '0-0'
	let stopped = false
	/** Writes sent and not yet answered: closing waits for them, and for the reader to reach the last of them. */
	const writing = new Set<Promise<void>>()

	const deliverLocally = ({ rooms, event, payload }: Entry) => void io.local.to(rooms).emit(event, payload)

	async function readLoop() {
		readOffset = await startOffset.catch(() => '$')
		while (!stopped) {
			try {
				const answer = await reader.xread(
					'COUNT',
					READ_BATCH,
					'BLOCK',
					READ_BLOCK_MS,
					'STREAMS',
					CHAT_STREAM,
					readOffset,
				)
				for (const [id, fields] of answer?.[0]?.[1] ?? []) {
					readOffset = id
					const entry = parseEntry(fields)
					if (entry) deliverLocally(entry)
				}
			} catch (error) {
				if (stopped) break
				console.error(
					`Chat: could not read ${CHAT_STREAM} from Redis (${error instanceof Error ? error.message : error}); trying again`,
				)
				await sleep(RETRY_AFTER_FAILURE_MS)
			}
		}
	}
	void readLoop()

	return {
		deliver(rooms, event, payload) {
			const entry: Entry = { rooms, event, payload }
			// Sent on the shared connection while the room's lock is held: Redis has it before the lock's release,
			// which follows on the same connection (room-order.server.ts).
			const written = redis
				.xadd(CHAT_STREAM, 'MAXLEN', '~', STREAM_MAX_LENGTH, '*', 'entry', JSON.stringify(entry))
				.then((id) => {
					if (id && compareStreamIds(id, lastWritten) > 0) lastWritten = id
				})
				.catch((error: Error) => {
					// Stored but not shared: this process's own readers still get it; the others' catch up when they reload.
					console.error(`Chat: could not hand a message to Redis (${error.message}); delivered on this process only`)
					deliverLocally(entry)
				})
				.finally(() => writing.delete(written))
			writing.add(written)
		},
		async close({ withinMs = 2_000 } = {}) {
			const deadline = Date.now() + withinMs
			// What this process handed to Redis reaches its own sockets before they close.
			while ((writing.size > 0 || compareStreamIds(readOffset, lastWritten) < 0) && Date.now() < deadline)
				await sleep(10)
			stopped = true
			reader.disconnect()
		},
	}
}

function parseEntry(fields: string[]): Entry | null {
	const at = fields.indexOf('entry')
	const raw = at === -1 ? undefined : fields[at + 1]
	if (!raw) return null
	try {
		const entry = JSON.parse(raw) as Entry
		return Array.isArray(entry.rooms) && typeof entry.event === 'string' ? entry : null
	} catch {
		return null
	}
}

/** Orders two Redis stream ids ("milliseconds-sequence"). */
export function compareStreamIds(a: string, b: string): number {
	const [aTime = 0, aSequence = 0] = a.split('-').map(Number)
	const [bTime = 0, bSequence = 0] = b.split('-').map(Number)
	return aTime - bTime || aSequence - bSequence
}
