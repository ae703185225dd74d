import { ServerToClient } from '~/lib/live-events'
import { ServiceError } from '~/lib/service-error'
import { readSessionRecord } from '~/services/account/sessions.server'
import { type ChatSocket } from '~/realtime/socket-data'

/**
 * A socket acts only while the session it was opened with still exists
 * (docs/decisions/132). Logging out, "log out everywhere" and a password
 * change close the session's sockets at once (live.disconnectUser); this
 * re-check, one indexed read before each thing a socket does, also stops a
 * socket whose session ended where no disconnect reached it (expired, deleted
 * by another process or by hand).
 */
export const SESSION_ENDED = 'Your session has ended. Please log in again.'
const CHAT_UNAVAILABLE = 'Chat service unavailable. Please try again.'

/** Refuses with SESSION_ENDED, and closes the socket once the refusal is on its way, when the session is gone. */
export async function assertLiveSession(socket: ChatSocket): Promise<void> {
	const data = await readSessionRecord(socket.data.sessionId)
	if (data?.userId === socket.data.userId) return
	setImmediate(() => socket.disconnect(true))
	throw new ServiceError(SESSION_ENDED, 401)
}

/** The same check on its own (after `auth`): a socket whose session is gone hears why, and closes. */
export async function recheckLiveSession(socket: ChatSocket): Promise<void> {
	try {
		await assertLiveSession(socket)
	} catch (error) {
		if (!(error instanceof ServiceError)) console.error('Chat socket error:', error)
		socket.emit(ServerToClient.error, { message: error instanceof ServiceError ? error.message : CHAT_UNAVAILABLE })
	}
}
