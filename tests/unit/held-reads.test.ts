import { afterEach, describe, expect, it, vi } from 'vitest'
import { HELD_READ_MAX_AGE_MS, HELD_READ_MAX_KEYS, heldRead } from '~/platform/held-reads.server'

/** A reader that counts its reads and answers a page naming the read. */
function counter() {
	let reads = 0
	const read = () => Promise.resolve({ changeCursor: ++reads })
	return { read, reads: () => reads }
}

// Each test uses keys of its own: the reads are held per process.
let nextKey = 1_000
const aRoom = () => `room:${nextKey++}`

afterEach(() => vi.useRealTimers())

describe('a read held per process under a version', () => {
	it('is read once while the room keeps its version, and again as soon as the version changes', async () => {
		const room = aRoom()
		const { read, reads } = counter()
		expect((await heldRead(room, 'v1', read)).changeCursor).toBe(1)
		expect((await heldRead(room, 'v1', read)).changeCursor).toBe(1)
		expect(reads()).toBe(1)
		expect((await heldRead(room, 'v2', read)).changeCursor).toBe(2)
		expect(reads()).toBe(2)
	})

	it('is read once for visits that arrive while it is being read', async () => {
		const room = aRoom()
		const { read, reads } = counter()
		const pages = await Promise.all([1, 2, 3].map(() => heldRead(room, 'v1', read)))
		expect(pages.map((page) => page.changeCursor)).toEqual([1, 1, 1])
		expect(reads()).toBe(1)
	})

	it('is read again after a minute even when the version did not change', async () => {
		vi.useFakeTimers()
		const room = aRoom()
		const { read, reads } = counter()
		await heldRead(room, 'v1', read)
		vi.advanceTimersByTime(HELD_READ_MAX_AGE_MS - 1)
		await heldRead(room, 'v1', read)
		expect(reads()).toBe(1)
		vi.advanceTimersByTime(1)
		await heldRead(room, 'v1', read)
		expect(reads()).toBe(2)
	})

	it('keeps no failed read: the next visit reads again', async () => {
		const room = aRoom()
		await expect(heldRead(room, 'v1', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
			'database gone',
		)
		const { read, reads } = counter()
		await heldRead(room, 'v1', read)
		expect(reads()).toBe(1)
	})

	it('holds at most its number of rooms, letting the least recently read go first', async () => {
		const first = aRoom()
		const { read, reads } = counter()
		await heldRead(first, 'v1', read)
		const kept = aRoom()
		await heldRead(kept, 'v1', read)
		// The first room is read again, so it is no longer the least recently read; `kept` is.
		await heldRead(first, 'v1', read)
		// Keys read before (other tests') are older still and go before `kept`; then `kept`, and no more.
		for (let n = 0; n < HELD_READ_MAX_KEYS - 1; n++) await heldRead(aRoom(), 'v1', read)
		const before = reads()
		await heldRead(first, 'v1', read)
		expect(reads()).toBe(before)
		await heldRead(kept, 'v1', read)
		expect(reads()).toBe(before + 1)
	})
})
