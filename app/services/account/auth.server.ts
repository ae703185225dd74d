import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { UserModel, type User, type UserJSON } from '#models/index'
import { singleton } from '~/platform/singleton.server'
import { type LoginInput } from '~/lib/schemas'
import { RetryLaterError, ServiceError, describeWait } from '~/lib/service-error'
import { verifyAgainstNothing, verifyPassword } from '~/services/account/password.server'
import { live } from '~/platform/live.server'
import { createRateLimiter, type RateLimiter } from '~/platform/rate-limit.server'
import { deleteAllSessionsOfUser } from '~/services/account/sessions.server'
import { revokeAccountTakeoverTokens } from '~/services/account/tokens.server'
import { userJSON } from '~/platform/public-pictures.server'

/** product §2/§8: the same words whatever was wrong, so nobody learns which usernames exist. */
export const INVALID_CREDENTIALS = 'Invalid username or password'
const lockedOutMessage = (retryAfterMs: number) =>
	`Too many failed login attempts. Please try again in ${describeWait(retryAfterMs)}.`

/**
 * Login throttling (docs/decisions/130, superseding 004). Every attempt is
 * counted *before* the password is checked, with one atomic count per limit,
 * and the answer is decided from the count that attempt got: attempts sent
 * in parallel cannot all slip in under the limit. A right password gives its
 * counts back.
 *
 * - One account from one client: 5 tries a minute. The client is the
 *   browser when it has logged in to this account before (its signed
 *   known-device cookie), else its address. This slows guessing down and
 *   never locks the owner out for long.
 * - One account from every client it has not logged in from before: 10 tries
 *   in 15 minutes. Someone guessing from many addresses stops there, while
 *   the owner's own browsers keep logging in.
 * - One address across all accounts: 50 tries an hour from browsers that
 *   have not logged in to the account tried, for guessing one password
 *   against many usernames. A known browser is never counted or refused
 *   here (decision 202): an address's guesses slow the new browsers behind
 *   it, never an owner's own.
 *
 * Counts are kept per username as typed (lower-cased), whether or not the
 * account exists, so the answers do not tell which usernames are taken.
 */
const LOGIN_LIMITS = {
	perClient: { limit: 5, windowMs: 60_000 },
	perAccountFromNewClients: { limit: 10, windowMs: 15 * 60_000 },
	perAddress: { limit: 50, windowMs: 60 * 60_000 },
} as const

const limiters = () =>
	singleton('login-limiters', () => ({
		perClient: createRateLimiter({ name: 'login-account-client', ...LOGIN_LIMITS.perClient }),
		perAccountFromNewClients: createRateLimiter({
			name: 'login-account-new-clients',
			...LOGIN_LIMITS.perAccountFromNewClients,
		}),
		perAddress: createRateLimiter({ name: 'login-address', ...LOGIN_LIMITS.perAddress }),
	}))

/** Who is logging in, as far as throttling cares. */
export interface LoginClient {
	/** The client's address (Express's req.ip). */
	address: string
	/** This browser's known-device id and the accounts it has logged in to before (a signed cookie), if any. */
	device: { id: string; accountIds: readonly number[] } | null
}

interface CountedAttempt {
	limiter: RateLimiter
	key: string
}

/** Counts one attempt against each limit that applies, in turn; the first one over its limit refuses it (and the counts taken so far are given back). */
async function countAttempt(
	usernameKey: string,
	knownDeviceId: string | null,
	address: string,
): Promise<CountedAttempt[]> {
	const { perClient, perAccountFromNewClients, perAddress } = limiters()
	// A browser the owner has logged in from counts on its own only: neither the account's strangers nor its
	// address (NAT, a proxy, the demo) can lock it out (decision 202).
	const counts: CountedAttempt[] = knownDeviceId
		? [{ limiter: perClient, key: `${usernameKey}|device:${knownDeviceId}` }]
		: [
				{ limiter: perClient, key: `${usernameKey}|address:${address}` },
				{ limiter: perAccountFromNewClients, key: usernameKey },
				{ limiter: perAddress, key: address },
			]
	const taken: CountedAttempt[] = []
	for (const count of counts) {
		const { allowed, retryAfterMs } = await count.limiter.consume(count.key)
		if (!allowed) {
			await Promise.all(taken.map(({ limiter, key }) => limiter.refund(key)))
			throw new RetryLaterError(lockedOutMessage(retryAfterMs), retryAfterMs)
		}
		taken.push(count)
	}
	return taken
}

/** A right password: this client starts afresh, and the shared counts forget this attempt. */
async function forgetAttempt([own, ...shared]: CountedAttempt[]): Promise<void> {
	await Promise.all([own!.limiter.reset(own!.key), ...shared.map(({ limiter, key }) => limiter.refund(key))])
}

/** Checks a username and password for a client, within the limits above. */
export async function verifyLogin({ username, password }: LoginInput, client: LoginClient): Promise<UserJSON> {
	const usernameKey = username.trim().toLowerCase()
	// One read: the hash to check, and the account to return (userJSON never copies the hash).
	const user = await UserModel.findOne({ usernameKey }).select('-usernameKey').lean<Omit<User, 'usernameKey'>>()
	const knownDeviceId = user && client.device?.accountIds.includes(user.id) ? client.device.id : null
	const attempt = await countAttempt(usernameKey, knownDeviceId, client.address)
	const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password)
	if (!user || !valid) throw new ServiceError(INVALID_CREDENTIALS, 401)
	await forgetAttempt(attempt)
	return userJSON(user)
}

/** remix-auth with its form strategy: the one door every login goes through. */
const getAuthenticator = () =>
	singleton('authenticator', () => {
		const auth = new Authenticator<UserJSON>()
		auth.use(
			new FormStrategy(async ({ form }) => {
				const username = form.get('username')
				const password = form.get('password')
				if (typeof username !== 'string' || typeof password !== 'string')
					throw new ServiceError(INVALID_CREDENTIALS, 401)
				return verifyLogin({ username, password }, clientOf(form))
			}),
			'form',
		)
		return auth
	})

// The client travels to the strategy inside the form authenticateCredentials builds (never the visitor's own form).
function clientOf(form: FormData): LoginClient {
	const deviceId = form.get('deviceId')
	const accountIds = String(form.get('deviceAccounts') ?? '')
		.split(',')
		.filter(Boolean)
		.map(Number)
	return {
		address: String(form.get('clientAddress') ?? ''),
		device: typeof deviceId === 'string' && deviceId ? { id: deviceId, accountIds } : null,
	}
}

/** Logs in from already-validated credentials (the /auth form and POST /api/login), through the form strategy. */
export function authenticateCredentials(
	credentials: LoginInput,
	request: Request,
	client: LoginClient,
): Promise<UserJSON> {
	const form = new URLSearchParams({
		username: credentials.username,
		password: credentials.password,
		clientAddress: client.address,
		deviceId: client.device?.id ?? '',
		deviceAccounts: client.device?.accountIds.join(',') ?? '',
	})
	return getAuthenticator().authenticate('form', new Request(request.url, { method: 'POST', body: form }))
}

/**
 * "Log out from all devices" (and a reset, an undone email change, a deleted
 * account): every session of the user, their live sockets, and every pending
 * reset link and email change (decision 200).
 */
export async function endAllSessions(userId: number): Promise<void> {
	await deleteAllSessionsOfUser(userId)
	await revokeAccountTakeoverTokens(userId)
	live.disconnectUser(userId)
}
