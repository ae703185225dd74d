/**
 * The errors services throw for something the caller can act on: a user's
 * mistake (4xx, with the words to show them) or a provider that could not be
 * reached (502). `app/web/errors.server.ts` turns every one of them into a
 * response in one way; anything else that is thrown is a real server fault.
 *
 * This module imports nothing, so every layer may use it.
 */
export type ServiceErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503

export class ServiceError extends Error {
	constructor(
		message: string,
		readonly status: ServiceErrorStatus = 400,
		/** The form field the message belongs to, when there is one. */
		readonly field?: string,
		options?: { cause?: unknown },
	) {
		super(message, options)
		this.name = 'ServiceError'
	}
}

export const notFound = (message: string) => new ServiceError(message, 404)
export const forbidden = (message = 'You do not have permission to do that') => new ServiceError(message, 403)

/**
 * The payment provider failed or could not be reached: not the user's
 * mistake, and nothing was stored. Answered 502 with the message.
 */
export class BillingUnavailableError extends ServiceError {
	constructor(
		message = 'Our payment provider could not be reached. Please try again in a moment.',
		options?: { cause?: unknown },
	) {
		super(message, 502, undefined, options)
		this.name = 'BillingUnavailableError'
	}
}

/**
 * Refused for now, not for good: too many attempts (429) or a server too busy
 * to take the work (503). The answer carries `Retry-After`, in whole seconds.
 */
export class RetryLaterError extends ServiceError {
	constructor(
		message: string,
		readonly retryAfterMs: number,
		status: 429 | 503 = 429,
	) {
		super(message, status)
		this.name = 'RetryLaterError'
	}

	/** The Retry-After header's value: whole seconds, at least 1. */
	get retryAfterSeconds(): number {
		return Math.max(1, Math.ceil(this.retryAfterMs / 1000))
	}
}

/** "2 minutes", "45 seconds": how long to wait, in words, rounded up. */
export function describeWait(ms: number): string {
	const seconds = Math.max(1, Math.ceil(ms / 1000))
	if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
	const minutes = Math.ceil(seconds / 60)
	return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** MongoDB's duplicate-key error (E11000): the unique index caught what the explicit check missed. */
export function isDuplicateKeyError(error: unknown): error is { code: 11000; keyPattern?: Record<string, unknown> } {
	return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
}
