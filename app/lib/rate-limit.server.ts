/**
 * An in-memory sliding-window limit: at most `limit` hits per key within
 * `windowMs`. Kept in the process (no database write per check), which fits
 * the single server process Socket.IO runs in (docs/decisions/022-chat-rate-limit.md).
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
	const hits = new Map<string | number, number[]>()
	let lastSweep = 0

	/** Forgets keys with no recent hit, so keys that never come back cost nothing. */
	function sweep(now: number) {
		if (now - lastSweep < windowMs) return
		lastSweep = now
		for (const [key, times] of hits) if (now - times[times.length - 1]! >= windowMs) hits.delete(key)
	}

	function recent(key: string | number, now: number): number[] {
		const kept = (hits.get(key) ?? []).filter((time) => now - time < windowMs)
		if (kept.length) hits.set(key, kept)
		else hits.delete(key)
		return kept
	}

	return {
		/** Counts a hit and returns true, or returns false (counting nothing) when the key is over its limit. */
		tryHit(key: string | number, now = Date.now()): boolean {
			sweep(now)
			const kept = recent(key, now)
			if (kept.length >= limit) return false
			kept.push(now)
			hits.set(key, kept)
			return true
		},
	}
}
