import mongoose from 'mongoose'
import { UserModel } from '#models/index'
import { singleton } from '~/platform/singleton.server'

/**
 * When members were last active (product §2 "Insights": a member is active
 * when they loaded a page, watched or posted). Every request of a logged-in
 * member, every progress report and every message passes through here, so it
 * must cost nothing most of the time: each process remembers when it last
 * wrote a member's time and writes again only after ACTIVITY_WRITE_INTERVAL_MS,
 * and the write itself is conditional, so several processes together still
 * write about once per interval (docs/decisions/116).
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60_000

/** The processes' memory of recent writes is trimmed when it holds this many members. */
const REMEMBERED_MEMBERS = 50_000

const lastWritten = singleton('activity-last-written', () => new Map<number, number>())

/** Notes that the member is active now. Never waits for the database and never fails the caller. */
export function noteActivity(userId: number, now = Date.now()): void {
	const previous = lastWritten.get(userId)
	if (previous !== undefined && now - previous < ACTIVITY_WRITE_INTERVAL_MS) return
	if (lastWritten.size >= REMEMBERED_MEMBERS) lastWritten.clear()
	lastWritten.set(userId, now)
	void recordActivity(userId, new Date(now)).catch((error: unknown) => {
		// The next request after the interval tries again; a lost activity time is not worth an error page.
		lastWritten.delete(userId)
		if (!(error instanceof mongoose.Error)) console.error('Could not record member activity:', (error as Error).message)
	})
}

async function recordActivity(userId: number, at: Date) {
	const staleBefore = new Date(at.getTime() - ACTIVITY_WRITE_INTERVAL_MS)
	await UserModel.updateOne(
		{ id: userId, $or: [{ lastActiveAt: null }, { lastActiveAt: mongoose.trusted({ $lt: staleBefore }) }] },
		{ $set: { lastActiveAt: at } },
	)
}
