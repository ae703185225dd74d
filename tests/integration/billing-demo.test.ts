import { describe, expect, it } from 'vitest'
import { AuditEntryModel, SubscriptionEventModel, UserModel } from '#models/index'
import { lapsedTrialsJob } from '~/services/billing/index.server'
import { runJobNow } from '~/platform/jobs.server'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { signUpMember } from '../setup/members'
import { useSeededTestServer } from '../setup/seeded-server'

/** Simulated billing: no STRIPE_SECRET_KEY outside production (docs/decisions/043). */
const server = useSeededTestServer()
const DAY_MS = 86_400_000

const newMember = () => signUpMember(server.url, 'demo_buyer')

const stored = (username: string) => UserModel.findOne({ usernameKey: username }).lean()

describe('POST /api/get-or-create-subscription with simulated billing', () => {
	it('starts a 30-day trial at once and answers {status: "trialing"} without a client secret', async () => {
		const { client, username } = await newMember()
		const response = await client.json('POST', '/api/get-or-create-subscription')
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ status: 'trialing' })

		const user = await stored(username)
		expect(user?.subscriptionStatus).toBe('trialing')
		const daysLeft = (user!.trialEndsAt!.getTime() - Date.now()) / DAY_MS
		expect(daysLeft).toBeGreaterThan(29.9)
		expect(daysLeft).toBeLessThanOrEqual(30)
		expect(user?.stripeCustomerId).toBeNull()
		expect(user?.stripeSubscriptionId).toBeNull()
	})

	it('is idempotent: a second call gives the same answer and does not move the trial end', async () => {
		const { client, username } = await newMember()
		await client.json('POST', '/api/get-or-create-subscription')
		const firstTrialEnd = (await stored(username))!.trialEndsAt!.getTime()

		const again = await Promise.all([1, 2, 3].map(() => client.json('POST', '/api/get-or-create-subscription')))
		for (const response of again) expect(await response.json()).toEqual({ status: 'trialing' })
		expect((await stored(username))!.trialEndsAt!.getTime()).toBe(firstTrialEnd)
	})

	it('gives an active member their status back and changes nothing', async () => {
		const client = await logIn(server.url, 'maria')
		const before = await stored('maria')
		const response = await client.json('POST', '/api/get-or-create-subscription')
		expect(await response.json()).toEqual({ status: 'active' })
		const after = await stored('maria')
		expect(after?.subscriptionStatus).toBe('active')
		expect(after?.trialEndsAt).toEqual(before?.trialEndsAt)
	})

	it('answers 401 without a session, and 405 to anything but POST', async () => {
		const visitor = new TestClient(server.url)
		const response = await visitor.json('POST', '/api/get-or-create-subscription')
		expect(response.status).toBe(401)
		expect(await response.json()).toEqual({ message: 'Not authenticated' })
		const { client } = await newMember()
		expect((await client.get('/api/get-or-create-subscription')).status).toBe(405)
	})
})

