import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useSearchParams } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { BRAND_NAME, BrandLink } from '~/components/brand'
import { Field, FormErrors, TextareaField, useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { StatusButton } from '~/components/ui/button'
import { ActionToast } from '~/components/ui/toaster'
import { TimeZoneField } from '~/components/time-zone-field'
import { useConformForm } from '~/components/use-conform-form'
import { getConfig } from '~/config.server'
import { LoginSchema, SignupFormSchema } from '~/lib/form-schemas.server'
import { TIME_ZONE_FIELD } from '~/lib/time-zone-hint'
import { timeZoneCookieFor } from '~/web/time-zone.server'
import { registerUser } from '~/services/account/users.server'
import { logInWithCredentials, requireAnonymous, startLoggedInSession } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { pageHeadersWithRetryAfter } from '~/web/errors.server'
import { type FormActionData, handleFormSubmission } from '~/web/form.server'
import { type ClientContext } from '~/web/client.server'
import { limitAuthRequests } from '~/web/rate-limit.server'
import { redirectWithToast } from '~/web/toast.server'
import { type RouteHandle } from '~/types'

export const handle: RouteHandle = { hydrate: true }

/** A login or sign-up refused for now answers with its Retry-After. */
export const headers = pageHeadersWithRetryAfter

export const meta: MetaFunction = () =>
	pageMeta('Log in or sign up', 'Log in to LeaderForge, or create a free account to start learning.')

type Intent = 'login' | 'signup'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireAnonymous(request)
	const formData = await readProtectedForm(request)
	return formData.get('intent') === 'signup' ? signUp(request, context, formData) : logIn(request, context, formData)
}

/** The browser's zone came with the form: the dashboard is drawn in it at once, no reload needed. */
function withTimeZone(headers: Headers, formData: FormData): Headers {
	const cookie = timeZoneCookieFor(formData.get(TIME_ZONE_FIELD), { secure: getConfig().secureCookies })
	if (cookie) headers.append('Set-Cookie', cookie)
	return headers
}

function logIn(request: Request, context: ClientContext, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: LoginSchema,
		intent: 'login',
		hideFields: ['password'],
		// No notice: a refused login says why once, on the form.
		onValid: async (credentials) => {
			const { headers } = await logInWithCredentials(request, context, credentials)
			return redirectWithToast(
				'/dashboard',
				{ title: 'Login successful', description: 'Welcome back!' },
				{ headers: withTimeZone(headers, formData) },
			)
		},
	})
}

function signUp(request: Request, context: ClientContext, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: SignupFormSchema,
		intent: 'signup',
		hideFields: ['password', 'confirmPassword'],
		failureTitle: 'Registration failed',
		// Not the visitor's mistake: keep what they typed and let them try again (product §8's fallback text).
		unexpectedErrorMessage: 'Registration failed. Please try again.',
		onValid: async (input) => {
			await limitAuthRequests(context)
			const user = await registerUser(input)
			return redirectWithToast(
				'/dashboard',
				{ title: 'Registration successful', description: `Welcome to ${BRAND_NAME}, ${user.name}!` },
				{ headers: withTimeZone(await startLoggedInSession(request, user.id), formData) },
			)
		},
	})
}

export default function AuthPage() {
	const actionData = useActionData<FormActionData>()
	const [searchParams] = useSearchParams()
	const tab: Intent = (actionData?.intent ?? searchParams.get('tab')) === 'signup' ? 'signup' : 'login'

	return (
		<div className="grid grid-cols-1 min-h-screen lg:grid-cols-2">
			<main className="flex flex-col px-4 py-8 sm:px-8">
				<BrandLink to="/" />
				<div className="mx-auto my-auto w-full max-w-md py-10">
					<h1 className="text-2xl font-bold text-gray-900">
						{tab === 'login' ? 'Welcome back' : 'Create your account'}
					</h1>
					<p className="mt-1 text-sm text-gray-600">
						{tab === 'login'
							? 'Log in to continue your leadership journey.'
							: 'Join the community in less than a minute.'}
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
					<div className="mt-6">{tab === 'login' ? <LoginForm /> : <SignupForm />}</div>
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

function LoginForm() {
	const pending = useIsSubmitting('login')
	const [form, fields] = useConformForm({
		id: 'login-form',
		schema: () => import('~/lib/schemas').then((m) => m.LoginSchema),
		intent: 'login',
	})
	return (
		<Form method="post" action="/auth?tab=login" className="space-y-4" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="login" />
			<TimeZoneField />
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
			<StatusButton pending={pending} pendingLabel="Logging in..." size="wide">
				Login
			</StatusButton>
			<p className="text-center text-sm">
				<Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
					Forgot password?
				</Link>
			</p>
		</Form>
	)
}

function SignupForm() {
	const pending = useIsSubmitting('signup')
	const [form, fields] = useConformForm({
		id: 'signup-form',
		schema: () => import('~/lib/schemas').then((m) => m.SignupFormSchema),
		intent: 'signup',
	})
	return (
		<Form method="post" action="/auth?tab=signup" className="space-y-4" {...getFormProps(form)}>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="signup" />
			<TimeZoneField />
			<FormErrors errors={form.errors} />
			<Field
				label="Username"
				inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username', autoFocus: true }}
				errors={fields.username.errors}
			/>
			<Field
				label="Name"
				inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
				errors={fields.name.errors}
			/>
			<Field
				label="Email"
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
				errors={fields.email.errors}
			/>
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
			<StatusButton pending={pending} pendingLabel="Creating account..." size="wide">
				Create Account
			</StatusButton>
		</Form>
	)
}
