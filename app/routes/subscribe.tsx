import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { PremiumBenefits } from '~/components/billing/premium-benefits'
import { StripeCheckout } from '~/components/billing/stripe-checkout'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { StatusButton } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { ActionToast } from '~/components/ui/toaster'
import { isPremiumStatus, PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '~/lib/subscription'
import { makeToast } from '~/lib/toast'
import { ServiceError } from '~/lib/service-error'
import { requireUser } from '~/web/auth.server'
import { getBillingMode, getOrCreateSubscription, needsCheckout } from '~/services/billing/index.server'
import { readProtectedForm } from '~/web/csrf.server'
import { type RouteHandle } from '~/types'

/** The Stripe card form is an island; the demo form's pending label needs it too. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta('Complete Your Subscription', 'Start LeaderForge Premium: every lesson, the community chat and live events.')

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	// product §2: a premium user has nothing to do here.
	if (!(await needsCheckout(user))) throw redirect('/dashboard')
	// Only the provider and Stripe's publishable key reach the browser.
	return json({ billing: getBillingMode() })
}

/**
 * "Start Free Trial" with simulated billing: a real form, so it works without
 * JavaScript. With Stripe the card form (JavaScript) is the only way in.
 */
export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	await readProtectedForm(request)
	const failed = (description: string, status = 400) =>
		json({ toast: makeToast({ type: 'destructive', title: 'Failed to set up subscription', description }) }, { status })
	if (getBillingMode().provider !== 'demo') {
		return failed('Your card details are needed: please use the card form, which needs JavaScript.')
	}
	// A refusal (production's simulated billing allows one trial per account) is said on the page.
	const answer = await getOrCreateSubscription(user).catch((error: unknown) => {
		if (error instanceof ServiceError) return error
		throw error
	})
	if (answer instanceof ServiceError) return failed(answer.message, answer.status)
	if (!isPremiumStatus(answer.status))
		return failed(`Your subscription could not be started (status: ${answer.status}).`)
	return redirect('/subscription-success')
}

export default function SubscribePage() {
	const { billing } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto max-w-2xl sm:py-4">
			<header className="text-center">
				<h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">Complete Your Subscription</h1>
				<p className="mt-2 text-gray-600">Start your 30-day free trial of the Premium plan</p>
			</header>

			<Card className="mt-6 overflow-hidden sm:mt-8">
				<div className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-100 bg-brand-50 px-5 py-4 sm:px-6 sm:py-5">
					<div>
						<h2 className="text-lg font-semibold text-gray-900">Premium</h2>
						<p className="text-sm text-gray-600">Everything in the community, for one monthly price.</p>
					</div>
					<div className="text-right">
						<p className="text-2xl font-bold text-gray-900">
							{PREMIUM_PRICE_LABEL}
							<span className="text-sm font-medium text-gray-600"> / month</span>
						</p>
						<Badge tone="brand">First {TRIAL_DAYS} days free</Badge>
					</div>
				</div>
				{/* The way in first, so a phone shows it on the first screen (docs/decisions/207); what Premium brings below. */}
				<div className="space-y-6 p-5 sm:p-6">
					{billing.provider === 'stripe' ? <StripeCheckout publicKey={billing.publicKey} /> : <DemoCheckout />}
					<p className="text-xs text-gray-500">
						Your card won't be charged during the 30-day trial. After the trial ends, you'll be charged $50.00 per month
						unless you cancel.
					</p>
					<PremiumBenefits className="grid grid-cols-1 gap-2 border-t border-gray-100 pt-6 sm:grid-cols-2" />
				</div>
			</Card>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

/** Simulated billing says so plainly; starting the trial is one form post. */
function DemoCheckout() {
	const pending = useIsSubmitting('start-trial')
	return (
		<Form method="post" className="space-y-4">
			<div role="note" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
				<p className="font-semibold">Billing is simulated on this server</p>
				<p className="mt-1">
					No card is needed and nothing is charged: starting the trial gives this account Premium for {TRIAL_DAYS} days
					right away.
				</p>
			</div>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="start-trial" />
			<StatusButton pending={pending} pendingLabel="Processing..." className="w-full">
				Start Free Trial
			</StatusButton>
		</Form>
	)
}
