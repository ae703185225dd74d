/** product §2's roles, as stored and as the pages name them. Schemas that check a role are in `schemas.ts` and `admin-schemas.ts`. */
export const ROLE_VALUES = ['member', 'moderator', 'content_manager', 'admin'] as const

/** product §2: how roles read in the panel: "content_manager" is shown "content manager". */
export function roleLabel(role: string): string {
	return role.replace(/_/g, ' ')
}

/** The role select's options (product §2 "Change User Role"). */
export const ROLE_OPTIONS: Array<{ value: (typeof ROLE_VALUES)[number]; label: string }> = [
	{ value: 'member', label: 'Member' },
	{ value: 'moderator', label: 'Moderator' },
	{ value: 'content_manager', label: 'Content Manager' },
	{ value: 'admin', label: 'Admin' },
]
