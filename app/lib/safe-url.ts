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

/** A picture file on this site: a path (no query) ending in an image file's extension, never under /api/. */
const LOCAL_PICTURE = /^\/(?!api\/)[^?#]*\.(?:png|jpe?g|gif|webp|avif|svg)$/i

/**
 * Where a member's avatar may point (an image source on every page that
 * shows them): an https: address, or a picture on this site. Never another
 * address of the app, which the viewer's browser would GET with their
 * cookies just by showing the avatar.
 */
export function isPictureAddress(value: string): boolean {
	if (!isSafeUrl(value)) return false
	if (value.startsWith('/')) return LOCAL_PICTURE.test(value)
	return new URL(value).protocol === 'https:'
}
