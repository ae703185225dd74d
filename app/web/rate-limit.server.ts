import { getConfig } from '~/config.server'
import { RetryLaterError, describeWait } from '~/lib/service-error'
import { singleton } from '~/platform/singleton.server'
import { createRateLimiter, type RateLimiter } from '~/platform/rate-limit.server'
import { clientAddressOf, type ClientContext } from '~/web/client.server'

/**
 * Limits per client address, for routes (docs/decisions/131). The address is
 * Express's `req.ip`, passed in the load context by server/remix-handler.ts: the
 * connection's address, or with TRUST_PROXY the one the trusted proxies
 * report in X-Forwarded-For. Nothing here reads that header by hand.
 */

const tooManyRequestsMessage = (retryAfterMs: number) =>
	`Too many requests from your network. Please try again in ${describeWait(retryAfterMs)}.`

/**
 * Counts one request of this client against `limiter`. Over the limit it
 * throws a RetryLaterError (429): `apiRoute` answers it as `{ message }` with
 * `Retry-After`, `handleFormSubmission` shows it on the form with the same
 * header, and `.catch(rethrowAsResponse)` turns it into that response.
 * Call it inside `onValid` (forms) or after `readJsonBody` (JSON), so that
 * requests refused for their content cost nothing.
 */
export async function enforceClientRateLimit(context: ClientContext, limiter: RateLimiter): Promise<void> {
	const { allowed, retryAfterMs } = await limiter.consume(clientAddressOf(context))
	if (!allowed) throw new RetryLaterError(tooManyRequestsMessage(retryAfterMs), retryAfterMs)
}

/**
 * Logins, sign-ups, password changes and password resets: requests that
 * each cost a password hash share one budget per client address,
 * AUTH_RATE_LIMIT_PER_MINUTE a minute, so a flood from one client is
 * refused cheaply before it reaches the hashing.
 */
const authRequestLimiter = () =>
	singleton('auth-request-limiter', () =>
		createRateLimiter({ name: 'auth-requests', limit: getConfig().authRateLimitPerMinute, windowMs: 60_000 }),
	)

export function limitAuthRequests(context: ClientContext): Promise<void> {
	return enforceClientRateLimit(context, authRequestLimiter())
}
