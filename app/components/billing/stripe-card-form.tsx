import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { useState, type FormEvent } from 'react'
import { StatusButton } from '~/components/ui/button'
import { useToast } from '~/components/ui/toaster'
import { PREMIUM_PRICE_LABEL } from '~/lib/subscription'
import { UNEXPECTED_ERROR } from '~/components/billing/messages'

/**
 * Stripe's Payment Element for the secret the server returned (product §2
 * Subscribe). Loaded on demand by StripeCheckout.
 */
export default function StripeCardForm({
	stripe,
	clientSecret,
	status,
}: {
	stripe: Stripe
	clientSecret: string
	status: string
}) {
	return (
		<Elements
			stripe={stripe}
			options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#2554eb' } } }}
		>
			<CardForm clientSecret={clientSecret} status={status} />
		</Elements>
	)
}

/** Why money is due now rather than after a trial, when that is the case. */
function dueNowNotice(status: string): string | null {
	if (status === 'past_due' || status === 'unpaid') {
		return `Your last payment did not go through. Pay the open ${PREMIUM_PRICE_LABEL} invoice to restore your premium access.`
	}
	if (status === 'incomplete')
		return `You have already used your free trial, so the first ${PREMIUM_PRICE_LABEL} is charged today.`
	return null
}

function CardForm({ clientSecret, status }: { clientSecret: string; status: string }) {
	const stripe = useStripe()
	const elements = useElements()
	const { showToast } = useToast()
	const [pending, setPending] = useState(false)
	const notice = dueNowNotice(status)

	async function handleSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		// product §5: a payment element must be present before a payment is confirmed.
		if (!stripe || !elements || !elements.getElement('payment')) return
		setPending(true)
		const confirmParams = { return_url: `${window.location.origin}/subscription-success` }
		// A trial saves the card for later (a setup intent); otherwise an invoice is paid now.
		const { error } = clientSecret.startsWith('seti_')
			? await stripe.confirmSetup({ elements, confirmParams })
			: await stripe.confirmPayment({ elements, confirmParams })
		// Reached only when Stripe did not redirect to the return URL.
		setPending(false)
		showToast({ type: 'destructive', title: 'Payment Failed', description: error?.message ?? UNEXPECTED_ERROR })
	}

	return (
		<form onSubmit={handleSubmit} className="space-y-5">
			{notice ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">{notice}</p> : null}
			<PaymentElement />
			<StatusButton pending={pending} pendingLabel="Processing..." disabled={!stripe || !elements} size="wide">
				Complete Subscription
			</StatusButton>
		</form>
	)
}
