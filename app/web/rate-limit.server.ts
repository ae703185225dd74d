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

/**
 * Reads (pages, data requests, JSON GETs) per member and per client address
 * (decision 203), counted where every process shares the count (Redis when
 * there is one). Answers the wait when this read is one too many, else null.
 * A socket's read counts for its member alone (`address` null): its
 * handshake's address is not the one Express finds behind a trusted proxy.
 */
const readLimiters = () =>
	singleton('read-limiters', () => {
		const { perMemberPerMinute, perAddressPerMinute } = getConfig().readRateLimits
		return {
			perMember: createRateLimiter({ name: 'reads-member', limit: perMemberPerMinute, windowMs: 60_000 }),
			perAddress: createRateLimiter({ name: 'reads-address', limit: perAddressPerMinute, windowMs: 60_000 }),
		}
	})

export async function readLimitRefusal({
	address,
	memberId,
}: {
	address: string | null
	memberId: number | null
}): Promise<RetryLaterError | null> {
	const { perMember, perAddress } = readLimiters()
	const counts = await Promise.all([
		address === null ? null : perAddress.consume(address),
		memberId === null ? null : perMember.consume(memberId),
	])
	const refused = counts.find((count) => count && !count.allowed)
	return refused ? new RetryLaterError(tooManyReadsMessage(refused.retryAfterMs), refused.retryAfterMs) : null
}

const tooManyReadsMessage = (retryAfterMs: number) =>
	`Too many requests. Please try again in ${describeWait(retryAfterMs)}.`
