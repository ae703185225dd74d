import { Schema } from 'mongoose'
import { defineModel, toIso } from '#models/model'

/**
 * An invoice of simulated billing (docs/decisions/043, 124): what Stripe
 * would have billed, so the Billing tab has something true to list. Nothing
 * is ever charged.
 */
export interface SimulatedInvoice {
	/** "SIM-{userId}-{period start, yyyymmddhhmmss}": readable, and unique per member and period. */
	number: string
	userId: number
	amountCents: number
	description: string
	periodStart: Date
	periodEnd: Date
	createdAt: Date
}

export interface SimulatedInvoiceJSON {
	number: string
	amountCents: number
	description: string
	periodStart: string
	periodEnd: string
	createdAt: string
}

export function toSimulatedInvoiceJSON(invoice: SimulatedInvoice): SimulatedInvoiceJSON {
	return {
		number: invoice.number,
		amountCents: invoice.amountCents,
		description: invoice.description,
		periodStart: toIso(invoice.periodStart)!,
		periodEnd: toIso(invoice.periodEnd)!,
		createdAt: toIso(invoice.createdAt)!,
	}
}

const simulatedInvoiceSchema = new Schema<SimulatedInvoice>(
	{
		number: { type: String, required: true, unique: true },
		userId: { type: Number, required: true },
		amountCents: { type: Number, required: true },
		description: { type: String, required: true },
		periodStart: { type: Date, required: true },
		periodEnd: { type: Date, required: true },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{ versionKey: false },
)
simulatedInvoiceSchema.index({ userId: 1, createdAt: -1 })

export const SimulatedInvoiceModel = defineModel<SimulatedInvoice>('SimulatedInvoice', simulatedInvoiceSchema)
