import { z } from 'zod'
import { hasHiddenOrControlCharacter } from '~/lib/characters'
import { isPictureAddress, isSafeUrl } from '~/lib/safe-url'
import { withoutFingerprint } from '~/lib/public-asset-url'
import { LINKEDIN_PREFIX, PROFILE_LIMITS } from '~/lib/profile-fields'
import { LIMITS, OptionalText, isOneLineText, oneLineTextMessage, requiredText } from '~/lib/schemas'

/**
 * The member screens' forms and JSON bodies (product §5, §7), used by the
 * browser (Conform) and the server (page actions and the JSON API).
 */

const NAME_MESSAGE = 'Name must be at least 2 characters.'
const EMAIL_MESSAGE = 'Invalid email address.'
const AVATAR_MESSAGE = 'Avatar URL must be a web address starting with https:// or a picture on this site'

/**
 * Optional; when given, an https: address or a picture file on this site (it becomes an image source on other members' pages).
 * Stored without the fingerprint pages show it with (docs/decisions/088).
 */
const AvatarSchema = z
	.string({ invalid_type_error: AVATAR_MESSAGE })
	.trim()
	.max(LIMITS.url, `Avatar URL must be at most ${LIMITS.url} characters long`)
	// The profile form shows a picture of this site with its fingerprint (`?v=`): checked and stored without it.
	.transform((value) => withoutFingerprint(value))
	.refine((value) => value === '' || isPictureAddress(value), AVATAR_MESSAGE)
	.optional()
	.nullable()
	.transform((value) => value || null)

const LINKEDIN_MESSAGE = `LinkedIn URL must be an address starting with ${LINKEDIN_PREFIX}`

/** Optional one line of text (a headline, a place): stored as null when empty. */
const OptionalLine = (max: number, label: string) =>
	OptionalText(max, label).refine((value) => value === null || !hasHiddenOrControlCharacter(value), {
		message: `${label} must be one line of text`,
	})

const LinkedinSchema = z
	.string({ invalid_type_error: LINKEDIN_MESSAGE })
	.trim()
	.max(LIMITS.url, `LinkedIn URL must be at most ${LIMITS.url} characters long`)
	.refine((value) => value === '' || (value.startsWith(LINKEDIN_PREFIX) && isSafeUrl(value)), LINKEDIN_MESSAGE)
	.optional()
	.nullable()
	.transform((value) => value || null)

const INTERESTS_MESSAGE = `Interests must be a list of up to ${PROFILE_LIMITS.interests} words or short phrases`

/**
 * Up to 10 interests, each one line of up to 40 characters: a list in JSON,
 * or one line separated by commas from the profile form. Blank ones are
 * dropped and repeats (ignoring case) kept once.
 */
const InterestsSchema = z
	.union([z.string(), z.array(z.string())], { errorMap: () => ({ message: INTERESTS_MESSAGE }) })
	.transform((value) => (typeof value === 'string' ? value.split(',') : value).map((interest) => interest.trim()))
	.transform((list) =>
		list.filter(
			(interest, index) =>
				interest !== '' && list.findIndex((other) => other.toLowerCase() === interest.toLowerCase()) === index,
		),
	)
	.refine(
		(list) => list.length <= PROFILE_LIMITS.interests,
		`You can list at most ${PROFILE_LIMITS.interests} interests`,
	)
	.refine(
		(list) =>
			list.every((interest) => interest.length <= PROFILE_LIMITS.interest && !hasHiddenOrControlCharacter(interest)),
		`Each interest must be one line of at most ${PROFILE_LIMITS.interest} characters`,
	)
	.optional()
	.nullable()
	.transform((list) => list ?? [])

export const ProfileSchema = z.object({
	name: requiredText(NAME_MESSAGE)
		.trim()
		.min(2, NAME_MESSAGE)
		.max(LIMITS.name, `Name must be at most ${LIMITS.name} characters long`)
		.refine(isOneLineText, oneLineTextMessage('Name')),
	email: requiredText(EMAIL_MESSAGE).trim().max(LIMITS.email, EMAIL_MESSAGE).email(EMAIL_MESSAGE),
	bio: OptionalText(LIMITS.bio, 'Bio'),
	avatar: AvatarSchema,
	headline: OptionalLine(PROFILE_LIMITS.headline, 'Headline'),
	location: OptionalLine(PROFILE_LIMITS.location, 'Location'),
	linkedinUrl: LinkedinSchema,
	interests: InterestsSchema,
	/** The form's checkbox ('on', or absent: off); JSON's true or false, left as it is when not sent. */
	hiddenFromDirectory: z.boolean({ invalid_type_error: 'hiddenFromDirectory must be true or false' }).optional(),
	/** Asked for only when the email changes: a session alone must not be enough to move the account's mail elsewhere. */
	currentPassword: z
		.string({ invalid_type_error: 'Current password is incorrect' })
		.max(LIMITS.password * 4, 'Current password is incorrect')
		.optional(),
})
export type ProfileInput = z.infer<typeof ProfileSchema>

/**
 * PATCH /api/users/{id}: any of name, email, bio, avatar and the directory's
 * fields, and currentPassword with a new email. A field left out stays as it
 * is; null or '' clears the optional ones. Other fields (role,
 * subscriptionStatus...) are dropped, never applied.
 */
export const ProfileUpdateSchema = ProfileSchema.partial().refine(
	({ currentPassword: _currentPassword, ...fields }) => Object.values(fields).some((field) => field !== undefined),
	'Send at least one of name, email, bio, avatar, headline, location, linkedinUrl, interests, hiddenFromDirectory',
)
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>

/** POST /api/users/{id}/change-password: only the current and the new password travel. */
export const ChangePasswordSchema = z.object({
	currentPassword: requiredText('Current password is required')
		.min(1, 'Current password is required')
		.max(LIMITS.password * 4, 'Current password is incorrect'),
	newPassword: requiredText('Password must be at least 8 characters')
		.min(8, 'Password must be at least 8 characters')
		.max(LIMITS.password, `Password must be at most ${LIMITS.password} characters long`),
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>

/** The Password tab: the API's fields plus the confirmation, checked here and never sent on. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
	confirmPassword: requiredText('Please confirm your password').min(1, 'Please confirm your password'),
}).superRefine((value, ctx) => {
	// An empty confirmation already has its own message.
	if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: 'Passwords do not match' })
	}
})

/**
 * POST /api/progress (product §7): videoId, userId, progress, completed. The
 * userId is accepted and ignored (the session decides whose progress it is);
 * progress is clamped to 0–100 by the service.
 */
export const ProgressReportSchema = z.object({
	videoId: z
		.number({ required_error: 'videoId is required', invalid_type_error: 'videoId must be a number' })
		.int('videoId must be a whole number')
		.positive('videoId must be a positive number'),
	userId: z.unknown().optional(),
	progress: z.number({ required_error: 'progress is required', invalid_type_error: 'progress must be a number' }),
	completed: z.boolean({ invalid_type_error: 'completed must be true or false' }).optional(),
})
export type ProgressReport = z.infer<typeof ProgressReportSchema>
