import { DEFAULT_THUMBNAIL } from '~/lib/videos'

/**
 * A video's picture; a missing thumbnail falls back to the default image (product §2). Decorative: the title sits beside it.
 * Full width unless `className` sets one: two width classes would fight, and the CSS order, not the caller, would win.
 * Lazy unless `eager`: a picture in the first screenful (often the page's largest) must not wait for the layout.
 */
export function VideoThumbnail({ src, className = 'w-full', eager = false }: { src: string | null | undefined; className?: string; eager?: boolean }) {
	return (
		<img src={src || DEFAULT_THUMBNAIL} alt="" loading={eager ? 'eager' : 'lazy'} className={`aspect-video bg-gray-100 object-cover ${className}`} />
	)
}
