import { getFormProps, getInputProps } from '@conform-to/react'
import {
	json,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AccountPage } from '~/components/account-page'
import { Field, FormErrors, useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { useConformForm } from '~/components/use-conform-form'
import { PasswordResetFormSchema } from '~/lib/form-schemas.server'
import { checkPasswordResetLink, RESET_LINK_MESSAGES, resetPassword } from '~/services/account/password-reset.server'
import { createLoginSession } from '~/web/auth.server'
import { clientAddressOf } from '~/web/client.server'
import { pageHeadersWithRetryAfter } from '~/web/errors.server'
import { limitAuthRequests } from '~/web/rate-limit.server'
import { type FormActionData, handleFormSubmission } from '~/web/form.server'
import { redirectWithToast } from '~/web/toast.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta('Choose a new password', 'Choose a new password for your LeaderForge account.')

/**
 * The address holds a secret: never cached. (Other sites never see it as a
 * referrer either: the app's Referrer-Policy, strict-origin-when-cross-origin,
 * sends them the origin only. `no-referrer` would make the browser send
 * `Origin: null` with the page's own form, which Remix refuses.)
 */
/** Never cached (the token is in the address), and a refused form's Retry-After passes through. */
export const headers: HeadersFunction = (args) => {
	const headers = new Headers(pageHeadersWithRetryAfter(args))
	headers.set('Cache-Control', 'no-store')
	return headers
}

const LINK_TITLES = {
	expired: 'This link has expired',
	used: 'This link has already been used',
	invalid: 'This link is not valid',
} as const

/** product §2: /reset-password?token=… from the reset mail. An expired, used or unknown link says so, with a way to ask again. */
export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const state = await checkPasswordResetLink(token)
	return json(
		{
			token: state === 'valid' ? token : null,
			problem: state === 'valid' ? null : { title: LINK_TITLES[state], message: RESET_LINK_MESSAGES[state] },
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

/** The new password (the sign-up rules); on success every session of the account ends and this device is signed in. */
export function action({ request, context }: ActionFunctionArgs) {
	return handleFormSubmission({
		request,
		schema: PasswordResetFormSchema,
		intent: 'reset-password',
		hideFields: ['password', 'confirmPassword'],
		failureTitle: 'Password reset failed',
		onValid: async ({ token, password }) => {
			// A new password is hashed: it counts against the client's budget of password requests (docs/decisions/131).
			await limitAuthRequests(context)
			const user = await resetPassword({ token, password, clientAddress: clientAddressOf(context) })
			return redirectWithToast(
				'/dashboard',
				{
					title: 'Password reset',
					description: 'Your new password is set and you are signed in. Every other device has been signed out.',
				},
				{ headers: { 'Set-Cookie': await createLoginSession(request, user.id) } },
			)
		},
	})
}

export default function ResetPasswordPage() {
	const { token, problem } = useLoaderData<typeof loader>()
	const actionData = useActionData<FormActionData>()
	const toast = useFormActionToast('reset-password')
	if (!token || problem) {
		// A post from a page opened while the link still worked: what was wrong with it, above the way forward.
		const refused = actionData?.result?.error
			? Object.values(actionData.result.error).flatMap((messages) => messages ?? [])
			: undefined
		return (
			<AccountPage title={problem?.title ?? LINK_TITLES.invalid} description={problem?.message}>
				<div className="mb-4">
					<FormErrors errors={refused} />
				</div>
				<ButtonLink to="/forgot-password" size="wide">
					Ask for a new link
				</ButtonLink>
				<ActionToast toast={toast} />
			</AccountPage>
		)
	}
	return (
		<AccountPage title="Choose a new password" description="Your new password must be at least 8 characters long.">
			<ResetPasswordForm token={token} />
			<p className="mt-6 text-sm text-gray-600">
				<Link to="/auth" className="font-medium text-brand-700 hover:underline">
					Back to login
				</Link>
			</p>
			<ActionToast toast={toast} />
		</AccountPage>
	)
}

function ResetPasswordForm({ token }: { token: string }) {
	const pending = useIsSubmitting('reset-password')
	const [form, fields] = useConformForm({
		id: 'reset-password-form',
		schema: () => import('~/lib/account-schemas').then((m) => m.PasswordResetFormSchema),
		intent: 'reset-password',
		defaultValue: { token },
	})
	return (
		<Form
			method="post"
			action={`/reset-password?token=${encodeURIComponent(token)}`}
			className="space-y-4"
			{...getFormProps(form)}
		>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="reset-password" />
			<input {...getInputProps(fields.token, { type: 'hidden' })} />
			<FormErrors errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
			<Field
				label="New Password"
				inputProps={{
					...getInputProps(fields.password, { type: 'password' }),
					autoComplete: 'new-password',
					autoFocus: true,
				}}
				errors={fields.password.errors}
			/>
			<Field
				label="Confirm Password"
				inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.confirmPassword.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Resetting..." size="wide">
				Reset password
			</StatusButton>
		</Form>
	)
}
