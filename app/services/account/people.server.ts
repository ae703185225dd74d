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

/**
 * What a page's list of people draws of each (a room's members, Messages' contacts): a name, a picture, a
 * username and the admin badge. The rest of a public profile (bio, headline, links, interests) stays out of the
 * page's data, which the document carries once more for hydration: fifty profiles a page otherwise.
 */
export type ListedPerson = Pick<PublicUserJSON, 'id' | 'username' | 'name' | 'avatar' | 'role'>

export function listedPerson({ id, username, name, avatar, role }: PublicUserJSON): ListedPerson {
	return { id, username, name, avatar, role }
}
