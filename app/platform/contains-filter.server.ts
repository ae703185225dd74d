import mongoose from 'mongoose'

/**
 * Escapes text for use inside a RegExp: a search for "c++" finds "c++". A NUL
 * byte becomes the escape `\x00`, as BSON cannot carry it inside a pattern.
 */
export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '\\x00')
}

/**
 * The filter for documents where any of `fields` contains `search`, ignoring
 * case; an empty search matches everything. The one text search of every list.
 */
export function anyFieldContains(search: string | undefined, fields: string[]): Record<string, unknown> {
	if (!search?.trim()) return {}
	const pattern = new RegExp(escapeRegExp(search.trim()), 'i')
	return { $or: fields.map((field) => ({ [field]: mongoose.trusted({ $regex: pattern }) })) }
}
