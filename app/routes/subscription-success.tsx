import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect, useState, type CSSProperties } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { pageMeta } from '~/components/page-meta'
import { Card } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import { ActionToast, ServerToast } from '~/components/ui/toaster'
import { isPremiumStatus } from '~/lib/subscription'
import { makeToast } from '~/lib/toast'
import { requireUser } from '~/web/auth.server'
import { refreshSubscription } from '~/services/billing/index.server'
import { type RouteHandle } from '~/types'
import { ButtonLink } from '~/components/ui/button'

export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () => pageMeta('Subscription', 'The state of your LeaderForge Premium subscription.')

/** product §9: how long "Processing Your Subscription" shows. */
export const SUCCESS_PAGE_DELAY_MS = 2000
/** Skips the processing state: the Check Again link (docs/decisions/044). */
const RESULT_URL = '/subscription-success?step=result'

/**
 * The status shown is the server's (re-read from Stripe when there is a
 * subscription), never what the address claims: Stripe's return adds
 * `redirect_status`, and anyone can type `?status=active`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const subscription = await refreshSubscription(user)
	const premium = isPremiumStatus(subscription.status)
	return json({
		subscription,
		showResultAtOnce: new URL(request.url).searchParams.get('step') === 'result',
		toast: premium
			? makeToast({ title: 'Subscription Activated', description: 'Your premium membership is now active.' })
			: null,
	})
}

const trialEndFormat = new Intl.DateTimeFormat('en-US', {
	year: 'numeric',
	month: 'long',
	day: 'numeric',
	timeZone: 'UTC',
})

/**
 * Processing for 2 s, then the result. With JavaScript a timer switches
 * them; the page as the server draws it (without JavaScript, and until it
 * hydrates) holds both, and CSS swaps them after the same 2 s, without a
 * reload (docs/decisions/060).
 */
export default function SubscriptionSuccessPage() {
	const { subscription, showResultAtOnce, toast } = useLoaderData<typeof loader>()
	const hydrated = useHydrated()
	const [processing, setProcessing] = useState(!showResultAtOnce)
	// Drawn by the server, the page (and its CSS swap) started with the document; after a client-side navigation, now.
	const [shownAt] = useState(() => (hydrated ? performance.now() : 0))

	useEffect(() => {
		if (!processing) return
		const timer = setTimeout(
			() => setProcessing(false),
			Math.max(0, shownAt + SUCCESS_PAGE_DELAY_MS - performance.now()),
		)
		return () => clearTimeout(timer)
	}, [processing, shownAt])

	const result = isPremiumStatus(subscription.status) ? (
		<SubscriptionResult status={subscription.status} trialEndsAt={subscription.trialEndsAt} />
	) : (
		<NotConfirmed status={subscription.status} />
	)
	return (
		<div className="mx-auto max-w-lg py-10">
			<Card className="p-8 text-center">
				{!processing ? (
					result
				) : hydrated ? (
					<Processing />
				) : (
					<div
						className="grid [&>*]:col-start-1 [&>*]:row-start-1"
						style={{ '--swap-delay': `${SUCCESS_PAGE_DELAY_MS}ms` } as CSSProperties}
					>
						<div className="delayed-swap-out self-center">
							<Processing />
						</div>
						<div className="delayed-swap-in">
							{result}
							{toast ? <ServerToast toast={toast} /> : null}
						</div>
					</div>
				)}
			</Card>
			{processing ? null : <ActionToast toast={toast} />}
		</div>
	)
}

function Processing() {
	return (
		<>
			<Spinner label="Processing" className="justify-center" />
			<h1 className="mt-4 text-2xl font-bold text-gray-900">Processing Your Subscription</h1>
			<p className="mt-2 text-gray-600">Please wait while we confirm your payment...</p>
		</>
	)
}

function SubscriptionResult({ status, trialEndsAt }: { status: string; trialEndsAt: string | null }) {
	const trialing = status === 'trialing'
	return (
		<>
			<span
				aria-hidden="true"
				className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-2xl text-green-700"
			>
				✓
			</span>
			<h1 className="mt-4 text-2xl font-bold text-gray-900">Subscription Successful!</h1>
			<p className="mt-2 text-gray-700">
				{trialing ? 'Your 30-day free trial has started.' : 'Your premium membership is now active.'}
			</p>
			{trialing ? <p className="mt-1 text-gray-600">You won't be charged until your 30-day trial ends.</p> : null}
			{trialing && trialEndsAt ? (
				<p className="mt-1 text-sm text-gray-500">Trial ends: {trialEndFormat.format(new Date(trialEndsAt))}</p>
			) : null}
			<div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
				<ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
				<Link
					to="/content-library"
					className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-gray-900 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50"
				>
					Browse Content
				</Link>
			</div>
		</>
	)
}

/** Not premium as far as the server knows: say so rather than claim success (docs/decisions/044). */
function NotConfirmed({ status }: { status: string }) {
	const explanation =
		status === 'incomplete'
			? 'Your payment has not been confirmed yet. If you just paid, this can take a moment.'
			: status === 'past_due' || status === 'unpaid'
				? 'Your last payment did not go through, so premium access is paused.'
				: 'You do not have an active subscription.'
	return (
		<>
			<h1 className="text-2xl font-bold text-gray-900">Subscription Not Active</h1>
			<p className="mt-2 text-gray-700">{explanation}</p>
			<div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
				<ButtonLink to="/subscribe">Go to Subscription</ButtonLink>
				<Link
					to={RESULT_URL}
					reloadDocument
					className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-gray-900 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50"
				>
					Check Again
				</Link>
			</div>
		</>
	)
}
