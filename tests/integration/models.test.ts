import { describe, expect, it } from 'vitest'
import { UserModel, nextId } from '#models/index'
import { registerUser } from '~/services/users.server'
import { useTestDatabase } from '../setup/test-database'

useTestDatabase()

describe('models', () => {
	it('give numeric ids in order from the counters collection', async () => {
		const first = await nextId('events')
		const second = await nextId('events')
		expect(second).toBe(first + 1)
	})

	it("a user's JSON has exactly the spec's fields and never the password hash", async () => {
		const registered = await registerUser({
			username: 'model_check',
			password: 'password-123',
			name: 'Model Check',
			email: 'Model.Check@Example.com',
			bio: null,
			role: 'member',
		})
		const document = await UserModel.findOne({ id: registered.id })
		const json = document!.toJSON() as unknown as Record<string, unknown>
		expect(Object.keys(json).sort()).toEqual(
			[
				'id', 'username', 'name', 'email', 'avatar', 'bio', 'role', 'stripeCustomerId',
				'stripeSubscriptionId', 'subscriptionStatus', 'trialEndsAt', 'createdAt',
			].sort(),
		)
		expect(json).toMatchObject({ email: 'model.check@example.com', role: 'member', subscriptionStatus: 'inactive' })
		expect(JSON.stringify(document)).not.toContain('argon2')
		expect(document!.passwordHash).toMatch(/^\$argon2id\$/)
	})
})
