import { PUBLIC_USER_FIELDS, UserModel, type PublicUserJSON, type User } from '#models/index'
import { type PageWindow } from '~/lib/paging'
import { publicUserJSON } from '~/platform/public-pictures.server'

/**
 * Accounts as other members may see them, matching `filter`, by name (the id
 * breaking ties, the `{name, id}` indexes: decision 081), a page at a time:
 * the one read behind every list of people (contacts, a community's members,
 * the member directory).
 */
export async function findPublicUsers(filter: Record<string, unknown>, window?: PageWindow): Promise<PublicUserJSON[]> {
	const users = await UserModel.find(filter)
		.select(PUBLIC_USER_FIELDS)
		.sort({ name: 1, id: 1 })
		.skip(window?.skip ?? 0)
		.limit(window?.limit ?? 0)
		.lean<User[]>()
	return users.map(publicUserJSON)
}
