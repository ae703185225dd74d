import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { type AddressInfo } from 'node:net'

/**
 * A small local stand-in for the parts of the Stripe HTTP API the app uses
 * (customers, prices, subscriptions with their setup intent and invoice,
 * cancelling at the period's end, the card, Billing Portal sessions).
 * The app's Stripe client reaches it through STRIPE_API_URL (refused in
 * production). It records every request, so tests can assert what the app
 * asked Stripe for, and lets tests change a subscription the way Stripe
 * would (a trial ending, a payment failing, a cancellation).
 */

export interface RecordedRequest {
	method: string
	path: string
	params: Record<string, unknown>
	idempotencyKey: string | null
	authorization: string | null
}

type StripeObject = Record<string, unknown> & { id: string }

interface Failure {
	method: string
	path: string
	status: number
	message: string
	remaining: number
}

/** The Stripe settings of a test server in Stripe mode: test-mode keys that no real account has. */
export const STRIPE_TEST_ENV = {
	STRIPE_SECRET_KEY: 'sk_test_x',
	VITE_STRIPE_PUBLIC_KEY: 'pk_test_x',
	STRIPE_WEBHOOK_SECRET: 'whsec_x',
}

const now = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`

/** Stripe's form encoding (`items[0][price]=x&expand[0]=y`) back into objects and arrays. */
export function parseStripeParams(encoded: string): Record<string, unknown> {
	const root: Record<string, unknown> = {}
	for (const [key, value] of new URLSearchParams(encoded)) {
		const [head, ...rest] = key.split('[')
		const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))]
		let node: Record<string, unknown> = root
		path.forEach((segment, index) => {
			if (index === path.length - 1) node[segment] = value
			else node = (node[segment] ??= {}) as Record<string, unknown>
		})
	}
	return toArrays(root) as Record<string, unknown>
}

function toArrays(value: unknown): unknown {
	if (typeof value !== 'object' || value === null) return value
	const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toArrays(v)] as const)
	const isList = entries.length > 0 && entries.every(([k], index) => k === String(index))
	return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries)
}

export class FakeStripe {
	readonly requests: RecordedRequest[] = []
	readonly customers = new Map<string, StripeObject>()
	readonly prices = new Map<string, StripeObject>()
	readonly subscriptions = new Map<string, StripeObject>()
	readonly setupIntents = new Map<string, StripeObject>()
	readonly invoices = new Map<string, StripeObject>()
	readonly paymentMethods = new Map<string, StripeObject>()
	readonly portalSessions = new Map<string, StripeObject>()
	private readonly idempotent = new Map<string, { params: string; status: number; body: unknown }>()
	private failures: Failure[] = []

	private constructor(
		private readonly server: http.Server,
		readonly url: string,
	) {}

	static async start(): Promise<FakeStripe> {
		// The handler runs only after `fake` exists: no request arrives before the server listens.
		const server = http.createServer((request, response) => void fake.handle(request, response))
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as AddressInfo
		const fake = new FakeStripe(server, `http://127.0.0.1:${port}`)
		return fake
	}

	/** The environment that puts a test server in Stripe mode against this fake. */
	serverEnv(): Record<string, string> {
		return { ...STRIPE_TEST_ENV, STRIPE_API_URL: this.url }
	}

	stop(): Promise<void> {
		this.server.closeAllConnections()
		return new Promise((resolve) => this.server.close(() => resolve()))
	}

	/** The recorded requests with this method whose path starts with `path`. */
	requestsTo(method: string, path: string): RecordedRequest[] {
		return this.requests.filter((request) => request.method === method && request.path.startsWith(path))
	}

	/** Makes the next `times` requests to `method path` fail with Stripe's error shape (not retried by the client). */
	failRequests(method: string, path: string, { status = 400, message = 'Simulated Stripe failure', times = 1 } = {}) {
		this.failures.push({ method, path, status, message, remaining: times })
	}

	/** The customer's card was saved through the setup intent, as Stripe.js's confirmSetup does (a Visa ending in 4242 unless said). */
	completeCardSetup(subscriptionId: string, card: { brand: string; last4: string } = { brand: 'visa', last4: '4242' }) {
		const subscription = this.subscription(subscriptionId)
		const setupIntent = this.setupIntents.get(String(subscription.pending_setup_intent))
		if (setupIntent) setupIntent.status = 'succeeded'
		subscription.pending_setup_intent = null
		const paymentMethod = {
			id: newId('pm'),
			object: 'payment_method',
			type: 'card',
			customer: subscription.customer,
			card: { ...card, exp_month: 12, exp_year: 2030 },
		}
		this.paymentMethods.set(paymentMethod.id, paymentMethod)
		subscription.default_payment_method = paymentMethod.id
	}

	/** A renewal invoice that is waiting to be paid becomes the subscription's latest invoice. Returns it. */
	openRenewalInvoice(subscriptionId: string): StripeObject {
		const subscription = this.subscription(subscriptionId)
		const invoice: StripeObject = {
			id: newId('in'),
			object: 'invoice',
			customer: subscription.customer,
			status: 'open',
			amount_due: 5000,
			parent: {
				type: 'subscription_details',
				subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
			},
			confirmation_secret: {
				type: 'payment_intent',
				client_secret: `${newId('pi')}_secret_${randomBytes(6).toString('hex')}`,
			},
		}
		this.invoices.set(invoice.id, invoice)
		subscription.latest_invoice = invoice.id
		return structuredClone(invoice)
	}

	/** Changes a subscription the way Stripe would (its status, trial end...). */
	updateSubscription(subscriptionId: string, changes: Record<string, unknown>) {
		Object.assign(this.subscription(subscriptionId), changes)
	}

	subscription(subscriptionId: string): StripeObject {
		const subscription = this.subscriptions.get(subscriptionId)
		if (!subscription) throw new Error(`The fake Stripe has no subscription ${subscriptionId}`)
		return subscription
	}

	/** A subscription as a webhook payload carries it (never expanded). */
	snapshot(subscriptionId: string): StripeObject {
		return structuredClone(this.subscription(subscriptionId))
	}

	private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
		const chunks: Buffer[] = []
		for await (const chunk of request) chunks.push(chunk as Buffer)
		const url = new URL(request.url ?? '/', this.url)
		const method = request.method ?? 'GET'
		const params = parseStripeParams(
			method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
		)
		const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null
		this.requests.push({
			method,
			path: url.pathname,
			params,
			idempotencyKey,
			authorization: request.headers.authorization ?? null,
		})

		const send = (status: number, body: unknown) => {
			response.writeHead(status, {
				'Content-Type': 'application/json',
				'Stripe-Should-Retry': 'false',
				'Request-Id': newId('req'),
			})
			response.end(JSON.stringify(body))
		}
		const failure = this.failures.find((f) => f.method === method && url.pathname.startsWith(f.path) && f.remaining > 0)
		if (failure) {
			failure.remaining -= 1
			return send(failure.status, { error: { type: 'api_error', message: failure.message } })
		}
		// Stripe replays the first answer for a reused key, and refuses the key with other parameters.
		if (method === 'POST' && idempotencyKey) {
			const previous = this.idempotent.get(idempotencyKey)
			const fingerprint = JSON.stringify(params)
			if (previous) {
				if (previous.params !== fingerprint) {
					return send(400, {
						error: {
							type: 'idempotency_error',
							message:
								'Keys for idempotent requests can only be used with the same parameters they were first used with.',
						},
					})
				}
				return send(previous.status, previous.body)
			}
			const [status, body] = this.route(method, url.pathname, params)
			if (status < 500) this.idempotent.set(idempotencyKey, { params: fingerprint, status, body })
			return send(status, body)
		}
		const [status, body] = this.route(method, url.pathname, params)
		send(status, body)
	}

	private route(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
		const missing = (what: string): [number, unknown] => [
			404,
			{ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
		]
		const expand = (params.expand as string[] | undefined) ?? []
		let match: RegExpExecArray | null

		if (method === 'POST' && path === '/v1/customers') {
			const customer = {
				id: newId('cus'),
				object: 'customer',
				created: now(),
				email: params.email ?? null,
				name: params.name ?? null,
				metadata: params.metadata ?? {},
			}
			this.customers.set(customer.id, customer)
			return [200, customer]
		}
		if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
			const customer = this.customers.get(match[1]!)
			if (!customer) return missing('customer')
			const copy = structuredClone(customer)
			const settings = (copy.invoice_settings ?? { default_payment_method: null }) as Record<string, unknown>
			if (
				expand.includes('invoice_settings.default_payment_method') &&
				typeof settings.default_payment_method === 'string'
			) {
				settings.default_payment_method = structuredClone(
					this.paymentMethods.get(settings.default_payment_method) ?? null,
				)
			}
			return [200, { ...copy, invoice_settings: settings }]
		}
		if (method === 'POST' && path === '/v1/billing_portal/sessions') {
			const customer = String(params.customer)
			if (!this.customers.has(customer)) {
				return [
					400,
					{
						error: {
							type: 'invalid_request_error',
							code: 'resource_missing',
							message: `No such customer: '${customer}'`,
						},
					},
				]
			}
			const id = newId('bps')
			const session = {
				id,
				object: 'billing_portal.session',
				customer,
				return_url: params.return_url ?? null,
				url: `https://billing.stripe.test/p/session/${id}`,
				created: now(),
			}
			this.portalSessions.set(id, session)
			return [200, session]
		}
		if (method === 'GET' && path === '/v1/prices') {
			const keys = (params.lookup_keys as string[] | undefined) ?? []
			const data = [...this.prices.values()].filter(
				(price) => price.active && (!keys.length || keys.includes(String(price.lookup_key))),
			)
			return [
				200,
				{ object: 'list', url: '/v1/prices', has_more: false, data: data.slice(0, Number(params.limit ?? 10)) },
			]
		}
		if (method === 'POST' && path === '/v1/prices') {
			const recurring = params.recurring as Record<string, unknown> | undefined
			const price = {
				id: newId('price'),
				object: 'price',
				active: true,
				currency: params.currency,
				unit_amount: Number(params.unit_amount),
				recurring: recurring
					? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
					: null,
				lookup_key: params.lookup_key ?? null,
				product: params.product ?? newId('prod'),
			}
			this.prices.set(price.id, price)
			return [200, price]
		}
		if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(params, expand)
		if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
			const subscription = this.subscriptions.get(match[1]!)
			if (!subscription) return missing('subscription')
			if (method === 'DELETE')
				Object.assign(subscription, {
					status: 'canceled',
					canceled_at: now(),
					ended_at: now(),
					cancel_at_period_end: false,
				})
			if (method === 'POST') {
				if (['canceled', 'incomplete_expired'].includes(String(subscription.status))) {
					return [
						400,
						{
							error: {
								type: 'invalid_request_error',
								message: 'A canceled subscription can only update its cancellation_details and metadata.',
							},
						},
					]
				}
				if (params.cancel_at_period_end !== undefined) {
					const cancel = params.cancel_at_period_end === 'true'
					Object.assign(subscription, {
						cancel_at_period_end: cancel,
						cancel_at: cancel ? this.periodEnd(subscription) : null,
						canceled_at: cancel ? now() : null,
					})
				}
			}
			return [200, this.expand(subscription, expand)]
		}
		return [
			404,
			{ error: { type: 'invalid_request_error', message: `The fake Stripe does not know ${method} ${path}` } },
		]
	}

	private createSubscription(params: Record<string, unknown>, expand: string[]): [number, unknown] {
		const customer = String(params.customer)
		if (!this.customers.has(customer)) {
			return [
				400,
				{
					error: {
						type: 'invalid_request_error',
						code: 'resource_missing',
						message: `No such customer: '${customer}'`,
					},
				},
			]
		}
		const items = (params.items as Array<{ price: string }> | undefined) ?? []
		const price = this.prices.get(items[0]?.price ?? '') ?? { id: items[0]?.price, object: 'price' }
		const trialDays = params.trial_period_days ? Number(params.trial_period_days) : 0
		const id = newId('sub')
		const invoice: StripeObject = {
			id: newId('in'),
			object: 'invoice',
			customer,
			status: trialDays ? 'paid' : 'open',
			amount_due: trialDays ? 0 : Number((price as StripeObject).unit_amount ?? 0),
			parent: {
				type: 'subscription_details',
				subscription_details: { subscription: id, metadata: params.metadata ?? {} },
			},
			confirmation_secret: trialDays
				? null
				: { type: 'payment_intent', client_secret: `${newId('pi')}_secret_${randomBytes(6).toString('hex')}` },
		}
		this.invoices.set(invoice.id, invoice)
		let setupIntentId: string | null = null
		if (trialDays) {
			const setupIntent = {
				id: newId('seti'),
				object: 'setup_intent',
				status: 'requires_payment_method',
				customer,
				client_secret: '',
			}
			setupIntent.client_secret = `${setupIntent.id}_secret_${randomBytes(6).toString('hex')}`
			this.setupIntents.set(setupIntent.id, setupIntent)
			setupIntentId = setupIntent.id
		}
		const subscription: StripeObject = {
			id,
			object: 'subscription',
			customer,
			created: now(),
			status: trialDays ? 'trialing' : 'incomplete',
			trial_start: trialDays ? now() : null,
			trial_end: trialDays ? now() + trialDays * 86_400 : null,
			items: {
				object: 'list',
				data: [
					{
						id: newId('si'),
						object: 'subscription_item',
						price,
						quantity: 1,
						// Since API 2025-03-31 the period lives on the item: the trial, or the first month.
						current_period_start: now(),
						current_period_end: now() + (trialDays || 30) * 86_400,
					},
				],
			},
			cancel_at_period_end: false,
			cancel_at: null,
			canceled_at: null,
			metadata: params.metadata ?? {},
			payment_settings: params.payment_settings ?? null,
			trial_settings: params.trial_settings ?? null,
			pending_setup_intent: setupIntentId,
			latest_invoice: invoice.id,
			default_payment_method: null,
		}
		this.subscriptions.set(id, subscription)
		return [200, this.expand(subscription, expand)]
	}

	/** When the subscription's current period ends (on its item, as Stripe keeps it). */
	private periodEnd(subscription: StripeObject): number | null {
		const items = subscription.items as { data: Array<{ current_period_end?: number }> } | undefined
		return items?.data[0]?.current_period_end ?? null
	}

	/** Moves the subscription's current period (on its item), as a renewal or a test's clock does. */
	setPeriod(subscriptionId: string, { start, end }: { start: number; end: number }) {
		const items = this.subscription(subscriptionId).items as { data: Array<Record<string, unknown>> }
		Object.assign(items.data[0]!, { current_period_start: start, current_period_end: end })
	}

	private expand(subscription: StripeObject, expand: string[]): StripeObject {
		const copy = structuredClone(subscription)
		if (expand.includes('default_payment_method') && typeof copy.default_payment_method === 'string') {
			copy.default_payment_method = structuredClone(this.paymentMethods.get(copy.default_payment_method) ?? null)
		}
		if (expand.includes('pending_setup_intent') && copy.pending_setup_intent) {
			copy.pending_setup_intent = structuredClone(this.setupIntents.get(String(copy.pending_setup_intent)) ?? null)
		}
		if (expand.some((path) => path.startsWith('latest_invoice')) && copy.latest_invoice) {
			copy.latest_invoice = structuredClone(this.invoices.get(String(copy.latest_invoice)) ?? null)
		}
		return copy
	}
}
