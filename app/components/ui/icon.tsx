import iconsHref from '~/components/ui/icons.svg'

/**
 * Small line icons drawn in the current text colour (24 × 24 grid). Decorative: pair them with text or a label.
 *
 * Each is a <symbol> of one sprite file (./icons.svg, fingerprinted under /build/ and kept by browsers and the
 * service worker), drawn here with <use>: the shapes are neither in the pages' scripts nor repeated in their
 * HTML (docs/decisions/221). The <svg> here sets the stroke the symbols' shapes inherit.
 */
export const ICON_NAMES = [
	'dashboard',
	'video',
	'community',
	'pods',
	'messages',
	'events',
	'resources',
	'admin',
	'flag',
	'chart',
	'settings',
	'logout',
	'bell',
	'search',
	'menu',
	'close',
	'warning',
	'star',
	'user',
	'lock',
	'play',
	'pause',
	'back10',
	'forward10',
	'volume',
	'muted',
	'fullscreen',
	'captions',
	'chapters',
	'check',
	'clock',
	'location',
	'document',
	'table',
	'presentation',
	'image',
	'link',
	'article',
	'pencil',
	'clipboard',
	'book',
	'tool',
	'arrowLeft',
	'chevronLeft',
	'chevronRight',
	'download',
	'external',
] as const

export type IconName = (typeof ICON_NAMES)[number]

/** The sprite's address, preloaded by the root (app/root.tsx) so icons arrive with the page's styles. */
export { iconsHref }

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={1.8}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={`shrink-0 ${className}`}
		>
			<use href={`${iconsHref}#${name}`} />
		</svg>
	)
}
