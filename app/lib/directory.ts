import { readSearch } from '~/lib/search-text'

/**
 * The member directory's filters (product §2 "Member directory"), read the
 * same way from the page's address and from GET /api/members: a search,
 * a community, a role ('staff' is every staff role).
 */
export const DIRECTORY_ROLES = ['staff', 'admin', 'moderator', 'content_manager'] as const
export type DirectoryRole = (typeof DIRECTORY_ROLES)[number]
export const DIRECTORY_ROLE_LABELS: Record<DirectoryRole, string> = {
	staff: 'Staff (any role)',
	admin: 'Admins',
	moderator: 'Moderators',
	content_manager: 'Content managers',
}

export interface DirectoryFilter {
	q: string
	communityId?: number
	role?: DirectoryRole
}

/**
 * The filters from an address. `strict` (the JSON call) refuses a community
 * or role that is not one with a message; a page reads them as "any".
 */
export function readDirectoryFilter(
	params: URLSearchParams,
	{ strict = false }: { strict?: boolean } = {},
): DirectoryFilter | { error: string; field: string } {
	const community = params.get('community') ?? ''
	const role = params.get('role') ?? ''
	const filter: DirectoryFilter = { q: readSearch(params.get('q')) }
	if (community !== '') {
		if (/^\d{1,9}$/.test(community) && Number(community) > 0) filter.communityId = Number(community)
		else if (strict) return { error: 'community must be a community id', field: 'community' }
	}
	if (role !== '') {
		const known = DIRECTORY_ROLES.find((value) => value === role)
		if (known) filter.role = known
		else if (strict) return { error: `role must be one of: ${DIRECTORY_ROLES.join(', ')}`, field: 'role' }
	}
	return filter
}
