import { json } from '@remix-run/node'
import { type UserJSON } from '#models/index'
import { ChangePasswordFormSchema, ProfileSchema } from '~/lib/member-schemas'
import { makeToast } from '~/lib/toast'
import { endAllSessions } from '~/services/auth.server'
import { resetCalendarFeed } from '~/services/calendar.server'
import { getConfig } from '~/config.server'
import { changePassword, updateProfile } from '~/services/users.server'
import { endSession } from '~/web/auth.server'
import { type FormActionData, handleFormSubmission } from '~/web/form.server'
import { limitAuthRequests, type ClientContext } from '~/web/rate-limit.server'
import { getSession } from '~/web/session.server'
import { redirectWithToast } from '~/web/toast.server'
import { DELETE_NOTICE } from './account-texts'

/** The forms of /profile, one per intent; the route picks one by the form's `intent` field. */

export function saveProfile(request: Request, user: UserJSON, formData: FormData) {
	return handleFormSubmission({
		request,
		formData,
		schema: ProfileSchema,
		intent: 'profile',
		failureTitle: 'Update failed',
		onValid: async (changes) => {
			await updateProfile(user, user.id, changes)
			return redirectWithToast('/profile?tab=profile', { title: 'Profile updated', description: 'Your profile has been saved.' })
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

/** "Log out from all devices": every session and socket of the account, this browser's too. */
export async function logOutEverywhere(request: Request, user: UserJSON) {
	await endAllSessions(user.id)
	return redirectWithToast(
		'/',
		{ title: 'Logged out', description: 'You have been logged out from all devices.' },
		{ headers: { 'Set-Cookie': await endSession(request) } },
	)
}

/** product §2: deletion is only announced, never done. */
export function announceAccountDeletion() {
	return json<FormActionData>({ intent: 'delete-account', result: {}, toast: makeToast(DELETE_NOTICE) })
}

export function unknownIntent() {
	return json<FormActionData>(
		{ intent: 'profile', result: {}, toast: makeToast({ type: 'destructive', title: 'Error', description: 'Unknown action' }) },
		{ status: 400 },
	)
}

/**
 * Makes a new calendar feed address (ending the old one) and shows it once,
 * in this answer: only its hash is stored (docs/decisions/103).
 */
export async function resetCalendarAddress(request: Request, user: UserJSON) {
	const token = await resetCalendarFeed(user.id)
	const origin = getConfig().appOrigin ?? new URL(request.url).origin
	return json<FormActionData & { calendarUrl: string }>({
		intent: 'calendar-feed',
		result: {},
		toast: makeToast({ title: 'Calendar address ready', description: 'Copy it into your calendar app now: it is shown only once.' }),
		calendarUrl: `${origin}/calendar/${token}.ics`,
	})
}
