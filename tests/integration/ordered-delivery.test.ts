import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChatMessage } from '~/lib/chat'
import { ServerToClient } from '~/lib/live-events'
import {
	CHAT_STREAM,
	compareStreamIds,
	createOrderedDelivery,
	type OrderedDelivery,
} from '~/realtime/ordered-delivery.server'
import { type LiveServer } from '~/realtime/socket-data'
import { redisUnavailableReason, startRedisServer, type RedisServer } from '../setup/redis-server'
import { until } from '../setup/until'

/**
 * Chat deliveries with several processes (docs/decisions/145): two
 * "processes" (two deliveries, each on its own Redis connection, each with a
 * stand-in for its Socket.IO server that records what it would emit) write
 * to one real Redis at once. Each must hand its sockets everything in the
 * one order the stream holds, its own writes included: a process that gave
 * its own messages to its sockets at once would show them ahead of older
 * ones written elsewhere.
 */

const skipReason = redisUnavailableReason()
if (skipReason) console.log(`[ordered-delivery] skipped: ${skipReason}`)

type Emitted = { rooms: string[]; event: string; payload: { n: number } }

function standInServer() {
	const emitted: Emitted[] = []
	const io = {
		local: {
			to: (rooms: string[]) => ({
				emit: (event: string, payload: { n: number }) => emitted.push({ rooms, event, payload }),
			}),
		},
	}
	return { io: io as unknown as LiveServer, emitted }
}

/** A numbered stand-in for a chat message: the stream carries it as it would any message, and its number shows the order. */
const numbered = (n: number) => ({ n }) as unknown as ChatMessage

describe.skipIf(skipReason !== null)('chat deliveries through Redis, from two processes', () => {
	let redis: RedisServer | undefined
	const clients: Redis[] = []

	beforeAll(async () => {
		redis = await startRedisServer()
	}, 30_000)

	afterAll(async () => {
		for (const client of clients) client.disconnect()
		await redis?.stop()
	})

	async function process(): Promise<{ delivery: OrderedDelivery; emitted: Emitted[] }> {
		const client = new Redis(redis!.url)
		clients.push(client)
		const server = standInServer()
		const delivery = createOrderedDelivery(server.io, client)
		// Wait until its reader has started (it reads from the stream's end as it was at start-up).
		await client.ping()
		return { delivery, emitted: server.emitted }
	}

	it('every process delivers every message in the stream order, its own included', async () => {
		const [first, second] = [await process(), await process()]
		const COUNT = 200
		// Both write at once, as two processes whose members chat in one room do.
		for (let n = 0; n < COUNT; n++)
			(n % 2 === 0 ? first : second).delivery.deliver(['community:1'], ServerToClient.community_message, numbered(n))

		await until(
			() => first.emitted.length >= COUNT && second.emitted.length >= COUNT,
			'both processes delivered everything',
		)
		const inStream = (await clients[0]!.xrange(CHAT_STREAM, '-', '+')).map(
			([, fields]) => (JSON.parse(fields[1]!) as Emitted).payload.n,
		)
		expect(inStream).toHaveLength(COUNT)
		for (const { emitted } of [first, second]) {
			expect(emitted.map((entry) => entry.payload.n)).toEqual(inStream)
			expect(
				emitted.every((entry) => entry.event === ServerToClient.community_message && entry.rooms[0] === 'community:1'),
			).toBe(true)
		}
		await Promise.all([first.delivery.close(), second.delivery.close()])
	})

	it('a process that stops delivers what it wrote to its own sockets first', async () => {
		const { delivery, emitted } = await process()
		for (let n = 0; n < 20; n++) delivery.deliver(['inbox:7'], ServerToClient.private_message, numbered(n))
		await delivery.close({ withinMs: 5_000 })
		expect(emitted.map((entry) => entry.payload.n)).toEqual([...Array(20).keys()])
	})
})

describe('stream ids', () => {
	it('are ordered by time, then by sequence', () => {
		expect(compareStreamIds('1700000000000-5', '1700000000000-12')).toBeLessThan(0)
		expect(compareStreamIds('1700000000001-0', '1700000000000-99')).toBeGreaterThan(0)
		expect(compareStreamIds('5-1', '5-1')).toBe(0)
	})
})
