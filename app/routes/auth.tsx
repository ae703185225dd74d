import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { BRAND_NAME, BrandLink } from '~/components/brand'
import { Field, FormErrors, StatusButton, TextareaField, useIsSubmitting } from '~/components/forms'
import { ActionToast } from '~/components/ui/toaster'
import { assertServiceError, replyWithServiceError } from '~/lib/form-errors.server'
import { ServiceError } from '~/services/errors.server'
import { LoginSchema, SignupFormSchema } from '~/lib/schemas'
import { makeToast, type Toast } from '~/lib/toast'
import { authenticateCredentials, createLoginSession, requireAnonymous } from '~/services/auth.server'
import { readProtectedForm } from '~/services/csrf.server'
import { redirectWithToast } from '~/services/toast.server'
import { registerUser } from '~/services/users.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () => [{ title: `Log in or sign up | ${BRAND_NAME}` }]

type Intent = 'login' | 'signup'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

interface ActionData {
	intent: Intent
	result: SubmissionResult<string[]>
	toast?: Toast
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAnonymous(request)
	const formData = await readProtectedForm(request)
	const intent = formData.get('intent')
	if (intent === 'signup') return signUp(request, formData)
	return logIn(request, formData)
}

async function logIn(request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: LoginSchema })
	if (submission.status !== 'success') {
		return json<ActionData>({ intent: 'login', result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	}
	try {
		const user = await authenticateCredentials(submission.value, request)
		const cookie = await createLoginSession(request, user.id)
		return redirectWithToast(
			'/dashboard',
			{ title: 'Login successful', description: 'Welcome back!' },
			{ headers: { 'Set-Cookie': cookie } },
		)
	} catch (error) {
		assertServiceError(error)
		return json<ActionData>(
			{
				intent: 'login',
				result: replyWithServiceError(submission, error, { hideFields: ['password'] }),
				toast: makeToast({ type: 'destructive', title: 'Login failed', description: error.message }),
			},
			{ status: error.status },
		)
	}
}

async function signUp(request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: SignupFormSchema })
	const hideFields = ['password', 'confirmPassword']
	if (submission.status !== 'success') {
		return json<ActionData>({ intent: 'signup', result: submission.reply({ hideFields }) }, { status: 400 })
	}
	try {
		const user = await registerUser(submission.value)
		const cookie = await createLoginSession(request, user.id)
		return redirectWithToast(
			'/dashboard',
			{ title: 'Registration successful', description: `Welcome to ${BRAND_NAME}, ${user.name}!` },
			{ headers: { 'Set-Cookie': cookie } },
		)
	} catch (error) {
		if (!(error instanceof ServiceError)) {
			// Not the visitor's mistake: keep what they typed and let them try again (SPEC §8's fallback text).
			console.error(error)
			return json<ActionData>(
				{
					intent: 'signup',
					result: submission.reply({ formErrors: [REGISTRATION_FALLBACK], hideFields }),
					toast: makeToast({ type: 'destructive', title: 'Registration failed', description: REGISTRATION_FALLBACK }),
				},
				{ status: 500 },
			)
		}
		return json<ActionData>(
			{
				intent: 'signup',
				result: replyWithServiceError(submission, error, { hideFields }),
				toast: makeToast({ type: 'destructive', title: 'Registration failed', description: error.message }),
			},
			{ status: error.status },
		)
	}
}

const REGISTRATION_FALLBACK = 'Registration failed. Please try again.'

export default function AuthPage() {
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const tab: Intent = (actionData?.intent ?? searchParams.get('tab')) === 'signup' ? 'signup' : 'login'

	return (
		<div className="grid grid-cols-1 min-h-screen lg:grid-cols-2">
			<main className="flex flex-col px-4 py-8 sm:px-8">
				<BrandLink to="/" />
				<div className="mx-auto my-auto w-full max-w-md py-10">
					<h1 className="text-2xl font-bold text-gray-900">{tab === 'login' ? 'Welcome back' : 'Create your account'}</h1>
					<p className="mt-1 text-sm text-gray-600">
						{tab === 'login' ? 'Log in to continue your leadership journey.' : 'Join the community in less than a minute.'}
					</p>
					<nav aria-label="Log in or sign up" className="mt-6 grid grid-cols-2 rounded-lg bg-gray-100 p-1">
						{(['login', 'signup'] as const).map((name) => (
							<Link
								key={name}
								to={`?tab=${name}`}
								replace
								preventScrollReset
								aria-current={tab === name ? 'page' : undefined}
								className={`rounded-md px-3 py-2 text-center text-sm font-medium ${
									tab === name ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'
								}`}
							>
								{name === 'login' ? 'Login' : 'Sign Up'}
							</Link>
						))}
					</nav>
					<div className="mt-6">
						{tab === 'login' ? (
							<LoginForm lastResult={actionData?.intent === 'login' ? actionData.result : undefined} />
						) : (
							<SignupForm lastResult={actionData?.intent === 'signup' ? actionData.result : undefined} />
						)}
					</div>
				</div>
			</main>
			<aside className="hidden flex-col justify-center bg-gradient-to-br from-brand-700 to-brand-900 p-12 text-white lg:flex">
				<h2 className="text-4xl font-bold">Elevate Your Leadership Journey</h2>
				<p className="mt-4 max-w-md text-lg text-brand-100">
					Video lessons, peer communities, live sessions and resources for people who lead.
				</p>
				<ul className="mt-8 space-y-3 text-brand-50">
					<li>✓ Premium video lessons with saved progress</li>
					<li>✓ Live community discussions and private messages</li>
					<li>✓ Events, replays and downloadable resources</li>
					<li>✓ 30-day free trial of Premium, cancel anytime</li>
				</ul>
			</aside>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

function LoginForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const pending = useIsSubmitting('login')
	const [form, fields] = useForm({
		id: 'login-form',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" action="/auth?tab=login" className="space-y-4" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="login" />
			<FormErrors errors={form.errors} />
			<Field
				label="Username"
				inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username', autoFocus: true }}
				errors={fields.username.errors}
			/>
			<Field
				label="Password"
				inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
				errors={fields.password.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Logging in..." className="w-full">
				Login
			</StatusButton>
		</Form>
	)
}

function SignupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const pending = useIsSubmitting('signup')
	const [form, fields] = useForm({
		id: 'signup-form',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SignupFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" action="/auth?tab=signup" className="space-y-4" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="signup" />
			<FormErrors errors={form.errors} />
			<Field
				label="Username"
				inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username', autoFocus: true }}
				errors={fields.username.errors}
			/>
			<Field label="Name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} errors={fields.name.errors} />
			<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
			<Field
				label="Password"
				inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.password.errors}
			/>
			<Field
				label="Confirm Password"
				inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.confirmPassword.errors}
			/>
			<TextareaField
				label="Bio (optional)"
				textareaProps={{ ...getTextareaProps(fields.bio), rows: 3, placeholder: 'Tell others about yourself...' }}
				errors={fields.bio.errors}
			/>
			<StatusButton pending={pending} pendingLabel="Creating account..." className="w-full">
				Create Account
			</StatusButton>
		</Form>
	)
}
