import { json, redirect } from '@remix-run/node'
import { EmptyFormSchema } from '~/lib/schemas'
import { type UserJSON } from '#models/index'
import { DeleteAccountSchema, EmailPreferencesSchema } from '~/lib/account-schemas'
import { PushDeviceOffSchema } from '~/lib/push'
import { formatDate } from '~/lib/dates'
import { ChangePasswordFormSchema, ProfileSchema } from '~/lib/member-schemas'
import { readTimeZone } from '~/web/time-zone.server'
import { makeToast } from '~/lib/toast'
import { deleteOwnAccount } from '~/services/account/deletion.server'
import { saveProfile as saveProfileAndEmail } from '~/services/account/email-change.server'
import { endAllSessions } from '~/services/account/auth.server'
import { resetCalendarFeed } from '~/services/events/calendar.server'
import { cancelSubscription, openBillingPortal, resumeSubscription } from '~/services/billing/index.server'
import { saveEmailPreferences } from '~/services/notifications/preferences.server'
import { turnOffPushDevice } from '~/services/notifications/push.server'
import { changePassword } from '~/services/account/users.server'
import { CLEAR_CACHED_PAGES, endSession } from '~/web/auth.server'
import { publicOriginOf, type ClientContext } from '~/web/client.server'
import { type FormActionData, handleFormSubmission } from '~/web/form.server'
import { limitAuthRequests } from '~/web/rate-limit.server'
import { getSession } from '~/web/session.server'
import { redirectWithToast } from '~/web/toast.server'

/** The forms of /profile, one per intent; the route picks one by the form's `intent` field. */

export function saveProfile(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: ProfileSchema,
		intent: 'profile',
		hideFields: ['currentPassword'],
		failureTitle: 'Update failed',
		onValid: async (changes) => {
			// The form always sends every field: a switch that is not ticked is off.
			const { pendingEmail } = await saveProfileAndEmail(user, user.id, {
				...changes,
				hiddenFromDirectory: changes.hiddenFromDirectory ?? false,
			})
			return redirectWithToast('/profile?tab=profile', {
				title: 'Profile updated',
				description: pendingEmail
					? `Your profile has been saved. We sent a link to ${pendingEmail} to confirm your new email address; until then we keep using ${user.email}.`
					: 'Your profile has been saved.',
			})
		},
	})
}

export function savePassword(request: Request, context: ClientContext, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: ChangePasswordFormSchema,
		intent: 'password',
		hideFields: ['currentPassword', 'newPassword', 'confirmPassword'],
		failureTitle: 'Password change failed',
		onValid: async ({ currentPassword, newPassword }) => {
			await limitAuthRequests(context)
			const keepSessionId = (await getSession(request)).id
			await changePassword(user, user.id, { currentPassword, newPassword }, { keepSessionId })
			return redirectWithToast('/profile?tab=password', {
				title: 'Password changed',
				description: 'Your password has been updated. Other devices have been signed out.',
			})
		},
	})
}

/** The Notifications tab: which notifications also come by email. */
export function saveNotificationPreferences(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: EmailPreferencesSchema,
		intent: 'notifications',
		failureTitle: 'Preferences not saved',
		onValid: async (preferences) => {
			await saveEmailPreferences(user.id, preferences)
			return redirectWithToast('/profile?tab=notifications', {
				title: 'Preferences saved',
				description: 'Your email choices have been saved.',
			})
		},
	})
}

function dateIn(request: Request, iso: string | null): string {
	return iso ? formatDate(iso, readTimeZone(request.headers.get('Cookie')).timeZone) : 'the end of the period'
}

/** The Notifications tab's "Turn off" of one device with push on (docs/decisions/181). */
export function turnOffPush(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: PushDeviceOffSchema,
		intent: 'push-off',
		failureTitle: 'Push not turned off',
		// The form shows no field of its own: what was wrong is said in the notice.
		announceInvalid: true,
		onValid: async ({ deviceId }) => {
			const { label } = await turnOffPushDevice(user, deviceId)
			return redirectWithToast('/profile?tab=notifications', {
				title: 'Push turned off',
				description: `${label} gets no more push notifications.`,
			})
		},
	})
}

/** Cancel at the end of the period: Premium stays until then. */
export function cancelBilling(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: EmptyFormSchema,
		intent: 'billing-cancel',
		failureTitle: 'Cancellation failed',
		onValid: async () => {
			const { currentPeriodEnd } = await cancelSubscription(user)
			return redirectWithToast('/profile?tab=billing', {
				title: 'Subscription cancelled',
				description: `Premium stays until ${dateIn(request, currentPeriodEnd)}. Nothing more will be charged.`,
			})
		},
	})
}

export function resumeBilling(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: EmptyFormSchema,
		intent: 'billing-resume',
		failureTitle: 'Could not resume',
		onValid: async () => {
			const { status, currentPeriodEnd } = await resumeSubscription(user)
			const when = dateIn(request, currentPeriodEnd)
			return redirectWithToast('/profile?tab=billing', {
				title: 'Subscription resumed',
				description:
					status === 'trialing'
						? `Your trial goes on; the first charge is on ${when}.`
						: `Your plan goes on; the next charge is on ${when}.`,
			})
		},
	})
}

/** Stripe's Billing Portal (card and invoices): the browser goes there, and comes back to the Billing tab. */
export function openPortal(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: EmptyFormSchema,
		intent: 'billing-portal',
		failureTitle: 'Could not open the billing portal',
		onValid: async () =>
			redirect((await openBillingPortal(user, `${publicOriginOf(request)}/profile?tab=billing`)).url),
	})
}

/** "Log out from all devices": every session and socket of the account, this browser's too. */
export async function logOutEverywhere(request: Request, user: UserJSON) {
	await endAllSessions(user.id)
	return redirectWithToast(
		'/',
		{ title: 'Logged out', description: 'You have been logged out from all devices.' },
		{ headers: { 'Set-Cookie': await endSession(request), ...CLEAR_CACHED_PAGES } },
	)
}

/** Delete Account, confirmed with the password (docs/decisions/125). */
export function deleteAccount(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: DeleteAccountSchema,
		intent: 'delete-account',
		hideFields: ['password'],
		failureTitle: 'Account not deleted',
		onValid: async ({ password }) => {
			await deleteOwnAccount(user, { password })
			return redirectWithToast(
				'/',
				{
					title: 'Account deleted',
					description: 'Your account and its data have been deleted. A goodbye email is on its way.',
				},
				{ headers: { 'Set-Cookie': await endSession(request), ...CLEAR_CACHED_PAGES } },
			)
		},
	})
}

export function unknownIntent() {
	return json<FormActionData>(
		{
			intent: 'profile',
			result: {},
			toast: makeToast({ type: 'destructive', title: 'Error', description: 'Unknown action' }),
		},
		{ status: 400 },
	)
}

/**
 * Makes a new calendar feed address (ending the old one) and shows it once,
 * in this answer: only its hash is stored (docs/decisions/103).
 */
export async function resetCalendarAddress(request: Request, user: UserJSON) {
	const token = await resetCalendarFeed(user.id)
	const origin = publicOriginOf(request)
	return json<FormActionData & { calendarUrl: string }>({
		intent: 'calendar-feed',
		result: {},
		toast: makeToast({
			title: 'Calendar address ready',
			description: 'Copy it into your calendar app now: it is shown only once.',
		}),
		calendarUrl: `${origin}/calendar/${token}.ics`,
	})
}
