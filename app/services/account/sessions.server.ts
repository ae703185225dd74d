import { randomBytes } from 'node:crypto'
import mongoose from 'mongoose'
import { SessionModel } from '#models/index'
import { forgetInRequest, sharedInRequest } from '~/platform/request-context.server'

/**
 * Login sessions are records in MongoDB (docs/architecture.md "Sessions");
 * the browser's cookie carries only the random id (app/web/session.server.ts).
 */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30

export interface SessionData {
	userId: number
}

const expiryFrom = (expires?: Date) => expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)

/** Stores a new session and returns its id: 32 random bytes, so an id cannot be guessed. */
export async function createSessionRecord(data: Partial<SessionData>, expires?: Date): Promise<string> {
	const sid = randomBytes(32).toString('base64url')
	await SessionModel.create({ sid, userId: data.userId ?? null, data, expiresAt: expiryFrom(expires) })
	return sid
}

/** A session's data, or null when it is unknown or expired. */
export function readSessionRecord(sid: string): Promise<Partial<SessionData> | null> {
	// The root, the layout and the page each ask for the session: one read per request serves them all.
	return sharedInRequest(sessionKey(sid), async () => {
		const record = await SessionModel.findOne({ sid }).select('data expiresAt').lean()
		if (!record || record.expiresAt.getTime() <= Date.now()) return null
		return record.data as Partial<SessionData>
	})
}

const sessionKey = (sid: string) => `session:${sid}`

export async function updateSessionRecord(sid: string, data: Partial<SessionData>, expires?: Date): Promise<void> {
	await SessionModel.updateOne({ sid }, { $set: { data, userId: data.userId ?? null, expiresAt: expiryFrom(expires) } })
	forgetInRequest(sessionKey(sid))
}

export async function deleteSessionRecord(sid: string): Promise<void> {
	await SessionModel.deleteOne({ sid })
	forgetInRequest(sessionKey(sid))
}

/** Ends every session of a user ("Log out from all devices"), or every one but `except` (after a password change). */
export async function deleteAllSessionsOfUser(userId: number, { except }: { except?: string } = {}): Promise<void> {
	await SessionModel.deleteMany(except ? { userId, sid: mongoose.trusted({ $ne: except }) } : { userId })
}

/** Whether the session `sid` of this user still lets its browser in (a device's pushes stop with it: docs/decisions/181). */
export async function isSessionLive(sid: string, userId: number, now = new Date()): Promise<boolean> {
	return Boolean(await SessionModel.exists({ sid, userId, expiresAt: mongoose.trusted({ $gt: now }) }))
}
