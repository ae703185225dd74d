import { ClientToServer, type BadgesResult } from '~/lib/live-events'
import { ServiceError } from '~/lib/service-error'
import { clientPayloadSchemas } from '~/lib/live-payloads'
import { runInRequestContext } from '~/platform/request-context.server'
import { memberBadges } from '~/services/member-layout.server'
import { readLimitRefusal } from '~/web/rate-limit.server'
import { acknowledgementOf, describePayloadIssues } from '~/realtime/acknowledgement.server'
import { assertLiveSession } from '~/realtime/live-session.server'
import { type ChatSocket } from '~/realtime/socket-data'

const BADGES_UNAVAILABLE = 'Your notifications could not be read just now. Please try again later.'

/**
 * `badges {notificationsAfter}`: the layout's socket (components/layout/
 * live-counts.ts) asks it each time it connects, because what happened
 * before the socket joined its member's room, or while it was down, was
 * never sent to it (docs/decisions/100). Answered through the acknowledgement
 * only: the counts as they stand and the notifications newer than the page's
 * newest (memberBadges); without a callback nothing is read. Any socket of
 * the member's own may ask, `auth` or not, and it hears its own member's
 * badges alone: the payload names no one. It reads stored data on request,
 * as a page does, so the socket's session is read again first (decision 132:
 * a socket whose session ended is refused and closed); each ask counts
 * against the member's read limit, as a page's data request would (decision
 * 203).
 */
export function registerBadgesHandler(socket: ChatSocket) {
	socket.on(ClientToServer.badges, (payload: unknown, ack?: unknown) => {
		const { answer, refuse } = acknowledgementOf<BadgesResult>(socket, ack)
		const parsed = clientPayloadSchemas.badges.safeParse(payload ?? {})
		if (!parsed.success) return refuse(describePayloadIssues(ClientToServer.badges, parsed.error))
		if (typeof ack !== 'function') return
		void (async () => {
			try {
				// A read of stored data on request, like a page's: only while the socket's session stands (decision 132).
				const [, refusal] = await Promise.all([
					assertLiveSession(socket),
					readLimitRefusal({ address: null, memberId: socket.data.userId }),
				])
				if (refusal) return refuse(refusal.message)
				// Read as a page's GET is, so that the account's read serves the layout's version and the Messages count.
				const badges = await runInRequestContext('GET', () =>
					memberBadges(socket.data.userId, parsed.data.notificationsAfter),
				)
				if (!badges) return refuse('Not authenticated')
				answer({ ok: true, ...badges })
			} catch (error) {
				if (error instanceof ServiceError) return refuse(error.message)
				console.error('Live badges:', error)
				refuse(BADGES_UNAVAILABLE)
			}
		})()
	})
}
