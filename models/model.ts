import mongoose, { type Model, type Schema, type UpdateQuery } from 'mongoose'

/**
 * Registers a model once. The Remix server build and `server.ts` are two
 * bundles that share one `mongoose` from node_modules, so a model may already
 * be registered by the other bundle: reuse it instead of throwing
 * OverwriteModelError.
 */
export function defineModel<T>(name: string, schema: Schema<T>): Model<T> {
	return (mongoose.models[name] as Model<T> | undefined) ?? mongoose.model<T>(name, schema)
}

/**
 * What must follow a write that is already done, run by model middleware
 * (renewing a held read's version, docs/decisions/089): a failure is logged,
 * not thrown, so the write is never reported as failed (and made again). A
 * held read also expires on its own within a minute
 * (app/platform/held-reads.server.ts).
 */
export async function afterWrite(what: string, work: () => Promise<unknown>): Promise<void> {
	try {
		await work()
	} catch (error) {
		console.error(`After a write, ${what} failed:`, error)
	}
}

/** Dates leave the server as ISO strings, whatever the driver hands back. */
export function toIso(value: unknown): string | null {
	if (value == null) return null
	const date = value instanceof Date ? value : new Date(String(value))
	return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** Whether an update (or a replacement) can set, unset or rename one of `fields`: a pipeline update can do anything. */
export function mayChange(update: UpdateQuery<unknown> | unknown[] | null, fields: string[]): boolean {
	if (!update) return false
	if (Array.isArray(update)) return true
	return Object.entries(update).some(([key, value]) => {
		if (!key.startsWith('$')) return fields.includes(key)
		if (typeof value !== 'object' || value === null) return false
		return (
			Object.keys(value).some((field) => fields.includes(field)) ||
			(key === '$rename' && Object.values(value).some((to) => fields.includes(String(to))))
		)
	})
}
