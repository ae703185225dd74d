import type { Stripe } from '@stripe/stripe-js'
import { useNavigate } from '@remix-run/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Spinner } from '~/components/ui/spinner'
import { useToast } from '~/components/ui/toaster'
import { isPremiumStatus } from '~/lib/subscription'
import { describeFailure, UNEXPECTED_ERROR } from '~/components/billing/messages'

/** Stripe's code is fetched only when a card form is about to show (never in demo mode, never on the server). */
const StripeCardForm = lazy(() => import('~/components/billing/stripe-card-form'))

type Checkout =
	| { phase: 'loading' }
	| { phase: 'ready'; stripe: Stripe; clientSecret: string; status: string }
	| { phase: 'error'; message: string }

/**
 * The Stripe island of /subscribe (product §2 Subscribe): asks the server for
 * the subscription (a spinner meanwhile), then shows Stripe's Payment Element
 * for the secret it returns. Premium with nothing to pay goes to /dashboard.
 */
export function StripeCheckout({ publicKey }: { publicKey: string }) {
	const [checkout, setCheckout] = useState<Checkout>({ phase: 'loading' })
	const { showToast } = useToast()
	const navigate = useNavigate()

	useEffect(() => {
		let cancelled = false
		async function start() {
			const response = await fetch('/api/get-or-create-subscription', { method: 'POST', credentials: 'same-origin' })
			if (!response.ok) throw new Error(await describeFailure(response))
			const answer = (await response.json()) as { clientSecret?: string; status: string }
			if (cancelled) return
			if (!answer.clientSecret) {
				if (isPremiumStatus(answer.status)) return navigate('/dashboard')
				throw new Error(`Your subscription could not be started (status: ${answer.status}).`)
			}
			// The ES module file by name: the package's `pure` folder has no exports map, and its CommonJS build would lose the named export.
			const { loadStripe } = await import('@stripe/stripe-js/pure/index.mjs')
			const stripe = await loadStripe(publicKey)
			if (!stripe) throw new Error('Stripe could not be loaded in this browser.')
			if (!cancelled) setCheckout({ phase: 'ready', stripe, clientSecret: answer.clientSecret, status: answer.status })
		}
		start().catch((error: unknown) => {
			if (cancelled) return
			const message = error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR
			setCheckout({ phase: 'error', message })
			showToast({ type: 'destructive', title: 'Failed to set up subscription', description: message })
		})
		return () => {
			cancelled = true
		}
	}, [publicKey, navigate, showToast])

	if (checkout.phase === 'error') return <SetupErrorCard message={checkout.message} />
	const settingUp = (
		<div className="flex flex-col items-center gap-3 py-10 text-sm text-gray-600">
			<Spinner label="Setting up your subscription" />
			<span aria-hidden="true">Setting up your subscription...</span>
			<noscript>
				<p className="max-w-sm text-center text-gray-700">
					The secure card form needs JavaScript. Please turn JavaScript on to subscribe.
				</p>
			</noscript>
		</div>
	)
	if (checkout.phase === 'loading') return settingUp
	return (
		<Suspense fallback={settingUp}>
			<StripeCardForm stripe={checkout.stripe} clientSecret={checkout.clientSecret} status={checkout.status} />
		</Suspense>
	)
}

/** product §2: the error card with the message and a Try Again button that reloads the page. */
export function SetupErrorCard({ message }: { message: string }) {
	return (
		<div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5">
			<h2 className="text-lg font-semibold text-red-800">Error</h2>
			<p className="mt-1 text-sm text-red-800">We encountered a problem setting up your subscription.</p>
			<p className="mt-2 text-sm text-red-700">{message}</p>
			<button
				type="button"
				onClick={() => window.location.reload()}
				className="mt-4 rounded-md bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-red-200 hover:bg-red-100"
			>
				Try Again
			</button>
		</div>
	)
}
