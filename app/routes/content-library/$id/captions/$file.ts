import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCaptionFile } from '~/services/catalogue/captions.server'
import { getOptionalUser } from '~/web/auth.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'

/**
 * GET /content-library/{id}/captions/{language}.vtt: a lesson's captions in
 * one language, the player's `<track kind="captions">` (docs/decisions/170).
 * The lesson's own gate: 401 without a session, 403 for a Premium lesson a
 * free member cannot play, 404 for an unknown lesson or language. Cached by
 * the member's browser only; the page's address carries the captions'
 * version, so a replaced file is fetched afresh.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const videoId = requireNumericId(params.id, 'Video')
	const language = /^([a-z]{2})\.vtt$/.exec(params.file ?? '')?.[1] ?? ''
	const user = await getOptionalUser(request)
	const { vtt, updatedAt } = await getCaptionFile(user, videoId, language).catch(rethrowAsResponse)
	return new Response(vtt, {
		headers: {
			'Content-Type': 'text/vtt; charset=utf-8',
			'Cache-Control': 'private, max-age=3600',
			Vary: 'Cookie',
			'Last-Modified': updatedAt.toUTCString(),
		},
	})
}
