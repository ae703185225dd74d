/**
 * Sane upper bounds of what a member types: long enough for any real value,
 * short enough that nobody can post a megabyte. Apart from the schemas that
 * check them (~/lib/schemas re-exports them), so a page that draws a field's
 * `maxLength` needs no zod among its scripts (decisions 220, 254).
 */
export const LIMITS = {
	username: 32,
	password: 128,
	name: 100,
	email: 254,
	bio: 500,
	url: 2048,
} as const
