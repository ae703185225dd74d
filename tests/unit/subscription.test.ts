import { describe, expect, it } from 'vitest'
import { isPremium, isPremiumStatus } from '~/lib/subscription'

describe('the premium rule (docs/decisions/040-premium-statuses.md)', () => {
	it('active and trialing are premium', () => {
		expect(isPremiumStatus('active')).toBe(true)
		expect(isPremiumStatus('trialing')).toBe(true)
		expect(isPremium({ subscriptionStatus: 'trialing' })).toBe(true)
	})

	it("every other status is free, past_due included: the spec's free account is 'neither active nor trialing'", () => {
		for (const status of [
			'past_due',
			'unpaid',
			'incomplete',
			'incomplete_expired',
			'canceled',
			'paused',
			'inactive',
			'',
			null,
			undefined,
		]) {
			expect(isPremiumStatus(status)).toBe(false)
		}
		expect(isPremium(null)).toBe(false)
		expect(isPremium({ subscriptionStatus: 'Active' })).toBe(false)
	})
})
