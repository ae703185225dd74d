import { Form, Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { formatCents, type BillingView } from '~/routes/profile/__billing-view'
import { TabCard } from '~/routes/profile/__tab-card'

const STATUS_TEXT: Record<string, { label: string; tone: BadgeTone }> = {
	active: { label: 'Active', tone: 'green' },
	trialing: { label: 'Free trial', tone: 'blue' },
	past_due: { label: 'Payment failed', tone: 'red' },
	unpaid: { label: 'Unpaid', tone: 'red' },
	canceled: { label: 'Cancelled', tone: 'gray' },
}

/**
 * The Billing tab (product §2 "Profile"): the plan, its status and dates,
 * the card, and what the status allows: cancel at the end of the period,
 * resume before then, and (with Stripe) the Billing Portal for the card and
 * the invoices; with simulated billing, its invoices. Plain forms.
 */
export function BillingTab({ billing }: { billing: BillingView }) {
	const status = STATUS_TEXT[billing.status] ?? { label: 'Not subscribed', tone: 'gray' as const }
	const premium = billing.status === 'active' || billing.status === 'trialing'
	return (
		<div className="space-y-4">
			<TabCard title="Billing" description="Your plan, your payments, and cancelling.">
				<div className="space-y-5">
					{billing.provider === 'demo' ? (
						<p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
							Billing is simulated on this server: no card is needed and nothing is ever charged.
						</p>
					) : null}
					{billing.providerUnavailable ? (
						<p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
							We could not reach our payment provider just now, so your card is not shown. Please try again in a moment.
						</p>
					) : null}
					<dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
						<div>
							<dt className="text-sm text-gray-500">Plan</dt>
							<dd className="font-medium text-gray-900">
								{premium || billing.status === 'past_due'
									? `Premium · ${formatCents(billing.amountCents)} / month`
									: 'Free'}
							</dd>
						</div>
						<div>
							<dt className="text-sm text-gray-500">Status</dt>
							<dd>
								<Badge tone={status.tone}>{status.label}</Badge>
								{billing.cancelAtPeriodEnd ? (
									<Badge tone="amber" className="ml-2">
										Cancelled
									</Badge>
								) : null}
							</dd>
						</div>
						<BillingDates billing={billing} />
						{billing.card ? (
							<div>
								<dt className="text-sm text-gray-500">Card</dt>
								<dd className="font-medium capitalize text-gray-900">
									{billing.card.brand} ending in {billing.card.last4}
								</dd>
							</div>
						) : null}
					</dl>
					<BillingNotes billing={billing} />
					<BillingActions billing={billing} />
				</div>
			</TabCard>
			{billing.provider === 'demo' ? <SimulatedInvoices billing={billing} /> : null}
		</div>
	)
}

function BillingDates({ billing }: { billing: BillingView }) {
	const { periodEndText, trialEndText } = billing
	if (!periodEndText) return null
	if (billing.granted) return null
	const [label, value] = billing.cancelAtPeriodEnd
		? ['Premium until', periodEndText]
		: billing.status === 'trialing'
			? ['Trial ends', `${trialEndText ?? periodEndText}, then ${formatCents(billing.amountCents)} a month`]
			: ['Next charge', `${formatCents(billing.amountCents)} on ${periodEndText}`]
	return (
		<div>
			<dt className="text-sm text-gray-500">{label}</dt>
			<dd className="font-medium text-gray-900">{value}</dd>
		</div>
	)
}

function BillingNotes({ billing }: { billing: BillingView }) {
	if (billing.granted) {
		return (
			<p className="text-sm text-gray-600">
				Your Premium was given to you by an administrator: there is nothing to pay or cancel.
			</p>
		)
	}
	if (billing.cancelAtPeriodEnd && billing.periodEndText) {
		return (
			<p className="text-sm text-gray-600">
				Your subscription is cancelled. Premium stays until {billing.periodEndText}, and nothing more will be charged.
				Changed your mind? Resume it before then.
			</p>
		)
	}
	if (billing.status === 'past_due') {
		return (
			<p role="alert" className="text-sm font-medium text-red-700">
				Your last payment failed. Update your payment method to keep Premium.
			</p>
		)
	}
	if (billing.canCancel) {
		return (
			<p className="text-sm text-gray-600">
				You can cancel at any time: Premium stays until the end of the period you are in.
			</p>
		)
	}
	return null
}

function BillingActions({ billing }: { billing: BillingView }) {
	const premium = billing.status === 'active' || billing.status === 'trialing'
	const cancelling = useIsSubmitting('billing-cancel')
	const resuming = useIsSubmitting('billing-resume')
	const opening = useIsSubmitting('billing-portal')
	return (
		<div className="flex flex-wrap gap-3">
			{billing.canResume ? (
				<BillingForm intent="billing-resume">
					<StatusButton pending={resuming} pendingLabel="Resuming...">
						Resume subscription
					</StatusButton>
				</BillingForm>
			) : null}
			{billing.canOpenPortal ? (
				<BillingForm intent="billing-portal" reloadDocument>
					<StatusButton pending={opening} pendingLabel="Opening..." variant="secondary">
						{billing.status === 'past_due' ? 'Update payment method' : 'Update card and see invoices'}
					</StatusButton>
				</BillingForm>
			) : null}
			{!premium && !billing.canOpenPortal ? (
				<ButtonLink to="/subscribe">{billing.status === 'past_due' ? 'Pay now' : 'Subscribe Now'}</ButtonLink>
			) : null}
			{!premium && billing.canOpenPortal && billing.status !== 'past_due' ? (
				<ButtonLink to="/subscribe">Subscribe Now</ButtonLink>
			) : null}
			{billing.canCancel ? (
				<BillingForm intent="billing-cancel">
					<StatusButton pending={cancelling} pendingLabel="Cancelling..." variant="danger">
						Cancel subscription
					</StatusButton>
				</BillingForm>
			) : null}
		</div>
	)
}

function BillingForm({
	intent,
	reloadDocument,
	children,
}: {
	intent: string
	reloadDocument?: boolean
	children: ReactNode
}) {
	return (
		<Form method="post" action="/profile?tab=billing" reloadDocument={reloadDocument}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={intent} />
			{children}
		</Form>
	)
}

function SimulatedInvoices({ billing }: { billing: BillingView }) {
	return (
		<TabCard title="Invoices" description="What Stripe would have billed you. Nothing was charged.">
			{billing.invoices.length === 0 ? (
				<p className="text-sm text-gray-600">
					No invoices yet.{' '}
					<Link to="/subscribe" className="font-medium text-brand-700 hover:underline">
						Start the free trial
					</Link>{' '}
					to see the first one.
				</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-left text-sm">
						<caption className="sr-only">Simulated invoices</caption>
						<thead className="text-gray-500">
							<tr>
								<th scope="col" className="py-2 pr-4 font-medium">
									Invoice
								</th>
								<th scope="col" className="py-2 pr-4 font-medium">
									Period
								</th>
								<th scope="col" className="py-2 pr-4 font-medium">
									Amount
								</th>
								<th scope="col" className="py-2 font-medium">
									Status
								</th>
							</tr>
						</thead>
						<tbody className="divide-y">
							{billing.invoices.map((invoice) => (
								<tr key={invoice.number}>
									<td className="py-2 pr-4 font-mono text-xs text-gray-700">{invoice.number}</td>
									<td className="py-2 pr-4 text-gray-700">{invoice.periodText}</td>
									<td className="py-2 pr-4 tabular-nums text-gray-900">{formatCents(invoice.amountCents)}</td>
									<td className="py-2 text-gray-700">Paid (simulated)</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</TabCard>
	)
}
