/**
 * Errors a service throws for a user's mistake. Routes turn them into a 4xx
 * answer with the message (JSON) or a field error (forms); anything else is a
 * real server fault.
 */
export class ServiceError extends Error {
	constructor(
		message: string,
		readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 = 400,
		/** The form field the message belongs to, when there is one. */
		readonly field?: string,
	) {
		super(message)
		this.name = 'ServiceError'
	}
}

export const notFound = (message: string) => new ServiceError(message, 404)
export const forbidden = (message = 'You do not have permission to do that') => new ServiceError(message, 403)

/** MongoDB's duplicate-key error (E11000): the unique index caught what the explicit check missed. */
export function isDuplicateKeyError(error: unknown): error is { code: 11000; keyPattern?: Record<string, unknown> } {
	return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000
}
