import { json, redirect } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { LoginThrottleModel, UserModel, toUserJSON, type Role, type User, type UserJSON } from '#models/index'
import { singleton } from '~/lib/singleton.server'
import { type LoginInput } from '~/lib/schemas'
import { disconnectUserSockets } from '~/realtime/connections.server'
import { withLapsedTrialSettled } from './billing/index.server'
import { ServiceError } from './errors.server'
import { verifyAgainstNothing, verifyPassword } from './password.server'
import { deleteAllSessionsOfUser, getSession, getSessionStorage } from './session.server'
import { getUserById } from './users.server'

/** SPEC §2/§8: the same words whatever was wrong, so nobody learns which usernames exist. */
export const INVALID_CREDENTIALS = 'Invalid username or password'
export const MAX_FAILED_LOGINS = 8
export const LOCKOUT_MINUTES = 15
export const LOCKED_OUT = `Too many failed login attempts. Please try again in ${LOCKOUT_MINUTES} minutes.`

/**
 * Checks a username and password. Each failure counts against the username;
 * after MAX_FAILED_LOGINS the username is locked for LOCKOUT_MINUTES, even for
 * the right password, so guessing is slowed to a crawl.
 */
export async function verifyLogin({ username, password }: LoginInput): Promise<UserJSON> {
	const key = username.trim().toLowerCase()
	const throttle = await LoginThrottleModel.findOne({ key }).lean()
	if (throttle?.lockedUntil && throttle.lockedUntil.getTime() > Date.now()) {
		throw new ServiceError(LOCKED_OUT, 429)
	}

	// One read: the hash to check, and the account to return (toUserJSON never copies the hash).
	const user = await UserModel.findOne({ usernameKey: key }).select('-usernameKey').lean<Omit<User, 'usernameKey'>>()
	const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password)
	if (!user || !valid) {
		await recordFailedLogin(key, throttle?.lockedUntil ? 0 : (throttle?.failures ?? 0))
		throw new ServiceError(INVALID_CREDENTIALS, 401)
	}
	if (throttle) await LoginThrottleModel.deleteOne({ key })
	return toUserJSON(user)
}

async function recordFailedLogin(key: string, failuresBefore: number) {
	const failures = failuresBefore + 1
	const lockedUntil = failures >= MAX_FAILED_LOGINS ? new Date(Date.now() + LOCKOUT_MINUTES * 60_000) : null
	await LoginThrottleModel.updateOne(
		{ key },
		{ $set: { failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: new Date() } },
		{ upsert: true },
	)
}

/** remix-auth with its form strategy: the one door every login goes through. */
const getAuthenticator = () =>
	singleton('authenticator', () => {
	const auth = new Authenticator<UserJSON>()
	auth.use(
		new FormStrategy(async ({ form }) => {
			const username = form.get('username')
			const password = form.get('password')
			if (typeof username !== 'string' || typeof password !== 'string') {
				throw new ServiceError(INVALID_CREDENTIALS, 401)
			}
			return verifyLogin({ username, password })
		}),
		'form',
	)
	return auth
	})

/** Logs in from already-validated credentials (the /auth form and POST /api/login), through the form strategy. */
export function authenticateCredentials(credentials: LoginInput, request: Request): Promise<UserJSON> {
	const form = new URLSearchParams({ username: credentials.username, password: credentials.password })
	return getAuthenticator().authenticate('form', new Request(request.url, { method: 'POST', body: form }))
}

/**
 * Starts a fresh session for the user and returns its Set-Cookie value. Any
 * session the browser already had is deleted: a new id at every login, so a
 * planted session id is worthless.
 */
export async function createLoginSession(request: Request, userId: number): Promise<string> {
	const previous = await getSession(request)
	if (previous.id) await getSessionStorage().destroySession(previous)
	const session = await getSessionStorage().getSession()
	session.set('userId', userId)
	return getSessionStorage().commitSession(session)
}

/** Deletes this browser's session and returns the Set-Cookie value that clears it. */
export async function endSession(request: Request): Promise<string> {
	const session = await getSession(request)
	const userId = session.get('userId')
	const sessionId = session.id
	const cookie = await getSessionStorage().destroySession(session)
	// The sockets this browser opened with that session go too.
	if (typeof userId === 'number' && sessionId) disconnectUserSockets(userId, sessionId)
	return cookie
}

/** "Log out from all devices": every session of the user, and their live sockets. */
export async function endAllSessions(userId: number): Promise<void> {
	await deleteAllSessionsOfUser(userId)
	disconnectUserSockets(userId)
}

export async function getUserId(request: Request): Promise<number | null> {
	const session = await getSession(request)
	const userId = session.get('userId')
	return typeof userId === 'number' ? userId : null
}

export async function getOptionalUser(request: Request): Promise<UserJSON | null> {
	const userId = await getUserId(request)
	const user = userId === null ? null : await getUserById(userId)
	return user ? withLapsedTrialSettled(user) : null
}

/** For pages: a visitor without a session goes to /auth. */
export async function requireUser(request: Request): Promise<UserJSON> {
	const user = await getOptionalUser(request)
	if (!user) throw redirect('/auth')
	return user
}

/** For pages that only visitors see (/, /auth): a logged-in user goes to /dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
	if ((await getUserId(request)) !== null) throw redirect('/dashboard')
}

/** For JSON endpoints: 401 without a session. */
export async function requireApiUser(request: Request): Promise<UserJSON> {
	const user = await getOptionalUser(request)
	if (!user) throw json({ message: 'Not authenticated' }, { status: 401 })
	return user
}

/** For pages: a visitor goes to /auth, a user without one of `roles` to /dashboard (SPEC §6). */
export async function requireUserWithRole(request: Request, roles: readonly Role[]): Promise<UserJSON> {
	const user = await requireUser(request)
	if (!roles.includes(user.role)) throw redirect('/dashboard')
	return user
}

/** For JSON endpoints: 401 without a session, 403 without one of `roles`. */
export async function requireApiUserWithRole(request: Request, roles: readonly Role[]): Promise<UserJSON> {
	const user = await requireApiUser(request)
	if (!roles.includes(user.role)) throw json({ message: 'You do not have permission to do that' }, { status: 403 })
	return user
}
