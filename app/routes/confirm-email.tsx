import {
	json,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { AccountPage } from '~/components/account-page'
import { FormErrors } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { Button, ButtonLink } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { EmailChangeConfirmationSchema } from '~/lib/account-schemas'
import {
	checkEmailChangeLink,
	confirmEmailChange,
	EMAIL_CHANGE_LINK_MESSAGES,
	EMAIL_UNDO_LINK_MESSAGES,
	undoEmailChange,
} from '~/services/account/email-change.server'
import { endSession, getUserId } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { type FormActionData, handleFormSubmission } from '~/web/form.server'
import { redirectWithToast } from '~/web/toast.server'

export const meta: MetaFunction = () =>
	pageMeta('Confirm your new email address', 'Confirm the new email address of your LeaderForge account.')

/**
 * The address holds a secret: never cached. (Other sites never see it as a
 * referrer either: the app's Referrer-Policy, strict-origin-when-cross-origin,
 * sends them the origin only. `no-referrer` would make the browser send
 * `Origin: null` with the page's own form, which Remix refuses.)
 */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/**
 * product §2 "Profile": the link in the confirmation mail, and the one in the
 * notice to the old address that undoes the change (decision 200). Opening
 * it only shows the address; the button acts (a mail scanner that follows
 * links changes nothing). No login needed: the link is the proof.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const { state, email, undo } = await checkEmailChangeLink(token)
	return json(
		{
			token: state === 'valid' ? token : null,
			email,
			undo,
			problem: state === 'valid' ? null : (undo ? EMAIL_UNDO_LINK_MESSAGES : EMAIL_CHANGE_LINK_MESSAGES)[state],
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readProtectedForm(request)
	if (formData.get('intent') === 'undo-email-change') {
		return handleFormSubmission({
			request,
			formData,
			schema: EmailChangeConfirmationSchema,
			intent: 'undo-email-change',
			failureTitle: 'Email not put back',
			onValid: async ({ token }) => {
				const { email } = await undoEmailChange(token)
				return redirectWithToast(
					'/auth',
					{
						title: 'Email address put back',
						description: `Your account's address is ${email} again and every device has been signed out. We sent a link there to choose a new password.`,
					},
					{ headers: { 'Set-Cookie': await endSession(request) } },
				)
			},
		})
	}
	return handleFormSubmission({
		request,
		formData,
		schema: EmailChangeConfirmationSchema,
		intent: 'confirm-email',
		failureTitle: 'Email not changed',
		onValid: async ({ token }) => {
			const { email } = await confirmEmailChange(token)
			const signedIn = (await getUserId(request)) !== null
			return redirectWithToast(signedIn ? '/profile?tab=profile' : '/auth', {
				title: 'Email confirmed',
				description: `Your email address is now ${email}.`,
			})
		},
	})
}

export default function ConfirmEmailPage() {
	const { token, email, undo, problem } = useLoaderData<typeof loader>()
	const actionData = useActionData<FormActionData>()
	const errors = actionData?.result?.error
		? Object.values(actionData.result.error).flatMap((messages) => messages ?? [])
		: undefined
	if (!token || problem) {
		return (
			<AccountPage title="This link cannot be used" description={problem}>
				<div className="mb-4">
					<FormErrors errors={errors} />
				</div>
				<ButtonLink to="/profile?tab=profile" size="wide">
					Go to your profile
				</ButtonLink>
				<ActionToast toast={actionData?.toast} />
			</AccountPage>
		)
	}
	return (
		<AccountPage
			title={undo ? 'Undo the change of your email address' : 'Confirm your new email address'}
			description={
				undo ? (
					<>
						Put back <strong className="text-gray-900">{email}</strong> as the email address of your account. Every
						device will be signed out, and we will send a link to {email} to choose a new password.
					</>
				) : (
					<>
						Use <strong className="text-gray-900">{email}</strong> as the email address of your account from now on.
					</>
				)
			}
		>
			<Form method="post" action={`/confirm-email?token=${encodeURIComponent(token)}`} className="space-y-4">
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value={undo ? 'undo-email-change' : 'confirm-email'} />
				<input type="hidden" name="token" value={token} />
				<FormErrors errors={errors} />
				<Button type="submit" size="wide">
					{undo ? `Put back ${email}` : 'Confirm new email'}
				</Button>
			</Form>
			<ActionToast toast={actionData?.toast} />
		</AccountPage>
	)
}