describe('a simulated trial that has run its 30 days', () => {
	const endTrialYesterday = (username: string, fields: Record<string, unknown> = {}) =>
		UserModel.updateOne({ usernameKey: username }, { $set: { trialEndsAt: new Date(Date.now() - DAY_MS), ...fields } })

	it('turns active, as a trial whose first charge succeeds does, the next time the member comes', async () => {
		const { client, username } = await newMember()
		await client.json('POST', '/api/get-or-create-subscription')
		// Still running: nothing changes.
		expect(await (await client.get('/api/user')).json()).toMatchObject({ subscriptionStatus: 'trialing' })

		await endTrialYesterday(username)
		expect(await (await client.get('/api/user')).json()).toMatchObject({
			subscriptionStatus: 'active',
			trialEndsAt: null,
		})
		const user = await stored(username)
		expect(user?.subscriptionStatus).toBe('active')
		expect(user?.trialEndsAt).toBeNull()
		const page = await (await client.get('/dashboard')).text()
		expect(page).toContain('Premium Active')
		expect(page).not.toContain('Trial ends:')
		// The audit log and the subscription history say so, once.
		const entries = await AuditEntryModel.find({ kind: 'subscription.status_changed', targetId: user!.id }).lean()
		expect(entries).toHaveLength(1)
		expect(entries[0]).toMatchObject({
			actorName: 'System',
			before: { subscriptionStatus: 'trialing' },
			after: { subscriptionStatus: 'active' },
		})
		const history = await SubscriptionEventModel.find({ userId: user!.id }).sort({ at: 1 }).lean()
		expect(history.map(({ from, to, source }) => `${from}>${to} (${source})`)).toEqual([
			'inactive>trialing (checkout)',
			'trialing>active (trial_lapsed)',
		])
	})

	it('a cancelled trial that ended yesterday is never served as premium: the request that comes first settles it, once', async () => {
		const statusChanges = async (userId: number) =>
			(await SubscriptionEventModel.find({ userId }).sort({ at: 1 }).lean()).map(
				({ from, to, source }) => `${from}>${to} (${source})`,
			)
		const cancelledTrialEndedYesterday = async () => {
			const member = await newMember()
			await member.client.json('POST', '/api/get-or-create-subscription')
			await endTrialYesterday(member.username, { cancelAtPeriodEnd: true })
			return member
		}

		// A page first, then a JSON call.
		const reader = await cancelledTrialEndedYesterday()
		const page = await (await reader.client.get('/dashboard')).text()
		expect(page).toContain('Premium Inactive')
		expect(page).not.toContain('Trial Active')
		expect(await (await reader.client.get('/api/user')).json()).toMatchObject({
			subscriptionStatus: 'canceled',
			trialEndsAt: null,
		})

		// A JSON call that changes something first: its guard already sees the trial ended (lesson 12 is premium).
		const watcher = await cancelledTrialEndedYesterday()
		const progress = await watcher.client.json('POST', '/api/progress', { videoId: 12, progress: 40 })
		expect(progress.status).toBe(403)

		for (const member of [reader, watcher]) {
			expect((await stored(member.username))?.subscriptionStatus).toBe('canceled')
			expect(await statusChanges(member.id)).toEqual([
				'inactive>trialing (checkout)',
				'trialing>canceled (trial_lapsed)',
			])
			expect(await AuditEntryModel.countDocuments({ kind: 'subscription.status_changed', targetId: member.id })).toBe(1)
		}
	})

	it('turns active without waiting for the member: the background job settles every lapsed trial, Stripe’s excepted', async () => {
		const [away, alsoAway, withStripe] = await Promise.all([newMember(), newMember(), newMember()])
		for (const member of [away, alsoAway, withStripe])
			await member.client.json('POST', '/api/get-or-create-subscription')
		await Promise.all([
			endTrialYesterday(away.username),
			endTrialYesterday(alsoAway.username),
			endTrialYesterday(withStripe.username, {
				stripeCustomerId: 'cus_job_test',
				stripeSubscriptionId: 'sub_job_test',
			}),
		])

		// The server runs the job too (it shares this database): whichever run gets there, the outcome is the same.
		await expect
			.poll(async () => {
				await runJobNow(lapsedTrialsJob)
				return (await stored(away.username))?.subscriptionStatus
			})
			.toBe('active')
		expect(await stored(away.username)).toMatchObject({ subscriptionStatus: 'active', trialEndsAt: null })
		expect(await stored(alsoAway.username)).toMatchObject({ subscriptionStatus: 'active', trialEndsAt: null })
		expect((await stored(withStripe.username))?.subscriptionStatus).toBe('trialing')
		// The member's next request finds nothing left to do, and says the same.
		expect(await (await away.client.get('/api/user')).json()).toMatchObject({
			subscriptionStatus: 'active',
			trialEndsAt: null,
		})
	})

	it('leaves a trial Stripe stands behind to Stripe: its webhook says how the trial ended', async () => {
		const { client, username } = await newMember()
		await client.json('POST', '/api/get-or-create-subscription')
		await endTrialYesterday(username, { stripeCustomerId: 'cus_demo_test', stripeSubscriptionId: 'sub_demo_test' })
		expect(await (await client.get('/api/user')).json()).toMatchObject({ subscriptionStatus: 'trialing' })
		expect((await stored(username))?.subscriptionStatus).toBe('trialing')
	})
})

