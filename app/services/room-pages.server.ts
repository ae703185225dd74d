import { type MessageJSON } from '#models/index'
import { singleton } from '~/lib/singleton.server'

/**
 * Each room's newest page of messages, as this process last read it, under
 * the room's history version (docs/decisions/089). Every visit to a room and
 * every client joining it reads that page; the messages change far less often
 * than it is read. Any write to a room's messages gives the room a new
 * version (models/message.ts), so a page is only served while the version it
 * was read under is still the room's: a change made by any process is seen by
 * the next read everywhere.
 *
 * The page holds its senders' names too: a write that can change or remove
 * a member's name gives every room a new version (models/user.ts).
 */
export interface RoomPage {
	/** Oldest first, with their senders' names. */
	messages: MessageJSON[]
	hasMore: boolean
	changeCursor: number
}

/** A page is read again after a minute even when no write said so: the bound on staleness if a version could not be written. */
export const ROOM_PAGE_MAX_AGE_MS = 60_000
/** At most this many rooms' pages per process (the least recently read leaves first): about 50 messages each. */
export const ROOM_PAGE_MAX_ROOMS = 1_000

interface Entry {
	version: string
	page: Promise<RoomPage>
	readAt: number
}

const pages = singleton('newest-room-pages', () => new Map<number, Entry>())

/**
 * The room's newest page under `version`: the one this process holds, or
 * `read()`'s, kept for the next visit. Visits that arrive while it is being
 * read wait for that one read.
 */
export function newestRoomPage(roomId: number, version: string, read: () => Promise<RoomPage>): Promise<RoomPage> {
	const held = pages.get(roomId)
	if (held && held.version === version && Date.now() - held.readAt < ROOM_PAGE_MAX_AGE_MS) {
		// Most recently read last: the first key is the one to drop when full.
		pages.delete(roomId)
		pages.set(roomId, held)
		return held.page
	}
	const entry: Entry = { version, page: read(), readAt: Date.now() }
	pages.delete(roomId)
	pages.set(roomId, entry)
	if (pages.size > ROOM_PAGE_MAX_ROOMS) pages.delete(pages.keys().next().value!)
	// A failed read is not kept: the next visit reads again (the caller gets the failure).
	entry.page.catch(() => {
		if (pages.get(roomId) === entry) pages.delete(roomId)
	})
	return entry.page
}

/** How many rooms' pages this process holds (tests and the bench). */
export function heldRoomPages(): number {
	return pages.size
}
