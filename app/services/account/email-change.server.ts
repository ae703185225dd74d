import { randomBytes } from 'node:crypto'
import { UserModel, type User, type UserJSON } from '#models/index'
import { getConfig } from '~/config.server'
import { type ProfileUpdate } from '~/lib/member-schemas'
import { PRODUCT_NAME } from '~/lib/product'
import { describeWait, notFound, RetryLaterError, ServiceError } from '~/lib/service-error'
import { singleton } from '~/platform/singleton.server'
import {
	inspectAccountToken,
	issueAccountToken,
	pendingEmailChange,
	revokeAccountTokens,
	useAccountToken,
	type AccountTokenState,
} from '~/services/account/tokens.server'
import { sendMail } from '~/platform/mail/index.server'
import { createRateLimiter } from '~/platform/rate-limit.server'
import {
	CURRENT_PASSWORD_INCORRECT,
	assertEmailAvailable,
	assertSelf,
	confirmOwnPassword,
	getUserById,
	setConfirmedEmail,
	updateProfile,
} from '~/services/account/users.server'
import { endAllSessions } from '~/services/account/auth.server'
import { hashPassword } from '~/services/account/password.server'
import { mailResetLink } from '~/services/account/password-reset.server'

/**
 * Changing the account's email (product §2 "Profile"): asked for with the
 * current password; the new address gets a confirmation link; the old one
 * stays in force until the link is used, and then gets a notice that it was
 * replaced, with a link that puts it back (docs/decisions/122, 200).
 */

export const EMAIL_CHANGE_LINK_VALID_MS = 24 * 60 * 60_000
/** The undo link in the notice to the old address: long enough for someone back from a week away. */
export const EMAIL_UNDO_LINK_VALID_MS = 7 * 24 * 60 * 60_000

export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email address'

export const EMAIL_UNDO_LINK_MESSAGES: Record<Exclude<AccountTokenState, 'valid'>, string> = {
	expired: 'This link has expired. Reset your password or contact us to get your account back.',
	used: 'This link has already been used.',
	invalid: 'This link is not valid.',
}

export const EMAIL_CHANGE_LINK_MESSAGES: Record<Exclude<AccountTokenState, 'valid'>, string> = {
	expired: 'This confirmation link has expired. Change your email in your profile again to get a new one.',
	used: 'This confirmation link has already been used.',
	invalid: 'This confirmation link is not valid. Change your email in your profile again to get a new one.',
}

/** At most 5 confirmation mails an hour per member: nobody can use the form to flood an inbox. */
const EMAIL_CHANGE_LIMIT = { name: 'email-change-member', limit: 5, windowMs: 60 * 60_000 } as const
const emailChangeLimiter = singleton('email-change-limiter', () => createRateLimiter(EMAIL_CHANGE_LIMIT))

export interface SavedProfile {
	user: UserJSON
	/** The new address waiting for its confirmation, when this save asked for one. */
	pendingEmail: string | null
}

/**
 * The Profile tab and PATCH /api/users/{id}: name, bio and avatar change at
 * once; a different email is only asked for (a confirmation link goes to it).
 * The new address is checked before anything is saved, so a refusal changes nothing.
 */
export async function saveProfile(
	actor: Pick<UserJSON, 'id'>,
	userId: number,
	changes: ProfileUpdate,
): Promise<SavedProfile> {
	assertSelf(actor, userId, 'profile')
	const current = await getUserById(userId)
	if (!current) throw notFound('User not found')
	const newEmail = changes.email?.trim().toLowerCase()
	const emailChanges = newEmail !== undefined && newEmail !== current.email
	if (emailChanges) await assertEmailChangeAllowed(userId, newEmail, changes.currentPassword)

	const { email: _email, currentPassword: _currentPassword, ...rest } = changes
	const hasOtherChanges = Object.values(rest).some((value) => value !== undefined)
	const user = hasOtherChanges ? await updateProfile(actor, userId, rest) : current
	if (!emailChanges) return { user, pendingEmail: null }
	await sendEmailChangeLink(user, newEmail)
	return { user, pendingEmail: newEmail }
}

/** A session alone cannot move the account's mail elsewhere (then reset the password there): the password too. */
async function assertEmailChangeAllowed(userId: number, newEmail: string, currentPassword: string | undefined) {
	if (!currentPassword) throw new ServiceError(EMAIL_CHANGE_NEEDS_PASSWORD, 400, 'currentPassword')
	await confirmOwnPassword(userId, currentPassword, { field: 'currentPassword', wrong: CURRENT_PASSWORD_INCORRECT })
	await assertEmailAvailable(newEmail, userId)
	const { allowed, retryAfterMs } = await emailChangeLimiter.consume(userId)
	if (!allowed)
		throw new RetryLaterError(
			`Too many email changes. Please try again in ${describeWait(retryAfterMs)}.`,
			retryAfterMs,
		)
}

