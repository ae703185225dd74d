import { getFormProps, getInputProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { type FormEvent } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { type UserJSON } from '#models/index'
import { Field, FormErrors, useIsSubmitting } from '~/components/forms'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, buttonClassName, StatusButton } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useConformForm } from '~/components/use-conform-form'
import { isPremiumStatus } from '~/lib/subscription'
import { DELETE_CONFIRMATION } from '~/routes/profile/__account-texts'
import { CalendarCard } from '~/routes/profile/__calendar-card'
import { TabCard } from '~/routes/profile/__tab-card'

/** The Account tab: account type, subscription, log out everywhere, download the data, delete the account. */
export function AccountTab({
	user,
	trialEnds,
}: {
	user: Pick<UserJSON, 'role' | 'subscriptionStatus'>
	trialEnds: string | null
}) {
	const pending = useIsSubmitting('logout-all')
	const status = user.subscriptionStatus
	return (
		<div className="space-y-4">
			<TabCard title="Account" description="Your membership and subscription.">
				<div className="space-y-5">
					{/* No 'Upgrade' here: roles are an admin's to give, and Premium is the subscription below (docs/decisions/068). */}
					<dl>
						<dt className="text-sm text-gray-500">Account Type</dt>
						<dd className="font-medium text-gray-900">{user.role === 'admin' ? 'Administrator' : 'Standard Member'}</dd>
					</dl>
					<div className="flex flex-wrap items-center justify-between gap-3">
						<dl>
							<dt className="text-sm text-gray-500">Subscription Status</dt>
							<dd className="flex items-center gap-2 font-medium text-gray-900">
								{status === 'active' ? 'Active Subscription' : status === 'trialing' ? 'Free Trial' : 'Not Subscribed'}
								{status === 'active' ? (
									<Badge tone="green">Premium</Badge>
								) : status === 'trialing' ? (
									<Badge tone="blue">Trial</Badge>
								) : null}
							</dd>
							{trialEnds ? <dd className="text-sm text-gray-600">Trial ends: {trialEnds}</dd> : null}
						</dl>
						{isPremiumStatus(status) ? (
							<ButtonLink to="/profile?tab=billing">Manage Subscription</ButtonLink>
						) : (
							<ButtonLink to="/subscribe">Subscribe Now</ButtonLink>
						)}
					</div>
				</div>
			</TabCard>
			<TabCard
				title="Sign Out"
				description="End every session of your account: on this browser and on all your other devices."
			>
				<Form method="post" action="/profile?tab=account">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="logout-all" />
					<StatusButton pending={pending} pendingLabel="Signing out..." variant="dark">
						Log out from all devices
					</StatusButton>
				</Form>
			</TabCard>
			<CalendarCard />
			<TabCard
				title="Your Data"
				description="Everything we keep about you: profile, preferences, subscription, progress, notifications and the messages you wrote."
			>
				{/* A plain link: the browser downloads the JSON file the server sends as an attachment. */}
				<a href="/api/users/me/export" download className={buttonClassName({ variant: 'secondary' })}>
					Download my data
				</a>
			</TabCard>
			<DeleteAccountCard />
		</div>
	)
}

/**
 * Delete Account: the password is the confirmation, in a plain form; with
 * JavaScript the browser also asks once more before it is sent.
 */
function DeleteAccountCard() {
	const pending = useIsSubmitting('delete-account')
	const [form, fields] = useConformForm({
		id: 'delete-account-form',
		schema: () => import('~/lib/account-schemas').then((m) => m.DeleteAccountSchema),
		intent: 'delete-account',
	})
	const formProps = getFormProps(form)
	function confirmFirst(event: FormEvent<HTMLFormElement>) {
		formProps.onSubmit(event)
		if (!event.defaultPrevented && !window.confirm(DELETE_CONFIRMATION)) event.preventDefault()
	}
	return (
		<Card className="border-red-200">
			<CardHeader>
				<CardTitle className="text-red-700">Delete Account</CardTitle>
				<p className="text-sm text-gray-600">
					Permanently delete your account. Your subscription ends at once, and your profile, progress, notifications,
					settings and private messages are deleted. Messages you wrote in community rooms stay, shown as written by
					"Deleted member". This action cannot be undone.
				</p>
			</CardHeader>
			<CardContent>
				<Form method="post" action="/profile?tab=account" className="space-y-4" {...formProps} onSubmit={confirmFirst}>
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="delete-account" />
					<FormErrors errors={form.errors} />
					<Field
						label="Your password"
						inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
						help="Type your password to confirm."
						errors={fields.password.errors}
					/>
					<StatusButton pending={pending} pendingLabel="Deleting..." variant="danger">
						Delete Account
					</StatusButton>
				</Form>
			</CardContent>
		</Card>
	)
}
