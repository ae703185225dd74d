import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRateLimiter } from '~/platform/rate-limit.server'

describe('createRateLimiter', () => {
	afterEach(() => {
		vi.useRealTimers()
	})

	it('allows `limit` hits per key in a window, says how long to wait, and allows again when the window is over', async () => {
		vi.useFakeTimers({ now: 0 })
		const limiter = createRateLimiter({ name: 'unit-test', limit: 3, windowMs: 1000 })
		const decisions = []
		for (let hit = 0; hit < 4; hit++) decisions.push(await limiter.consume('alice'))
		expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false])
		expect(decisions[0]!.retryAfterMs).toBe(0)
		expect(decisions[3]!.retryAfterMs).toBe(1000)
		// Another key has a count of its own.
		expect(await limiter.consume('bob')).toEqual({ allowed: true, retryAfterMs: 0 })

		vi.advanceTimersByTime(999)
		expect(await limiter.consume('alice')).toEqual({ allowed: false, retryAfterMs: 1 })
		vi.advanceTimersByTime(1)
		expect(await limiter.consume('alice')).toEqual({ allowed: true, retryAfterMs: 0 })
	})

	it('keeps limits of different names apart, even for the same key', async () => {
		const sends = createRateLimiter({ name: 'unit-sends', limit: 1, windowMs: 10_000 })
		const typing = createRateLimiter({ name: 'unit-typing', limit: 1, windowMs: 10_000 })
		expect((await sends.consume(7)).allowed).toBe(true)
		expect((await sends.consume(7)).allowed).toBe(false)
		expect((await typing.consume(7)).allowed).toBe(true)
	})

	it('gives hits back and forgets a key on request', async () => {
		const limiter = createRateLimiter({ name: 'unit-refund', limit: 2, windowMs: 10_000 })
		expect((await limiter.consume('carol')).allowed).toBe(true)
		expect((await limiter.consume('carol')).allowed).toBe(true)
		await limiter.refund('carol')
		expect((await limiter.consume('carol')).allowed).toBe(true)
		expect((await limiter.consume('carol')).allowed).toBe(false)
		await limiter.reset('carol')
		expect((await limiter.consume('carol')).allowed).toBe(true)
	})

	it('refuses a window the stores cannot count (not whole seconds)', () => {
		expect(() => createRateLimiter({ name: 'unit-bad', limit: 1, windowMs: 1500 })).toThrowError(
			/whole number of seconds/,
		)
	})
})