/** A newer request replaces an older one: only the latest address can be confirmed. */
async function sendEmailChangeLink(user: UserJSON, newEmail: string) {
	await revokeAccountTokens(user.id, 'email_change')
	const token = await issueAccountToken({
		kind: 'email_change',
		userId: user.id,
		validForMs: EMAIL_CHANGE_LINK_VALID_MS,
		newEmail,
	})
	const link = `${getConfig().mail.linkOrigin}/confirm-email?token=${token}`
	await sendMail({
		to: newEmail,
		kind: 'email-change',
		subject: 'Confirm your new email address',
		text: [
			`Hello ${user.name},`,
			`Please confirm that ${newEmail} is the new email address of your ${PRODUCT_NAME} account "${user.username}": ${link}`,
			`Until you confirm, we keep writing to ${user.email}. The link works once, for 24 hours. If you did not ask for this, ignore this email.`,
		].join('\n\n'),
	})
}

/** The address the member asked to switch to and has not confirmed yet, if any. */
export function getPendingEmail(userId: number): Promise<string | null> {
	return pendingEmailChange(userId)
}

/** What a link in an email-change mail leads to now: a confirmation (to the new address) or an undo (to the old one). */
export async function checkEmailChangeLink(
	token: string,
): Promise<{ state: AccountTokenState; email: string | null; undo: boolean }> {
	const confirmation = await inspectAccountToken('email_change', token)
	if (confirmation.state !== 'invalid')
		return { state: confirmation.state, email: confirmation.record?.newEmail ?? null, undo: false }
	const undo = await inspectAccountToken('email_undo', token)
	return { state: undo.state, email: undo.record?.newEmail ?? null, undo: undo.state !== 'invalid' }
}

/**
 * Uses a confirmation link, once: the account's email becomes the new
 * address, and the old address is told, with a link that undoes the change.
 * Refused (nothing changes) when the address was taken by someone else
 * meanwhile.
 */
export async function confirmEmailChange(token: string): Promise<{ userId: number; email: string }> {
	const { state, record } = await inspectAccountToken('email_change', token)
	if (state !== 'valid' || !record?.newEmail)
		throw new ServiceError(EMAIL_CHANGE_LINK_MESSAGES[state === 'valid' ? 'invalid' : state], 400, 'token')
	const newEmail = record.newEmail
	// Checked before the link is used, so a refusal leaves the link usable once the address is free again.
	await assertEmailAvailable(newEmail, record.userId)
	const before = await UserModel.findOne({ id: record.userId })
		.select('id username name email')
		.lean<Pick<User, 'id' | 'username' | 'name' | 'email'>>()
	if (!before) throw new ServiceError(EMAIL_CHANGE_LINK_MESSAGES.invalid, 400, 'token')
	const used = await useAccountToken('email_change', token)
	if (used.state !== 'valid') throw new ServiceError(EMAIL_CHANGE_LINK_MESSAGES[used.state], 400, 'token')
	if (!(await setConfirmedEmail(before.id, newEmail)))
		throw new ServiceError(EMAIL_CHANGE_LINK_MESSAGES.invalid, 400, 'token')
	const undoToken = await issueAccountToken({
		kind: 'email_undo',
		userId: before.id,
		validForMs: EMAIL_UNDO_LINK_VALID_MS,
		newEmail: before.email,
	})
	await sendMail({
		to: before.email,
		kind: 'email-changed',
		subject: `The email address of your ${PRODUCT_NAME} account was changed`,
		text: [
			`Hello ${before.name},`,
			`The email address of your ${PRODUCT_NAME} account "${before.username}" was changed from ${before.email} to ${newEmail}. We will write to the new address from now on.`,
			`If you did not do this, put ${before.email} back here: ${getConfig().mail.linkOrigin}/confirm-email?token=${undoToken}`,
			'That link works once, for 7 days: it signs every device out and sends a link to this address to choose a new password.',
		].join('\n\n'),
	})
	return { userId: before.id, email: newEmail }
}

/**
 * Uses the undo link sent to the old address, once (decision 200): the old
 * address is the account's again, every session and pending link ends, the
 * password is replaced by one nobody knows, and a reset link goes to the old
 * address. Whoever changed the address is out, and only its owner gets back in.
 */
export async function undoEmailChange(token: string): Promise<{ email: string }> {
	const { state, record } = await inspectAccountToken('email_undo', token)
	if (state !== 'valid' || !record?.newEmail)
		throw new ServiceError(EMAIL_UNDO_LINK_MESSAGES[state === 'valid' ? 'invalid' : state], 400, 'token')
	const oldEmail = record.newEmail
	await assertEmailAvailable(oldEmail, record.userId)
	const used = await useAccountToken('email_undo', token)
	if (used.state !== 'valid') throw new ServiceError(EMAIL_UNDO_LINK_MESSAGES[used.state], 400, 'token')
	if (!(await setConfirmedEmail(record.userId, oldEmail)))
		throw new ServiceError(EMAIL_UNDO_LINK_MESSAGES.invalid, 400, 'token')
	const unknowable = await hashPassword(randomBytes(32).toString('base64url'))
	const user = await UserModel.findOneAndUpdate(
		{ id: record.userId },
		{ $set: { passwordHash: unknowable } },
		{ new: true },
	)
		.select('id username name email')
		.lean<Pick<User, 'id' | 'username' | 'name' | 'email'>>()
	await endAllSessions(record.userId)
	if (user) await mailResetLink(user)
	return { email: oldEmail }
}
