import { useRouteLoaderData } from '@remix-run/react'
import { DEFAULT_THUMBNAIL } from '~/lib/videos'

/**
 * The default picture's address with its fingerprint, as the root loader names it (docs/decisions/088);
 * the plain path where the root has no data (its error page).
 */
export function useDefaultThumbnail(): string {
	const root = useRouteLoaderData('root') as { defaultThumbnail?: string } | undefined
	return root?.defaultThumbnail ?? DEFAULT_THUMBNAIL
}

/**
 * A video's picture; a missing thumbnail falls back to the default image (product §2). Decorative: the title sits beside it.
 * Full width unless `className` sets one: two width classes would fight, and the CSS order, not the caller, would win.
 * Lazy unless `eager`: a picture in the first screenful (often the page's largest) must not wait for the layout.
 */
export function VideoThumbnail({
	src,
	className = 'w-full',
	eager = false,
}: {
	src: string | null | undefined
	className?: string
	eager?: boolean
}) {
	const defaultThumbnail = useDefaultThumbnail()
	return (
		<img
			src={src || defaultThumbnail}
			alt=""
			loading={eager ? 'eager' : 'lazy'}
			className={`aspect-video bg-gray-100 object-cover ${className}`}
		/>
	)
}
