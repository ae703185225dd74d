import { afterEach, describe, expect, it, vi } from 'vitest'
import { ROOM_PAGE_MAX_AGE_MS, ROOM_PAGE_MAX_ROOMS, newestRoomPage, type RoomPage } from '~/services/room-pages.server'

/** A reader that counts its reads and answers a page naming the read. */
function counter() {
	let reads = 0
	const read = () => Promise.resolve({ messages: [], hasMore: false, changeCursor: ++reads } satisfies RoomPage)
	return { read, reads: () => reads }
}

// Each test uses rooms of its own: the pages are held per process.
let nextRoom = 1_000
const aRoom = () => nextRoom++

afterEach(() => vi.useRealTimers())

describe("a room's newest page, held per process", () => {
	it('is read once while the room keeps its version, and again as soon as the version changes', async () => {
		const room = aRoom()
		const { read, reads } = counter()
		expect((await newestRoomPage(room, 'v1', read)).changeCursor).toBe(1)
		expect((await newestRoomPage(room, 'v1', read)).changeCursor).toBe(1)
		expect(reads()).toBe(1)
		expect((await newestRoomPage(room, 'v2', read)).changeCursor).toBe(2)
		expect(reads()).toBe(2)
	})

	it('is read once for visits that arrive while it is being read', async () => {
		const room = aRoom()
		const { read, reads } = counter()
		const pages = await Promise.all([1, 2, 3].map(() => newestRoomPage(room, 'v1', read)))
		expect(pages.map((page) => page.changeCursor)).toEqual([1, 1, 1])
		expect(reads()).toBe(1)
	})

	it('is read again after a minute even when the version did not change', async () => {
		vi.useFakeTimers()
		const room = aRoom()
		const { read, reads } = counter()
		await newestRoomPage(room, 'v1', read)
		vi.advanceTimersByTime(ROOM_PAGE_MAX_AGE_MS - 1)
		await newestRoomPage(room, 'v1', read)
		expect(reads()).toBe(1)
		vi.advanceTimersByTime(1)
		await newestRoomPage(room, 'v1', read)
		expect(reads()).toBe(2)
	})

	it('keeps no failed read: the next visit reads again', async () => {
		const room = aRoom()
		await expect(newestRoomPage(room, 'v1', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone')
		const { read, reads } = counter()
		await newestRoomPage(room, 'v1', read)
		expect(reads()).toBe(1)
	})

	it('holds at most its number of rooms, letting the least recently read go first', async () => {
		const first = aRoom()
		const { read, reads } = counter()
		await newestRoomPage(first, 'v1', read)
		const kept = aRoom()
		await newestRoomPage(kept, 'v1', read)
		// The first room is read again, so it is no longer the least recently read; `kept` is.
		await newestRoomPage(first, 'v1', read)
		// Rooms read before (other tests') are older still and go before `kept`; then `kept`, and no more.
		for (let n = 0; n < ROOM_PAGE_MAX_ROOMS - 1; n++) await newestRoomPage(aRoom(), 'v1', read)
		const before = reads()
		await newestRoomPage(first, 'v1', read)
		expect(reads()).toBe(before)
		await newestRoomPage(kept, 'v1', read)
		expect(reads()).toBe(before + 1)
	})
})
