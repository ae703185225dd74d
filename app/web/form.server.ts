import { type Submission, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json } from '@remix-run/node'
import { type z } from 'zod'
import { ServiceError } from '~/lib/service-error'
import { makeToast, type Toast } from '~/lib/toast'
import { ONCE_TOKEN_PATTERN, claimOnce, newOnceToken, releaseOnce } from '~/platform/once-claims.server'
import { readProtectedForm } from '~/web/csrf.server'
import { errorHeaders } from '~/web/errors.server'

/**
 * What every form action answers when it refuses a form: Conform's result
 * (the errors, on their fields or on the form) and the notice to show, for
 * the form whose `intent` it was. Read in the browser by `useConformForm`.
 */
export interface FormActionData {
	intent: string | null
	result: SubmissionResult<string[]>
	toast: Toast | null
}

interface FormSubmissionOptions<Schema extends z.ZodTypeAny> {
	request: Request
	/** The form, when the action has already read it (to pick a form by its `intent`); else it is read here. */
	formData?: FormData
	/** The same zod schema the browser validates with. */
	schema: Schema
	/** Which of the page's forms this is, so the page shows the answer on that form only. */
	intent?: string
	/** Fields never sent back to the browser (passwords). */
	hideFields?: string[]
	/** The title of the destructive notice when a service refuses the form ("Update failed"). */
	failureTitle?: string
	/** Dialogs also announce invalid input in the notice, listing every message (admin dialogs). */
	announceInvalid?: boolean
	/**
	 * For forms where a fault on our side must still leave a readable form
	 * (sign-up): the message shown, with a 500, instead of the error page.
	 */
	unexpectedErrorMessage?: string
	/**
	 * A form that creates something (decision 204): its `formOnce` field (a
	 * token drawn for each rendered form by `newFormOnceToken`) is claimed
	 * when the form is valid, so the same form posted twice creates once; the
	 * second post answers `onRepeat()`. A refusal by the service gives the
	 * token back.
	 */
	once?: { onRepeat: (value: z.output<Schema>) => Response | Promise<Response> }
	/** Does the work with the validated value; returns the answer (usually a redirect with a notice). */
	onValid: (value: z.output<Schema>) => Promise<Response>
}

/** The hidden field a creating form carries its token in (components/forms.tsx, `FormOnceInput`). */
export const FORM_ONCE_FIELD = 'formOnce'

/** A fresh token for one rendered creating form: the loader draws it, the form carries it. */
export const newFormOnceToken = newOnceToken

/**
 * The one form-action pattern (docs/decisions/090): read the protected form
 * (CSRF, size, field names), validate it with the form's schema (400 with
 * the errors), let `onValid` call the service, and turn a ServiceError into
 * the message on its field (or on the form) plus a destructive notice.
 * Anything else is a real fault and is rethrown.
 */
export async function handleFormSubmission<Schema extends z.ZodTypeAny>(
	options: FormSubmissionOptions<Schema>,
): Promise<Response> {
	const {
		request,
		schema,
		intent = null,
		hideFields,
		failureTitle,
		announceInvalid,
		unexpectedErrorMessage,
		onValid,
	} = options
	const formData = options.formData ?? (await readProtectedForm(request))
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success') {
		const messages = Object.values(submission.error ?? {}).flatMap((list) => list ?? [])
		const toast = announceInvalid && failureTitle ? listedNotice(failureTitle, messages) : null
		return json<FormActionData>({ intent, result: submission.reply({ hideFields }), toast }, { status: 400 })
	}
	// A post without the rendered form's token (a client of its own) is simply not deduplicated: the token
	// spares people a double click, it guards nothing the service does not.
	const token = options.once ? formData.get(FORM_ONCE_FIELD) : null
	let claimed: string | null = null
	if (options.once && typeof token === 'string' && ONCE_TOKEN_PATTERN.test(token)) {
		if (!(await claimOnce(`form:${token}`))) return options.once.onRepeat(submission.value)
		claimed = `form:${token}`
	}
	try {
		return await onValid(submission.value)
	} catch (error) {
		if (claimed) await releaseOnce(claimed)
		if (error instanceof ServiceError) {
			const toast = failureTitle ? failureNotice(failureTitle, error.message, announceInvalid) : null
			return json<FormActionData>(
				{ intent, result: replyWithServiceError(submission, error, hideFields), toast },
				{ status: error.status, headers: errorHeaders(error) },
			)
		}
		if (!unexpectedErrorMessage) throw error
		console.error(error)
		const toast = failureTitle ? failureNotice(failureTitle, unexpectedErrorMessage, announceInvalid) : null
		return json<FormActionData>(
			{ intent, result: submission.reply({ formErrors: [unexpectedErrorMessage], hideFields }), toast },
			{ status: 500 },
		)
	}
}

/** The message of a refusal lands on its field when the service named one, else on the form. */
function replyWithServiceError<Output>(submission: Submission<Output>, error: ServiceError, hideFields?: string[]) {
	return submission.reply({
		...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }),
		hideFields,
	})
}

/** The notice of a refusal: the service's message as it is, or as a sentence in a dialog's list-style notice. */
function failureNotice(title: string, message: string, listed = false): Toast {
	return listed ? listedNotice(title, [message]) : makeToast({ type: 'destructive', title, description: message })
}

/** "Failed to add video": a dialog's notice, with every message in it as sentences. */
function listedNotice(title: string, messages: string[]): Toast {
	const sentences = messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`))
	return makeToast({
		type: 'destructive',
		title,
		description: sentences.join(' ') || 'Please check the form and try again.',
	})
}
