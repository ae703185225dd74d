import mongoose, { type Model, type Schema } from 'mongoose'

/**
 * Registers a model once. The Remix server build and `server.ts` are two
 * bundles that share one `mongoose` from node_modules, so a model may already
 * be registered by the other bundle: reuse it instead of throwing
 * OverwriteModelError.
 */
export function defineModel<T>(name: string, schema: Schema<T>): Model<T> {
	return (mongoose.models[name] as Model<T> | undefined) ?? mongoose.model<T>(name, schema)
}

/** Dates leave the server as ISO strings, whatever the driver hands back. */
export function toIso(value: unknown): string | null {
	if (value == null) return null
	const date = value instanceof Date ? value : new Date(String(value))
	return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
