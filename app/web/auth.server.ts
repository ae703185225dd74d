import { json, redirect } from '@remix-run/node'
import { type Role, type UserJSON } from '#models/index'
import { forgetInRequest, rememberInRequest, sharedInRequest } from '~/platform/request-context.server'
import { type LoginInput } from '~/lib/schemas'
import { authenticateCredentials } from '~/services/account/auth.server'
import { live } from '~/platform/live.server'
import { getUserById } from '~/services/account/users.server'
import { loginClientOf, rememberDevice } from '~/web/known-device.server'
import { type ClientContext } from '~/web/client.server'
import { limitAuthRequests } from '~/web/rate-limit.server'
import { getSession, getSessionStorage, readSessionCookie } from '~/web/session.server'

/**
 * Who is asking: the session behind a request, and the guards every loader
 * and action starts with (a page sends a visitor to /auth, a JSON call
 * answers 401; the wrong role goes to /dashboard or gets 403). The guards
 * only read: what a member's request changes on arrival (activity, a lapsed
 * trial settled) has already happened in `settleSessionUser`
 * (web/arrival.server.ts, docs/decisions/095).
 */

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

/**
 * The cookies of an answer to a login or sign-up that succeeded: a fresh
 * session, and this browser remembered as one the account logs in from
 * (docs/decisions/130).
 */
export async function startLoggedInSession(request: Request, userId: number): Promise<Headers> {
	const headers = new Headers()
	headers.append('Set-Cookie', await createLoginSession(request, userId))
	headers.append('Set-Cookie', await rememberDevice(request, userId))
	return headers
}

/**
 * Logs in from validated credentials (the /auth form and POST /api/login):
 * within the client's budget of password requests, then through the login
 * throttling. Throws a ServiceError (401, 429) on refusal.
 */
export async function logInWithCredentials(
	request: Request,
	context: ClientContext,
	credentials: LoginInput,
): Promise<{ user: UserJSON; headers: Headers }> {
	await limitAuthRequests(context)
	const user = await authenticateCredentials(credentials, request, await loginClientOf(request, context))
	return { user, headers: await startLoggedInSession(request, user.id) }
}

/**
 * Sent beside the cookie that ends a session: the browser drops what it keeps
 * of the member's pages and files (its HTTP cache, the back/forward cache), so
 * whoever uses it next cannot bring them back (docs/decisions/180).
 */
export const CLEAR_CACHED_PAGES = { 'Clear-Site-Data': '"cache"' } as const

/** Deletes this browser's session and returns the Set-Cookie value that clears it. */
export async function endSession(request: Request): Promise<string> {
	const session = await getSession(request)
	const userId = session.get('userId')
	const sessionId = session.id
	const cookie = await getSessionStorage().destroySession(session)
	// The sockets this browser opened with that session go too.
	if (typeof userId === 'number' && sessionId) live.disconnectUser(userId, { sessionId })
	return cookie
}

export async function getUserId(request: Request): Promise<number | null> {
	const session = await getSession(request)
	const userId = session.get('userId')
	return typeof userId === 'number' ? userId : null
}

export async function getOptionalUser(request: Request): Promise<UserJSON | null> {
	return userOfSession(await getUserId(request))
}

/** The same, from a raw Cookie header (files served by Express before Remix, the socket handshake). */
export async function getOptionalUserFromCookie(cookieHeader: string | null | undefined): Promise<UserJSON | null> {
	return userOfSession((await readSessionCookie(cookieHeader))?.userId ?? null)
}

const sessionUserKey = (userId: number) => `user:${userId}`

function userOfSession(userId: number | null): Promise<UserJSON | null> {
	if (userId === null) return Promise.resolve(null)
	// One read of the account per request, however many loaders ask (docs/decisions/082).
	return sharedInRequest(sessionUserKey(userId), () => getUserById(userId))
}

/**
 * After the arrival step changed the account (a lapsed trial settled): the
 * guards of this request share the account as it is now, not as first read.
 */
export function replaceSessionUserInRequest(user: UserJSON) {
	forgetInRequest(sessionUserKey(user.id))
	rememberInRequest(sessionUserKey(user.id), user)
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

/** For pages: a visitor goes to /auth, a user without one of `roles` to /dashboard (product §6). */
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
