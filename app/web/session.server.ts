import { createCookie, createSessionStorage, type Cookie, type Session } from '@remix-run/node'
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
			cookie: withRememberedReading(cookie),
			createData: (data, expires) => createSessionRecord(data, expires),
			readData: (sid) => readSessionRecord(sid),
			updateData: (sid, data, expires) => updateSessionRecord(sid, data, expires),
			deleteData: (sid) => deleteSessionRecord(sid),
		})
	})

/** How many Cookie headers' readings are kept; past it the memory starts again empty, so made-up headers cannot grow it. */
export const READINGS_KEPT_AT_MOST = 1_000

/**
 * The session cookie, whose reading of a Cookie header is remembered
 * (docs/decisions/241). A member's page reads it three times — the
 * request's arrival step before Remix (decision 095), the pages' session,
 * the form token's binding — and each checked the signature again (an HMAC
 * whose key is prepared anew each time). A reading depends only on the
 * header and the secret, so the same header always reads the same; what a
 * session holds is still read from its record, and setting the cookie is
 * unchanged.
 */
export function withRememberedReading(cookie: Cookie): Cookie {
	const readings = new Map<string, Promise<unknown>>()
	return {
		get name() {
			return cookie.name
		},
		get isSigned() {
			return cookie.isSigned
		},
		get expires() {
			return cookie.expires
		},
		parse(cookieHeader, options) {
			// Options change how a value is decoded; none are passed here, and any other call reads afresh.
			if (!cookieHeader || options) return cookie.parse(cookieHeader, options)
			let reading = readings.get(cookieHeader)
			if (!reading) {
				if (readings.size >= READINGS_KEPT_AT_MOST) readings.clear()
				reading = cookie.parse(cookieHeader)
				readings.set(cookieHeader, reading)
				// A failed reading is not remembered.
				reading.catch(() => readings.delete(cookieHeader))
			}
			return reading
		},
		serialize: (value, options) => cookie.serialize(value, options),
	}
}

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
