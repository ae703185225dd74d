/**
 * A name no other test uses, for accounts, titles and message texts: the
 * prefix, then the time and a random part. Fits a username (letters, digits
 * and underscores; 13 characters after the prefix) when the prefix does.
 * Shared by the integration and the end-to-end tests, so it imports nothing.
 */
export function uniqueName(prefix: string): string {
	return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}
