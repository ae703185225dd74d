import { getConfig } from '~/config.server'
import { RetryLaterError, describeWait } from '~/lib/service-error'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { singleton } from '~/platform/singleton.server'

/**
 * Exports read everything a member (or, for admins, every member) has: at
 * most EXPORT_RATE_LIMIT_PER_HOUR an hour per member (decision 203), shared
 * by every export, so a script cannot keep the database busy with them.
 */
const exportLimiter = () =>
	singleton('export-limiter', () =>
		createRateLimiter({ name: 'exports', limit: getConfig().readRateLimits.exportsPerHour, windowMs: 60 * 60_000 }),
	)

export async function assertExportAllowed(userId: number): Promise<void> {
	const { allowed, retryAfterMs } = await exportLimiter().consume(userId)
	if (!allowed)
		throw new RetryLaterError(`Too many downloads. Please try again in ${describeWait(retryAfterMs)}.`, retryAfterMs)
}
