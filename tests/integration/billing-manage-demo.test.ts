import { describe, expect, it } from 'vitest'
import { SimulatedInvoiceModel, UserModel } from '#models/index'
import { lapsedTrialsJob } from '~/services/billing/index.server'
import { runJobNow } from '~/platform/jobs.server'
import { type TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { useSeededTestServer } from '../setup/seeded-server'
import { textOf } from '../setup/page-html'

/**
 * Managing a simulated subscription (no Stripe: docs/decisions/043, 124):
 * cancel and resume, the monthly periods and their invoices
 * (billing-demo-production.test.ts: the same in production).
 */
const server = useSeededTestServer()

const DAY_MS = 86_400_000
const billingTab = async (client: TestClient) => textOf(await (await client.get('/profile?tab=billing')).text())
const stored = (id: number) => UserModel.findOne({ id }).lean()

async function trialingMember() {
	const member = await signUpMember(server.url, 'simulated')
	expect(await (await member.client.json('POST', '/api/get-or-create-subscription')).json()).toEqual({
		status: 'trialing',
	})
	return member
}

/** Moves the member's trial (or period) end `days` days into the past, as time passing would. */
async function endPeriodDaysAgo(id: number, days: number) {
	const user = await stored(id)
	const end = new Date(Date.now() - days * DAY_MS)
	await UserModel.updateOne(
		{ id },
		{
			$set:
				user!.subscriptionStatus === 'trialing'
					? { trialEndsAt: end, currentPeriodEnd: end }
					: { currentPeriodEnd: end },
		},
	)
	return end
}

describe('the Billing tab with simulated billing', () => {
	it('shows the trial, its $0.00 invoice, and says nothing is charged', async () => {
		const member = await trialingMember()
		const { trialEndsAt } = (await stored(member.id))!
		expect(await (await member.client.get('/api/billing')).json()).toEqual({
			status: 'trialing',
			cancelAtPeriodEnd: false,
			currentPeriodEnd: trialEndsAt!.toISOString(),
			trialEnd: trialEndsAt!.toISOString(),
		})
		const tab = await billingTab(member.client)
		expect(tab).toContain('Billing is simulated on this server: no card is needed and nothing is ever charged.')
		expect(tab).toMatch(new RegExp(`SIM-${member.id}-\\d{14} .* \\$0\\.00 Paid \\(simulated\\)`))
		expect(tab).toContain('Cancel subscription')
		expect(tab).not.toContain('Update card and see invoices')
	})

	it('has no Billing Portal (409)', async () => {
		const member = await trialingMember()
		const response = await member.client.json('POST', '/api/billing/portal')
		expect(response.status).toBe(409)
		expect(await response.json()).toEqual({
			message: 'The billing portal needs Stripe: this server uses simulated billing.',
		})
	})
})

describe('cancelling a simulated subscription', () => {
	it('keeps Premium until the trial ends, then ends it; resuming before then keeps it going', async () => {
		const member = await trialingMember()
		const cancelled = await member.client.submitForm('/profile?tab=billing', { intent: 'billing-cancel' })
		expect(cancelled.status).toBe(302)
		expect(await billingTab(member.client)).toMatch(/Premium until [A-Z][a-z]{2} \d{1,2}, \d{4}.*Resume subscription/)
		expect(await (await member.client.get('/api/user')).json()).toMatchObject({ subscriptionStatus: 'trialing' })

		const resumed = await member.client.json('POST', '/api/billing/resume')
		expect(await resumed.json()).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false })
		expect((await member.client.json('POST', '/api/billing/cancel')).status).toBe(200)

		// The trial's end comes: the member's next request finds the plan over.
		await endPeriodDaysAgo(member.id, 1)
		expect(await (await member.client.get('/api/user')).json()).toMatchObject({
			subscriptionStatus: 'canceled',
			trialEndsAt: null,
		})
		expect(await (await member.client.get('/api/billing')).json()).toEqual({
			status: 'canceled',
			cancelAtPeriodEnd: false,
			currentPeriodEnd: null,
			trialEnd: null,
		})
		const resumeTooLate = await member.client.json('POST', '/api/billing/resume')
		expect(resumeTooLate.status).toBe(409)
		expect(await resumeTooLate.json()).toEqual({
			message: 'Your subscription has ended. Subscribe again to get Premium back.',
		})
		expect(await billingTab(member.client)).toContain('Subscribe Now')
	})

	it('an active month is billed, renews with a new invoice, and ends at its end once cancelled', async () => {
		const member = await trialingMember()
		const trialEnd = await endPeriodDaysAgo(member.id, 1)
		// The job settles it (the server runs it too, on this database: either way, once).
		await runJobNow(lapsedTrialsJob)
		expect(await stored(member.id)).toMatchObject({
			subscriptionStatus: 'active',
			trialEndsAt: null,
			currentPeriodEnd: new Date(trialEnd.getTime() + 30 * DAY_MS),
		})
		expect(await SimulatedInvoiceModel.countDocuments({ userId: member.id, amountCents: 5000 })).toBe(1)
		expect(await billingTab(member.client)).toMatch(/Next charge \$50\.00 on [A-Z][a-z]{2} \d{1,2}, \d{4}/)

		await endPeriodDaysAgo(member.id, 0.5)
		await runJobNow(lapsedTrialsJob)
		expect((await stored(member.id))!.subscriptionStatus).toBe('active')
		expect(await SimulatedInvoiceModel.countDocuments({ userId: member.id, amountCents: 5000 })).toBe(2)

		expect((await member.client.json('POST', '/api/billing/cancel')).status).toBe(200)
		await endPeriodDaysAgo(member.id, 0.1)
		await runJobNow(lapsedTrialsJob)
		expect(await stored(member.id)).toMatchObject({
			subscriptionStatus: 'canceled',
			currentPeriodEnd: null,
			cancelAtPeriodEnd: false,
		})
		expect(await SimulatedInvoiceModel.countDocuments({ userId: member.id, amountCents: 5000 })).toBe(2)
	})

	it('a free member and a seeded administrator have nothing to cancel', async () => {
		const free = await signUpMember(server.url, 'freebie')
		expect((await free.client.json('POST', '/api/billing/cancel')).status).toBe(409)
		const admin = await logIn(server.url, 'admin')
		const granted = await admin.json('POST', '/api/billing/cancel')
		expect(granted.status).toBe(409)
		expect((await granted.json()).message).toBe(
			'Your Premium was given to you by an administrator: there is no subscription to cancel.',
		)
	})
})
