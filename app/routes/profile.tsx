import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useRef, type MouseEvent, type ReactNode } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { BRAND_NAME } from '~/components/brand'
import { Field, FormErrors, StatusButton, TextareaField, useIsSubmitting } from '~/components/forms'
import { Avatar } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { TabLinks } from '~/components/ui/tab-links'
import { ActionToast, useToast } from '~/components/ui/toaster'
import { formatDate } from '~/lib/dates'
import { assertServiceError, replyWithServiceError } from '~/lib/form-errors.server'
import { ChangePasswordFormSchema, ProfileSchema } from '~/lib/member-schemas'
import { readTimeZone } from '~/lib/time-zone'
import { makeToast, type Toast, type ToastInput } from '~/lib/toast'
import { endAllSessions, endSession, requireUser } from '~/services/auth.server'
import { readProtectedForm } from '~/services/csrf.server'
import { getSession } from '~/services/session.server'
import { redirectWithToast } from '~/services/toast.server'
import { changePassword, updateProfile } from '~/services/users.server'
import { type RouteHandle } from '~/types'

/** Client validation, pending labels and the delete confirmation need JavaScript; every form also works without it. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () => [{ title: `My Profile | ${BRAND_NAME}` }]

const TABS = [
	{ value: 'profile', label: 'Profile' },
	{ value: 'password', label: 'Password' },
	{ value: 'notifications', label: 'Notifications' },
	{ value: 'account', label: 'Account' },
] as const
type Tab = (typeof TABS)[number]['value']

export const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.'
const DELETE_NOTICE: ToastInput = { title: 'Delete Account', description: 'Account deletion is not implemented in this demo.' }

function readTab(value: string | null): Tab {
	return TABS.find((tab) => tab.value === value)?.value ?? 'profile'
}

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { timeZone } = readTimeZone(request.headers.get('Cookie'))
	const url = new URL(request.url)
	return json({
		user,
		tab: readTab(url.searchParams.get('tab')),
		confirmDelete: url.searchParams.get('confirm') === 'delete',
		memberSince: formatDate(user.createdAt, timeZone),
		trialEnds: user.trialEndsAt ? formatDate(user.trialEndsAt, timeZone) : null,
	})
}

type Intent = 'profile' | 'password' | 'logout-all' | 'delete-account'

interface ActionData {
	intent: Intent
	result?: SubmissionResult<string[]>
	toast?: Toast
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const formData = await readProtectedForm(request)
	switch (formData.get('intent')) {
		case 'profile':
			return saveProfile(user.id, formData)
		case 'password':
			return savePassword(request, user.id, formData)
		case 'logout-all': {
			await endAllSessions(user.id)
			return redirectWithToast(
				'/',
				{ title: 'Logged out', description: 'You have been logged out from all devices.' },
				{ headers: { 'Set-Cookie': await endSession(request) } },
			)
		}
		case 'delete-account':
			// SPEC §2: deletion is only announced, never done.
			return json<ActionData>({ intent: 'delete-account', toast: makeToast(DELETE_NOTICE) })
		default:
			return json<ActionData>(
				{ intent: 'profile', toast: makeToast({ type: 'destructive', title: 'Error', description: 'Unknown action' }) },
				{ status: 400 },
			)
	}
}

async function saveProfile(userId: number, formData: FormData) {
	const submission = parseWithZod(formData, { schema: ProfileSchema })
	if (submission.status !== 'success') {
		return json<ActionData>({ intent: 'profile', result: submission.reply() }, { status: 400 })
	}
	try {
		await updateProfile({ id: userId }, userId, submission.value)
	} catch (error) {
		assertServiceError(error)
		return json<ActionData>(
			{
				intent: 'profile',
				result: replyWithServiceError(submission, error),
				toast: makeToast({ type: 'destructive', title: 'Update failed', description: error.message }),
			},
			{ status: error.status },
		)
	}
	return redirectWithToast('/profile?tab=profile', { title: 'Profile updated', description: 'Your profile has been saved.' })
}

async function savePassword(request: Request, userId: number, formData: FormData) {
	const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema })
	const hideFields = ['currentPassword', 'newPassword', 'confirmPassword']
	if (submission.status !== 'success') {
		return json<ActionData>({ intent: 'password', result: submission.reply({ hideFields }) }, { status: 400 })
	}
	const { currentPassword, newPassword } = submission.value
	try {
		const keepSessionId = (await getSession(request)).id
		await changePassword({ id: userId }, userId, { currentPassword, newPassword }, { keepSessionId })
	} catch (error) {
		assertServiceError(error)
		return json<ActionData>(
			{
				intent: 'password',
				result: replyWithServiceError(submission, error, { hideFields }),
				toast: makeToast({ type: 'destructive', title: 'Password change failed', description: error.message }),
			},
			{ status: error.status },
		)
	}
	return redirectWithToast('/profile?tab=password', {
		title: 'Password changed',
		description: 'Your password has been updated. Other devices have been signed out.',
	})
}

export default function ProfilePage() {
	const { user, tab, memberSince } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">My Profile</h1>
				<p className="mt-1 text-gray-600">Manage your account settings and preferences</p>
			</div>
			<div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_1fr]">
				<Card className="self-start p-6 text-center">
					<div className="flex justify-center">
						<Avatar name={user.name} src={user.avatar} size="lg" />
					</div>
					<p className="mt-3 font-semibold text-gray-900">{user.name}</p>
					<p className="text-sm text-gray-500">@{user.username}</p>
					{user.bio ? <p className="mt-3 text-sm text-gray-600">{user.bio}</p> : null}
					<p className="mt-4 text-xs text-gray-500">Member since {memberSince}</p>
				</Card>
				<div className="min-w-0 space-y-4">
					<TabLinks label="Profile sections" param="tab" active={tab} tabs={[...TABS]} searchParams={new URLSearchParams()} />
					{tab === 'profile' ? (
						<ProfileTab lastResult={actionData?.intent === 'profile' ? actionData.result : undefined} />
					) : tab === 'password' ? (
						<PasswordTab lastResult={actionData?.intent === 'password' ? actionData.result : undefined} />
					) : tab === 'notifications' ? (
						<NotificationsTab />
					) : (
						<AccountTab />
					)}
				</div>
			</div>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

function TabCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>{title}</CardTitle>
				<p className="text-sm text-gray-600">{description}</p>
			</CardHeader>
			<CardContent>{children}</CardContent>
		</Card>
	)
}

function ProfileTab({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const { user } = useLoaderData<typeof loader>()
	const pending = useIsSubmitting('profile')
	const [form, fields] = useForm({
		id: 'profile-form',
		lastResult,
		defaultValue: { name: user.name, email: user.email, bio: user.bio ?? '', avatar: user.avatar ?? '' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<TabCard title="Profile" description="This is how other members see you.">
			<Form method="post" action="/profile?tab=profile" className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="profile" />
				<FormErrors errors={form.errors} />
				<Field label="Name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} errors={fields.name.errors} />
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
				<TextareaField
					label="Bio"
					textareaProps={{ ...getTextareaProps(fields.bio), rows: 4, placeholder: 'Tell others about yourself...' }}
					help="Brief description for your profile."
					errors={fields.bio.errors}
				/>
				<Field
					label="Avatar URL"
					inputProps={{ ...getInputProps(fields.avatar, { type: 'url' }), placeholder: 'https://example.com/avatar.jpg' }}
					help="URL to your profile picture."
					errors={fields.avatar.errors}
				/>
				<StatusButton pending={pending} pendingLabel="Updating...">
					Save Changes
				</StatusButton>
			</Form>
		</TabCard>
	)
}

function PasswordTab({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	// After a successful change (a redirect, so no action data) the form is drawn anew and starts empty.
	// While an error is shown it keeps its identity, so what the member types next is not thrown away.
	const location = useLocation()
	const formKey = useRef(location.key)
	if (!lastResult) formKey.current = location.key
	return <PasswordForm key={formKey.current} lastResult={lastResult} />
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const pending = useIsSubmitting('password')
	const [form, fields] = useForm({
		id: 'password-form',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<TabCard title="Password" description="Change the password you log in with.">
			<Form method="post" action="/profile?tab=password" className="space-y-4" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="password" />
				<FormErrors errors={form.errors} />
				<Field
					label="Current Password"
					inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
					errors={fields.currentPassword.errors}
				/>
				<Field
					label="New Password"
					inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
					help="Password must be at least 8 characters long."
					errors={fields.newPassword.errors}
				/>
				<Field
					label="Confirm New Password"
					inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirmPassword.errors}
				/>
				<StatusButton pending={pending} pendingLabel="Changing Password...">
					Change Password
				</StatusButton>
			</Form>
		</TabCard>
	)
}

const NOTIFICATION_ROWS = [
	{ title: 'Email Notifications', text: 'Receive emails about activity in your communities.', action: 'Manage' },
	{ title: 'Browser Notifications', text: 'Get notified in your browser when something happens.', action: 'Enable' },
	{ title: 'Weekly Digest', text: 'A summary of new lessons, events and discussions each week.', action: 'Enable' },
]

/** SPEC §2: static rows; nothing is saved yet, so the controls are shown as unavailable. */
function NotificationsTab() {
	return (
		<TabCard title="Notifications" description="Choose how you hear about new lessons, events and messages.">
			<ul className="divide-y rounded-lg border">
				{NOTIFICATION_ROWS.map((row) => (
					<li key={row.title} className="flex items-center justify-between gap-4 p-4">
						<div>
							<p className="font-medium text-gray-900">{row.title}</p>
							<p className="text-sm text-gray-600">{row.text}</p>
						</div>
						<button type="button" disabled className="shrink-0 cursor-not-allowed rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-500">
							{row.action}
						</button>
					</li>
				))}
			</ul>
			<p className="mt-3 text-xs text-gray-500">Notification preferences are coming soon.</p>
			<button type="button" disabled className="mt-4 cursor-not-allowed rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white opacity-50">
				Save Preferences
			</button>
		</TabCard>
	)
}

