/** The id of every page's <main>: the skip link's target. */
export const MAIN_ID = 'main'

/**
 * The first focusable element of a page: hidden until focused, it jumps
 * past the top bar and the sidebar to the page's <main id="main">.
 */
export function SkipLink() {
	return (
		<a
			href={`#${MAIN_ID}`}
			className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg"
		>
			Skip to main content
		</a>
	)
}
