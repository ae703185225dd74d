import { getFormProps, getInputProps } from '@conform-to/react'
import { json, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AccountPage } from '~/components/account-page'
import { Field, FormErrors, useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { StatusButton } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { useConformForm } from '~/components/use-conform-form'
import { PasswordResetRequestSchema } from '~/lib/form-schemas.server'
import { requestPasswordReset, resetRequestedMessage } from '~/services/account/password-reset.server'
import { clientAddressOf } from '~/web/client.server'
import { type FormActionData, handleFormSubmission } from '~/web/form.server'
import { type RouteHandle } from '~/types'
import { pageHeadersWithRetryAfter } from '~/web/errors.server'

export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta('Forgot your password?', 'Get a link by email to choose a new password for your LeaderForge account.')

/**
 * product §2 "Forgot password": one email field. The answer is the same
 * whether or not the address has an account; requests are throttled per
 * address and per client (the 429's message is shown on the form).
 */
/** A refused request's Retry-After reaches the page's answer. */
export const headers = pageHeadersWithRetryAfter

export function action({ request, context }: ActionFunctionArgs) {
	return handleFormSubmission({
		request,
		schema: PasswordResetRequestSchema,
		intent: 'forgot-password',
		failureTitle: 'Could not send the link',
		onValid: async ({ email }) => {
			await requestPasswordReset({ email, clientAddress: clientAddressOf(context) })
			return json({ sent: resetRequestedMessage(email) })
		},
	})
}

export default function ForgotPasswordPage() {
	const actionData = useActionData<FormActionData | { sent: string }>()
	const sent = actionData && 'sent' in actionData ? actionData.sent : null
	return (
		<AccountPage
			title="Forgot your password?"
			description="Enter the email address of your account and we will send you a link to choose a new password."
		>
			{sent ? (
				<div className="space-y-4">
					<p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
						{sent}
					</p>
					<p className="text-sm text-gray-600">
						The link works once, for one hour. Nothing arrived? Check your spam folder, or send it again.
					</p>
					<Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
						Send it again
					</Link>
				</div>
			) : (
				<ForgotPasswordForm />
			)}
			<p className="mt-6 text-sm text-gray-600">
				Remembered it?{' '}
				<Link to="/auth" className="font-medium text-brand-700 hover:underline">
					Back to login
				</Link>
			</p>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
		</AccountPage>
	)
}

function ForgotPasswordForm() {
	const pending = useIsSubmitting('forgot-password')
	const [form, fields] = useConformForm({
		id: 'forgot-password-form',
		schema: () => import('~/lib/account-schemas').then((m) => m.PasswordResetRequestSchema),
		intent: 'forgot-password',
	})
	return (
		<Form method="post" action="/forgot-password" className="space-y-4" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="forgot-password" />
			<FormErrors errors={form.errors} />
			<Field
				label="Email"
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
				errors={fields.email.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Sending..." size="wide">
				Send reset link
			</StatusButton>
		</Form>
	)
}
