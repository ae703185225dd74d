import { randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { createCookie, createSessionStorage, type Session } from '@remix-run/node'
import { SessionModel } from '#models/index'
import { getConfig } from '~/config.server'
import { singleton } from '~/lib/singleton.server'

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30

export interface SessionData {
	userId: number
}

/**
 * Created on first use, after start-up has validated the configuration.
 * Sessions live in MongoDB; the cookie carries only the random session id,
 * signed with SESSION_SECRET (ARCHITECTURE.md "Sessions and security").
 */
export const getSessionStorage = () =>
	singleton('session-storage', () => {
	const config = getConfig()
	const cookie = createCookie('__session', {
		httpOnly: true,
		sameSite: 'lax',
		secure: config.isProduction,
		path: '/',
		maxAge: SESSION_MAX_AGE_SECONDS,
		secrets: [config.sessionSecret],
	})
	const expiryFrom = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)

	return createSessionStorage<SessionData>({
		cookie,
		async createData(data, expires) {
			const sid = randomBytes(32).toString('base64url')
			await SessionModel.create({ sid, userId: data.userId ?? null, data, expiresAt: expiryFrom(expires) })
			return sid
		},
		async readData(sid) {
			const record = await SessionModel.findOne({ sid }).select('data expiresAt').lean()
			if (!record || record.expiresAt.getTime() <= Date.now()) return null
			return record.data as Partial<SessionData>
		},
		async updateData(sid, data, expires) {
			await SessionModel.updateOne(
				{ sid },
				{ $set: { data, userId: data.userId ?? null, expiresAt: expiryFrom(expires) } },
			)
		},
		async deleteData(sid) {
			await SessionModel.deleteOne({ sid })
		},
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

/** Ends every session of a user ("Log out from all devices"), or every one but `except` (after a password change). */
export async function deleteAllSessionsOfUser(userId: number, { except }: { except?: string } = {}): Promise<void> {
	await SessionModel.deleteMany(except ? { userId, sid: mongoose.trusted({ $ne: except }) } : { userId })
}
