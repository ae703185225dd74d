import { DEFAULT_THUMBNAIL } from '~/lib/videos'

/** A video's picture; a missing thumbnail falls back to the default image (SPEC §2). Decorative: the title sits beside it. */
export function VideoThumbnail({ src, className = '' }: { src: string | null | undefined; className?: string }) {
	return <img src={src || DEFAULT_THUMBNAIL} alt="" loading="lazy" className={`aspect-video w-full bg-gray-100 object-cover ${className}`} />
}
