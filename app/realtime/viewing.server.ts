import { ClientToServer, type ViewingResult } from '~/lib/live-events'
import { clientPayloadSchemas } from '~/lib/live-payloads'
import { acknowledgementOf, describePayloadIssues } from '~/realtime/acknowledgement.server'
import { type ChatSocket } from '~/realtime/socket-data'

/**
 * `viewing {path, visible}`: a page's live socket says which page it shows
 * and whether it is on screen, when it connects, when the member moves to
 * another page and when the tab is hidden or shown again. The push job asks
 * (live.isLookingAt) so that a member who is looking at what a notification
 * is about gets no push about it (docs/decisions/181). Any socket of the
 * member's own may say it, `auth` or not; a payload that is not a local path
 * forgets what the socket said before and is answered as every refused
 * event is: `error {message}`, and `{ ok: false, message }` to an
 * acknowledgement callback (`{ ok: true }` when it was taken).
 */
export function registerViewingHandler(socket: ChatSocket) {
	socket.on(ClientToServer.viewing, (payload: unknown, ack?: unknown) => {
		const { answer, refuse } = acknowledgementOf<ViewingResult>(socket, ack)
		const parsed = clientPayloadSchemas.viewing.safeParse(payload ?? {})
		socket.data.viewing = parsed.success ? parsed.data : null
		if (parsed.success) return answer({ ok: true })
		refuse(describePayloadIssues(ClientToServer.viewing, parsed.error))
	})
}
