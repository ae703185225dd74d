import { z } from 'zod'
import { EMAIL_PREFERENCE_KEYS, type EmailPreferenceKey } from '~/lib/email-preferences'
import { EmailSchema, LIMITS, NewPasswordSchema, requiredText } from '~/lib/schemas'

/**
 * The account's own forms and JSON bodies: forgotten passwords, the reset
 * link, email preferences and deleting the account (product §2, §5, §7).
 * One schema each, used by the browser and by the server.
 */

export const RESET_LINK_INVALID = 'This password reset link is not valid. Please ask for a new one.'

/** /forgot-password and POST /api/password-reset. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema })

/** A token from a link: the service says what is wrong with it; here it only has to be short text. */
const LinkTokenSchema = requiredText(RESET_LINK_INVALID).trim().min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID)

/** POST /api/password-reset/confirm: the link's token and the new password (the sign-up rules). */
export const PasswordResetSchema = z.object({ token: LinkTokenSchema, password: NewPasswordSchema })

/** /reset-password: the same, with the confirmation, checked here and never sent on. */
export const PasswordResetFormSchema = PasswordResetSchema.extend({
	confirmPassword: requiredText('Confirm Password is required').min(1, 'Confirm Password is required'),
}).superRefine((value, ctx) => {
	if (value.confirmPassword && value.password !== value.confirmPassword) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: 'Passwords do not match' })
	}
})

/** /confirm-email: the link's token. */
export const EmailChangeConfirmationSchema = z.object({
	token: requiredText('This link is not valid.')
		.trim()
		.min(1, 'This link is not valid.')
		.max(200, 'This link is not valid.'),
})

/** Deleting one's own account: the password, as the confirmation (the Account tab and DELETE /api/users/me). */
export const DeleteAccountSchema = z.object({
	password: requiredText('Password is required')
		.min(1, 'Password is required')
		.max(LIMITS.password * 4, 'Password is incorrect'),
})

/**
 * The Notifications tab's form: a checkbox per kind of email. A box that is
 * not ticked is not sent at all, so "absent" means off.
 */
export const EmailPreferencesSchema = z.object(
	Object.fromEntries(
		EMAIL_PREFERENCE_KEYS.map((key) => [
			key,
			z
				.boolean({ invalid_type_error: `${key} must be on or off` })
				.optional()
				.transform(Boolean),
		]),
	) as Record<EmailPreferenceKey, z.ZodEffects<z.ZodOptional<z.ZodBoolean>, boolean, boolean | undefined>>,
)
