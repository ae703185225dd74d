import { type LoaderFunctionArgs } from '@remix-run/node'
import { calendarFeedFile } from '~/services/events/calendar.server'
import { publicOriginOf } from '~/web/client.server'
import { jsonError } from '~/web/http.server'

/**
 * GET /calendar/{token}.ics: a member's personal feed of the events they are
 * going to. Calendar apps fetch it without a session, so the secret token in
 * the address is the key; an unknown or reset token is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const file = params.file ?? ''
	const feed = file.endsWith('.ics')
		? await calendarFeedFile(file.slice(0, -'.ics'.length), publicOriginOf(request))
		: null
	if (feed === null) throw jsonError(404, 'Calendar not found')
	return new Response(feed, {
		headers: {
			'Content-Type': 'text/calendar; charset=utf-8',
			'Cache-Control': 'private, no-store',
			// The address is the key: keep it out of search engines and Referer headers.
			'X-Robots-Tag': 'noindex',
			'Referrer-Policy': 'no-referrer',
		},
	})
}
