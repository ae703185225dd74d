import mongoose, { type Model } from 'mongoose'

/**
 * A list's order as `.sort()` takes it: fields with their direction, the last
 * one unique (an id). Each field is required: a comparison with null matches
 * nothing, so a row with a missing value would be counted nowhere.
 */
export type ListOrder = Record<string, 1 | -1>

/** The orders most lists use: by id, oldest or newest first. */
export const OLDEST_FIRST: ListOrder = { id: 1 }
export const NEWEST_FIRST: ListOrder = { id: -1 }

/**
 * Where a row is in a list: how many rows the list shows before it, or null
 * when the list's filter leaves it out. `at` holds the row's values of the
 * order's fields as they are stored. Used to open the page a new row is on
 * (decision 249); both reads use the list's own filter and order.
 */
export async function placeInList<Doc>(
	model: Model<Doc>,
	filter: Record<string, unknown>,
	order: ListOrder,
	at: Record<string, unknown>,
): Promise<number | null> {
	// An empty filter takes every row: only a search needs asking.
	if (Object.keys(filter).length > 0 && !(await model.exists({ $and: [filter, at] }))) return null
	const fields = Object.keys(order)
	// Before it in the order: equal on every earlier field and before it on this one, for some field.
	const before = fields.map((field, index) => ({
		...Object.fromEntries(fields.slice(0, index).map((earlier) => [earlier, at[earlier]])),
		[field]: mongoose.trusted({ [order[field] === 1 ? '$lt' : '$gt']: at[field] }),
	}))
	return model.countDocuments({ $and: [filter, { $or: before }] })
}
