import { z } from 'zod'
import { type ChatSocket } from '~/realtime/socket-data'

/**
 * `viewing {path, visible}`: a page's live socket says which page it shows
 * and whether it is on screen, when it connects, when the member moves to
 * another page and when the tab is hidden or shown again. The push job asks
 * (live.isLookingAt) so that a member who is looking at what a notification
 * is about gets no push about it (docs/decisions/181). Any socket of the
 * member's own may say it, `auth` or not; a payload that is not a local path
 * forgets what the socket said before. An acknowledgement callback, when
 * passed, hears `{ ok }` (or `{ ok: false, message }`).
 */
export const ViewingPayload = z.object({
	path: z
		.string()
		.max(2_000)
		.regex(/^\/(?!\/)[^\s\\]*$/, 'path must be a path on this site'),
	visible: z.boolean(),
})

export function registerViewingHandler(socket: ChatSocket) {
	socket.on('viewing', (payload: unknown, ack?: unknown) => {
		const parsed = ViewingPayload.safeParse(payload)
		socket.data.viewing = parsed.success ? parsed.data : null
		if (typeof ack === 'function')
			ack(parsed.success ? { ok: true } : { ok: false, message: parsed.error.issues[0]!.message })
	})
}
