import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { LoginThrottleModel, UserModel, toUserJSON, type User, type UserJSON } from '#models/index'
import { singleton } from '~/lib/singleton.server'
import { type LoginInput } from '~/lib/schemas'
import { ServiceError } from '~/lib/service-error'
import { verifyAgainstNothing, verifyPassword } from './password.server'
import { live } from './live.server'
import { deleteAllSessionsOfUser } from './sessions.server'

/** product §2/§8: the same words whatever was wrong, so nobody learns which usernames exist. */
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

/** "Log out from all devices": every session of the user, and their live sockets. */
export async function endAllSessions(userId: number): Promise<void> {
	await deleteAllSessionsOfUser(userId)
	live.disconnectUser(userId)
}

