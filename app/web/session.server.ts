import { createCookie, createSessionStorage, type Session } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { singleton } from '~/platform/singleton.server'
import {
	createSessionRecord,
	deleteSessionRecord,
	readSessionRecord,
	SESSION_MAX_AGE_SECONDS,
	updateSessionRecord,
	type SessionData,
} from '~/services/account/sessions.server'

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure in production, signed
 * with SESSION_SECRET, carrying only the id of a session record
 * (app/services/account/sessions.server.ts). Created on first use, after start-up has
 * validated the configuration.
 */
export const getSessionStorage = () =>
	singleton('session-storage', () => {
		const config = getConfig()
		const cookie = createCookie('__session', {
			httpOnly: true,
			sameSite: 'lax',
			secure: config.secureCookies,
			path: '/',
			maxAge: SESSION_MAX_AGE_SECONDS,
			secrets: [config.sessionSecret],
		})
		return createSessionStorage<SessionData>({
			cookie,
			createData: (data, expires) => createSessionRecord(data, expires),
			readData: (sid) => readSessionRecord(sid),
			updateData: (sid, data, expires) => updateSessionRecord(sid, data, expires),
			deleteData: (sid) => deleteSessionRecord(sid),
		})
	})

export function getSession(request: Request): Promise<Session<SessionData>> {
	return getSessionStorage().getSession(request.headers.get('Cookie'))
}

/** Reads the session behind a raw Cookie header (the socket handshake has no Request). */
export async function readSessionCookie(
	cookieHeader: string | null | undefined,
): Promise<{ userId: number; sessionId: string } | null> {
	if (!cookieHeader) return null
	const session = await getSessionStorage().getSession(cookieHeader)
	const userId = session.get('userId')
	return typeof userId === 'number' && session.id ? { userId, sessionId: session.id } : null
}