describe('/subscribe with simulated billing, without JavaScript', () => {
	it('says plainly that billing is simulated, with the spec texts and no Stripe key', async () => {
		const { client } = await newMember()
		const response = await client.get('/subscribe')
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('Complete Your Subscription')
		expect(html).toContain('Start your 30-day free trial of the Premium plan')
		expect(html).toContain(
			'Your card won&#x27;t be charged during the 30-day trial. After the trial ends, you&#x27;ll be charged $50.00 per month unless you cancel.',
		)
		expect(html).toContain('Billing is simulated on this server')
		expect(html).toMatch(/<form method="post"/)
		expect(html).not.toMatch(/pk_test|sk_test|whsec/)
	})

	it('starting the trial is a form post that lands on /subscription-success', async () => {
		const { client, username } = await newMember()
		const response = await client.submitForm('/subscribe', { intent: 'start-trial' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/subscription-success')
		expect((await stored(username))?.subscriptionStatus).toBe('trialing')
	})

	it('refuses a post without the CSRF token and changes nothing', async () => {
		const { client, username } = await newMember()
		await client.get('/subscribe')
		const response = await client.request('/subscribe', {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'start-trial' }),
		})
		expect(response.status).toBe(403)
		expect((await stored(username))?.subscriptionStatus).toBe('inactive')
	})

	it('sends a premium member to /dashboard and a visitor to /auth', async () => {
		const premium = await logIn(server.url, 'premium')
		const response = await premium.get('/subscribe')
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/dashboard')

		const visitor = await new TestClient(server.url).get('/subscribe')
		expect(visitor.status).toBe(302)
		expect(visitor.headers.get('Location')).toBe('/auth')
	})
})

describe('/subscription-success', () => {
	it('first shows "Processing Your Subscription"; without JavaScript CSS swaps in the result after 2 s, with no timed reload', async () => {
		const { client } = await newMember()
		await client.json('POST', '/api/get-or-create-subscription')
		const html = await (await client.get('/subscription-success')).text()
		expect(html).toContain('--swap-delay:2000ms')
		expect(html).toMatch(
			/class="delayed-swap-out[^"]*">.*Processing Your Subscription.*Please wait while we confirm your payment\.\.\./s,
		)
		expect(html).toMatch(/class="delayed-swap-in">.*Subscription Successful!.*Subscription Activated/s)
		// docs/decisions/060: a refresh after a delay fails WCAG 2.2.1.
		expect(html).not.toContain('http-equiv="refresh"')
	})

	it('then shows the trial texts, both links and the "Subscription Activated" notice', async () => {
		const { client } = await newMember()
		await client.json('POST', '/api/get-or-create-subscription')
		const html = await (await client.get('/subscription-success?step=result')).text()
		expect(html).toContain('Subscription Successful!')
		expect(html).toContain('Your 30-day free trial has started.')
		expect(html).toContain('You won&#x27;t be charged until your 30-day trial ends.')
		expect(html).toMatch(/href="\/dashboard"[^>]*>Go to Dashboard/)
		expect(html).toMatch(/href="\/content-library"[^>]*>Browse Content/)
		expect(html).toContain('Subscription Activated')
		expect(html).toContain('Your premium membership is now active.')
	})

	it('for an active member says the membership is active', async () => {
		const client = await logIn(server.url, 'david')
		const html = await (await client.get('/subscription-success?step=result')).text()
		expect(html).toContain('Subscription Successful!')
		expect(html).toContain('Your premium membership is now active.')
		expect(html).not.toContain('Your 30-day free trial has started.')
	})

	it('shows what the server knows, not what the address claims', async () => {
		const { client } = await newMember()
		const html = await (
			await client.get('/subscription-success?step=result&status=active&redirect_status=succeeded')
		).text()
		expect(html).not.toContain('Subscription Successful!')
		expect(html).not.toContain('Subscription Activated')
		expect(html).toContain('Subscription Not Active')
		expect(html).toMatch(/href="\/subscribe"/)
	})
})

describe('POST /api/stripe/webhook with simulated billing', () => {
	it('answers 400: there is no Stripe to hear from', async () => {
		const response = await new TestClient(server.url).request('/api/stripe/webhook', {
			method: 'POST',
			headers: { 'Stripe-Signature': 't=1,v1=abc', 'Content-Type': 'application/json' },
			body: JSON.stringify({ id: 'evt_1', type: 'customer.subscription.deleted' }),
		})
		expect(response.status).toBe(400)
		expect((await response.json()).message).toMatch(/simulated billing/)
	})
})
