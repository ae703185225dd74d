import { describe, expect, it } from 'vitest'
import { UserModel } from '#models/index'
import { signUpMember } from '../setup/members'
import { useTestServer } from '../setup/seeded-server'
import { textOf } from '../setup/page-html'

/**
 * Simulated billing in production (ALLOW_DEMO_BILLING=true): nothing can be
 * charged, so a trial must not become a free plan for good (docs/decisions/124).
 */
const server = useTestServer({
	seed: true,
	env: { NODE_ENV: 'production', ALLOW_DEMO_BILLING: 'true', MAIL_DISABLED: 'true', PUSH_DISABLED: 'true' },
})
const DAY_MS = 86_400_000

describe('a simulated trial in production', () => {
	it('ends inactive, never as a free active plan, and an account gets one trial only', async () => {
		const member = await signUpMember(server.url, 'prodtrial')
		expect(await (await member.client.json('POST', '/api/get-or-create-subscription')).json()).toEqual({
			status: 'trialing',
		})
		const ended = new Date(Date.now() - DAY_MS)
		await UserModel.updateOne({ id: member.id }, { $set: { trialEndsAt: ended, currentPeriodEnd: ended } })

		expect(await (await member.client.get('/api/user')).json()).toMatchObject({
			subscriptionStatus: 'inactive',
			trialEndsAt: null,
		})
		const again = await member.client.json('POST', '/api/get-or-create-subscription')
		expect(again.status).toBe(409)
		expect(await again.json()).toEqual({
			message: 'Your free trial has ended. This server uses simulated billing, so Premium cannot be bought here.',
		})
		const form = await member.client.submitForm('/subscribe', { intent: 'start-trial' })
		expect(form.status).toBe(409)
		expect(textOf(await form.text())).toContain('Your free trial has ended.')
		expect((await UserModel.findOne({ id: member.id }).lean())!.subscriptionStatus).toBe('inactive')
	})
})