function AccountTab() {
	const { user, trialEnds, confirmDelete } = useLoaderData<typeof loader>()
	const pending = useIsSubmitting('logout-all')
	const status = user.subscriptionStatus
	return (
		<div className="space-y-4">
			<TabCard title="Account" description="Your membership and subscription.">
				<div className="space-y-5">
					<div className="flex flex-wrap items-center justify-between gap-3">
						<dl>
							<dt className="text-sm text-gray-500">Account Type</dt>
							<dd className="font-medium text-gray-900">{user.role === 'admin' ? 'Administrator' : 'Standard Member'}</dd>
						</dl>
						{user.role === 'admin' ? null : (
							<button type="button" disabled className="cursor-not-allowed rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-500">
								Upgrade
							</button>
						)}
					</div>
					<div className="flex flex-wrap items-center justify-between gap-3">
						<dl>
							<dt className="text-sm text-gray-500">Subscription Status</dt>
							<dd className="flex items-center gap-2 font-medium text-gray-900">
								{status === 'active' ? 'Active Subscription' : status === 'trialing' ? 'Free Trial' : 'Not Subscribed'}
								{status === 'active' ? <Badge tone="green">Premium</Badge> : status === 'trialing' ? <Badge tone="blue">Trial</Badge> : null}
							</dd>
							{trialEnds ? <dd className="text-sm text-gray-600">Trial ends: {trialEnds}</dd> : null}
						</dl>
						<Link to="/subscribe" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
							{status === 'active' ? 'Manage Subscription' : 'Subscribe Now'}
						</Link>
					</div>
				</div>
			</TabCard>
			<TabCard title="Sign Out" description="End every session of your account: on this browser and on all your other devices.">
				<Form method="post" action="/profile?tab=account">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="logout-all" />
					<StatusButton pending={pending} pendingLabel="Signing out..." className="!bg-gray-900 hover:!bg-gray-800">
						Log out from all devices
					</StatusButton>
				</Form>
			</TabCard>
			<Card className="border-red-200">
				<CardHeader>
					<CardTitle className="text-red-700">Delete Account</CardTitle>
					<p className="text-sm text-gray-600">Permanently remove your account and everything in it.</p>
				</CardHeader>
				<CardContent>{confirmDelete ? <DeleteConfirmation /> : <DeleteAccountButton />}</CardContent>
			</Card>
		</div>
	)
}

/**
 * With JavaScript: the browser's confirmation, then only a notice (SPEC §2),
 * no request. Without it the link opens an in-page confirmation instead.
 */
function DeleteAccountButton() {
	const hydrated = useHydrated()
	const { showToast } = useToast()
	function onClick(event: MouseEvent<HTMLAnchorElement>) {
		if (!hydrated) return
		event.preventDefault()
		if (window.confirm(DELETE_CONFIRMATION)) showToast(DELETE_NOTICE)
	}
	return (
		<Link
			to="/profile?tab=account&confirm=delete"
			onClick={onClick}
			className="inline-flex rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
		>
			Delete Account
		</Link>
	)
}

function DeleteConfirmation() {
	return (
		<Form method="post" action="/profile?tab=account" aria-labelledby="delete-confirmation" className="space-y-3 rounded-lg bg-red-50 p-4">
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="delete-account" />
			<p id="delete-confirmation" className="text-sm font-medium text-red-800">
				{DELETE_CONFIRMATION}
			</p>
			<div className="flex gap-2">
				<button type="submit" className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700">
					Delete Account
				</button>
				<Link to="/profile?tab=account" className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50">
					Cancel
				</Link>
			</div>
		</Form>
	)
}
