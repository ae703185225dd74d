import { offlineHtml } from '~/lib/unavailable-page'

/**
 * The offline page (docs/decisions/180): the service worker keeps a copy and
 * shows it when a page cannot be reached. The same for everyone, with nothing
 * of a member's in it, so a kept copy reveals nothing.
 */
export const loader = () =>
	new Response(offlineHtml(), {
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
	})
