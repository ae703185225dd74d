import { formatDate } from '~/lib/dates'
import { type BillingDetails } from '~/services/billing/index.server'

/** What the Billing tab draws: the service's details, with its dates written in the member's time zone. */
export type BillingView = Omit<BillingDetails, 'invoices'> & {
	periodEndText: string | null
	trialEndText: string | null
	invoices: Array<BillingDetails['invoices'][number] & { periodText: string }>
}

export function toBillingView(details: BillingDetails, timeZone: string): BillingView {
	return {
		...details,
		periodEndText: details.currentPeriodEnd ? formatDate(details.currentPeriodEnd, timeZone) : null,
		trialEndText: details.trialEnd ? formatDate(details.trialEnd, timeZone) : null,
		invoices: details.invoices.map((invoice) => ({
			...invoice,
			periodText: `${formatDate(invoice.periodStart, timeZone)} – ${formatDate(invoice.periodEnd, timeZone)}`,
		})),
	}
}

/** 5000 → '$50.00' */
export function formatCents(cents: number): string {
	return `$${(cents / 100).toFixed(2)}`
}
