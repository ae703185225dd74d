import { hasControlCharacter } from '~/lib/characters'

/**
 * Addresses the app links to or embeds (video and resource URLs,
 * thumbnails, icons, avatars): a path on this site ("/media/a.mp4") or an
 * http(s) URL. Anything else is refused: javascript: and data: addresses, a
 * protocol-relative "//host", and "/\\host", which browsers read as
 * "//host" (another site).
 */
export function isSafeUrl(value: string): boolean {
	if (/\s/.test(value) || hasControlCharacter(value)) return false
	if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
	try {
		const url = new URL(value)
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
	} catch {
		return false
	}
}
