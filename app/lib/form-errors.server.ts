import { type Submission } from '@conform-to/react'
import { ServiceError } from '~/services/errors.server'

/**
 * The answer to a form whose data was valid but which a service refused
 * (a taken username, a wrong current password): the message lands on its
 * field when the service named one, else on the form.
 */
export function replyWithServiceError<Output>(
	submission: Submission<Output>,
	error: ServiceError,
	options: { hideFields?: string[] } = {},
) {
	return submission.reply({
		...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }),
		...options,
	})
}

/** Rethrows anything that is not a user's mistake: only ServiceErrors become form errors. */
export function assertServiceError(error: unknown): asserts error is ServiceError {
	if (!(error instanceof ServiceError)) throw error
}
