import { Form, Link } from '@remix-run/react'
import { type MouseEvent } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type UserJSON } from '#models/index'
import { useIsSubmitting } from '~/components/forms'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useToast } from '~/components/ui/toaster'
import { DELETE_CONFIRMATION, DELETE_NOTICE } from './account-texts'
import { CalendarCard } from './calendar-card'
import { TabCard } from './tab-card'
import { Button, ButtonLink, buttonClassName, StatusButton } from '~/components/ui/button'

/** The Account tab: account type, subscription, log out everywhere, delete. */
export function AccountTab({
	user,
	trialEnds,
	confirmDelete,
}: {
	user: Pick<UserJSON, 'role' | 'subscriptionStatus'>
	trialEnds: string | null
	confirmDelete: boolean
}) {
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
						<ButtonLink to="/subscribe">
							{status === 'active' ? 'Manage Subscription' : 'Subscribe Now'}
						</ButtonLink>
					</div>
				</div>
			</TabCard>
			<TabCard title="Sign Out" description="End every session of your account: on this browser and on all your other devices.">
				<Form method="post" action="/profile?tab=account">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="logout-all" />
					<StatusButton pending={pending} pendingLabel="Signing out..." variant="dark">
						Log out from all devices
					</StatusButton>
				</Form>
			</TabCard>
			<CalendarCard />
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
 * With JavaScript: the browser's confirmation, then only a notice (product §2),
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
			className={buttonClassName({ variant: 'danger' })}
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
				<Button type="submit" variant="danger">
					Delete Account
				</Button>
				<ButtonLink to="/profile?tab=account" variant="secondary">
					Cancel
				</ButtonLink>
			</div>
		</Form>
	)
}
