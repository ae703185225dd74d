import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { lazyIsland } from '~/components/lazy-island'
import { pageMeta } from '~/components/page-meta'
import { Avatar } from '~/components/ui/avatar'
import { Card } from '~/components/ui/card'
import { TabLinks } from '~/components/ui/tab-links'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { formatDate } from '~/lib/dates'
import { readTimeZone } from '~/web/time-zone.server'
import { getPendingEmail } from '~/services/account/email-change.server'
import { getBillingDetails } from '~/services/billing/index.server'
import { getEmailPreferences } from '~/services/notifications/preferences.server'
import { listPushDevices, pushPublicKey } from '~/services/notifications/push.server'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { pageHeadersWithRetryAfter } from '~/web/errors.server'
import { type RouteHandle } from '~/types'
import { listBlockedMembers } from '~/services/moderation/blocks.server'
import {
	cancelBilling,
	deleteAccount,
	logOutEverywhere,
	openPortal,
	resetCalendarAddress,
	resumeBilling,
	saveNotificationPreferences,
	savePassword,
	saveProfile,
	turnOffPush,
	unknownIntent,
} from '~/routes/profile/__actions.server'
import { BillingTab } from '~/routes/profile/__billing-tab'
import { toBillingView } from '~/routes/profile/__billing-view'
import { getCalendarFeedStatus } from '~/services/events/calendar.server'
import { BlockedTab } from '~/routes/profile/__blocked-tab'

/**
 * The tabs with forms, and Conform that only they use on this page, are not among the page's first scripts:
 * the four tabs' modules are fetched once the page's scripts have run, the open tab's hydrates when its
 * module has come (decision 254).
 */
const ProfileTab = lazyIsland(() => import('~/routes/profile/__profile-tab').then((module) => module.ProfileTab))
const PasswordTab = lazyIsland(() => import('~/routes/profile/__password-tab').then((module) => module.PasswordTab))
const NotificationsTab = lazyIsland(() =>
	import('~/routes/profile/__notifications-tab').then((module) => module.NotificationsTab),
)
const AccountTab = lazyIsland(() => import('~/routes/profile/__account-tab').then((module) => module.AccountTab))

/** Client validation, pending labels and the delete confirmation need JavaScript; every form also works without it. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () =>
	pageMeta('My Profile', 'Your profile, password, notification emails, billing and account.')

/** A password change refused for now (too many tries) answers with its Retry-After. */
export const headers = pageHeadersWithRetryAfter

const TABS = [
	{ value: 'profile', label: 'Profile' },
	{ value: 'password', label: 'Password' },
	{ value: 'notifications', label: 'Notifications' },
	{ value: 'billing', label: 'Billing' },
	{ value: 'account', label: 'Account' },
	{ value: 'blocked', label: 'Blocked members' },
] as const
type Tab = (typeof TABS)[number]['value']

function readTab(value: string | null): Tab {
	return TABS.find((tab) => tab.value === value)?.value ?? 'profile'
}

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { timeZone } = readTimeZone(request.headers.get('Cookie'))
	const tab = readTab(new URL(request.url).searchParams.get('tab'))
	return json({
		user,
		tab,
		blocked: tab === 'blocked' ? await listBlockedMembers(user) : [],
		memberSince: formatDate(user.createdAt, timeZone),
		trialEnds: user.trialEndsAt ? formatDate(user.trialEndsAt, timeZone) : null,
		calendarFeed: tab === 'account' ? await getCalendarFeedStatus(user.id) : null,
		// Each tab's own data, read only when it is open (the Billing tab asks Stripe).
		pendingEmail: tab === 'profile' ? await getPendingEmail(user.id) : null,
		preferences: tab === 'notifications' ? await getEmailPreferences(user.id) : null,
		push: tab === 'notifications' ? { publicKey: pushPublicKey(), devices: await listPushDevices(user) } : null,
		timeZone,
		billing: tab === 'billing' ? toBillingView(await getBillingDetails(user), timeZone) : null,
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const formData = await readProtectedForm(request)
	switch (formData.get('intent')) {
		case 'profile':
			return saveProfile(request, user, formData)
		case 'password':
			return savePassword(request, context, user, formData)
		case 'notifications':
			return saveNotificationPreferences(request, user, formData)
		case 'push-off':
			return turnOffPush(request, user, formData)
		case 'billing-cancel':
			return cancelBilling(request, user, formData)
		case 'billing-resume':
			return resumeBilling(request, user, formData)
		case 'billing-portal':
			return openPortal(request, user, formData)
		case 'logout-all':
			return logOutEverywhere(request, user)
		case 'delete-account':
			return deleteAccount(request, user, formData)
		case 'calendar-feed':
			return resetCalendarAddress(request, user)
		default:
			return unknownIntent()
	}
}

export default function ProfilePage() {
	const { user, tab, memberSince, trialEnds, pendingEmail, preferences, push, timeZone, billing, blocked } =
		useLoaderData<typeof loader>()
	const toast = useFormActionToast()
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
					<TabLinks
						label="Profile sections"
						param="tab"
						active={tab}
						tabs={[...TABS]}
						searchParams={new URLSearchParams()}
					/>
					{tab === 'profile' ? (
						<ProfileTab user={user} pendingEmail={pendingEmail} />
					) : tab === 'password' ? (
						<PasswordTab />
					) : tab === 'notifications' && preferences && push ? (
						<NotificationsTab preferences={preferences} push={push} timeZone={timeZone} />
					) : tab === 'billing' && billing ? (
						<BillingTab billing={billing} />
					) : tab === 'blocked' ? (
						<BlockedTab blocked={blocked} />
					) : (
						<AccountTab user={user} trialEnds={trialEnds} />
					)}
				</div>
			</div>
			<ActionToast toast={toast} />
		</div>
	)
}
