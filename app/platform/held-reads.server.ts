import { VERSION_STAMP_KEYS, readVersionStamps, type VersionStampKey } from '#models/index'
import { sharedInRequest } from '~/platform/request-context.server'
import { singleton } from '~/platform/singleton.server'

/**
 * Reads that every visit repeats and that change far less often than they
 * are made, held by this process between visits under the version of the
 * data they were read from (docs/decisions/089):
 * - each room's newest page of messages, with its senders' names, under the
 *   room's `historyVersion` (models/community.ts), which any write to the
 *   room's messages or to a member's name replaces (models/message.ts,
 *   models/user.ts);
 * - the first pages of each community's member list, and its member count,
 *   under the `people` stamp (models/version-stamp.ts), which a new account,
 *   a deleted one, a membership or a change of what members see of an
 *   account replaces (models/user.ts; decisions 161, 226);
 * - the dashboard's Community Activity of each set of communities, under
 *   those rooms' ids, names, history and discussion versions
 *   (dashboard.server.ts; decision 165);
 * - the upcoming events of the dashboard and of /events' pages (how many,
 *   each window, who is going),
 *   under the `events` and `people` stamps, and read again once the soonest
 *   has started (events.server.ts; decision 199);
 * - the library's videos as the dashboard shows them (id, title, category,
 *   picture), for "videos watched" (how many there are, which still exist)
 *   and Continue Learning, under the `catalogue` stamp, which any write to a
 *   video renews (progress.server.ts; decisions 225, 235);
 * - every program and its lessons' videos, for the dashboard's "Your
 *   programs", under the same stamp, which any write to a program renews
 *   too (programs.server.ts; decision 231);
 * - each member's layout (the bell, their communities), whom they blocked
 *   and their mute, under the account's `layoutVersion`, which a write to
 *   any of these renews (models/layout-version.ts; decisions 193, 250).
 * The version lives in the database and is read with each visit, so a change
 * made by any process is seen by the next read everywhere.
 */

/** A read is made again after a minute even when no write said so: the bound on staleness if a version could not be renewed. */
export const HELD_READ_MAX_AGE_MS = 60_000
/** At most this many reads per process (the least recently used leaves first). */
export const HELD_READ_MAX_KEYS = 1_000

interface Entry {
	version: string
	value: Promise<unknown>
	readAt: number
}

const held = singleton('held-reads', () => new Map<string, Entry>())

/**
 * What `read()` answers for `key` under `version`: the answer this process
 * holds, or a new read, held for the next visit. Visits that arrive while it
 * is being read wait for that one read. The answer is shared: callers never
 * change it.
 */
export function heldRead<Value>(key: string, version: string, read: () => Promise<Value>): Promise<Value> {
	const entry = held.get(key)
	if (entry && entry.version === version && Date.now() - entry.readAt < HELD_READ_MAX_AGE_MS) {
		// Most recently used last: the first key is the one to drop when full.
		held.delete(key)
		held.set(key, entry)
		return entry.value as Promise<Value>
	}
	const fresh: Entry = { version, value: read(), readAt: Date.now() }
	held.delete(key)
	held.set(key, fresh)
	if (held.size > HELD_READ_MAX_KEYS) held.delete(held.keys().next().value!)
	// A failed read is not kept: the next visit reads again (the caller gets the failure).
	fresh.value.catch(() => {
		if (held.get(key) === fresh) held.delete(key)
	})
	return fresh.value as Promise<Value>
}

/**
 * The version of a read made from these stamps: their values now, joined.
 * A page's held reads may ask for several stamps between them (the
 * dashboard: events, people, catalogue); a GET reads every stamp in its
 * first ask, one query, and the others share it (decision 225).
 */
export async function currentStamps(keys: readonly VersionStampKey[]): Promise<string> {
	const values = await sharedInRequest('version-stamps', () => readVersionStamps(VERSION_STAMP_KEYS))
	return keys.map((key) => values.get(key)!).join(':')
}
