import { z } from 'zod'
import { ROLE_VALUES } from '~/lib/roles'
import { hasHiddenOrControlCharacter } from '~/lib/characters'
import { LIMITS } from '~/lib/limits'

/**
 * The zod schemas of every form, with product §5's messages. Each one is used
 * by the browser (Conform's client validation) and by the server (page
 * actions and the JSON API), so the rules live here once.
 */

/** The lengths live apart from the schemas (~/lib/limits); re-exported for the schemas' callers. */
export { LIMITS }

export const requiredText = (message: string) => z.string({ required_error: message, invalid_type_error: message })

/**
 * A name or a title is one line of visible text: no line break, control
 * character, direction override or zero-width character (lib/characters.ts),
 * so it cannot break a mail's subject or a calendar file, or pass for
 * someone else's.
 */
export const isOneLineText = (value: string | null | undefined) => !value || !hasHiddenOrControlCharacter(value)
export const oneLineTextMessage = (label: string) =>
	`${label} may not contain line breaks, control characters or invisible characters`

export const UsernameSchema = requiredText('Username is required')
	.trim()
	.min(1, 'Username is required')
	.min(3, 'Username must be at least 3 characters long')
	.max(LIMITS.username, `Username must be at most ${LIMITS.username} characters long`)
	.regex(/^[a-zA-Z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores')

export const NewPasswordSchema = requiredText('Password is required')
	.min(8, 'Password must be at least 8 characters long')
	.max(LIMITS.password, `Password must be at most ${LIMITS.password} characters long`)

/** An empty email is missing, not malformed: one message for each (the second check runs only on a non-empty value). */
export const EmailSchema = requiredText('Email is required')
	.trim()
	.min(1, 'Email is required')
	.pipe(z.string().max(LIMITS.email, 'Invalid email address').email('Invalid email address'))

export const OptionalText = (max: number, label: string) =>
	z
		.string({ invalid_type_error: `${label} must be text` })
		.trim()
		.max(max, `${label} must be at most ${max} characters long`)
		.optional()
		.nullable()
		.transform((value) => (value ? value : null))

/** A form with no fields of its own (a confirmation: its CSRF token and the address say it all). */
export const EmptyFormSchema = z.object({})

export const LoginSchema = z.object({
	username: requiredText('Username is required')
		.trim()
		.min(1, 'Username is required')
		.max(LIMITS.username * 4, 'Invalid username or password'),
	password: requiredText('Password is required')
		.min(1, 'Password is required')
		.max(LIMITS.password * 4, 'Invalid username or password'),
})
export type LoginInput = z.infer<typeof LoginSchema>

/** product §7 POST /api/register: the registration fields without confirmPassword. */
export const RegisterSchema = z.object({
	username: UsernameSchema,
	password: NewPasswordSchema,
	name: requiredText('Name is required')
		.trim()
		.min(1, 'Name is required')
		.max(LIMITS.name, `Name must be at most ${LIMITS.name} characters long`)
		.refine(isOneLineText, oneLineTextMessage('Name')),
	email: EmailSchema,
	bio: OptionalText(LIMITS.bio, 'Bio'),
	// Accepted for product §5, but self-registration always makes a member
	// (docs/decisions/001-self-registration-role.md).
	role: z.enum(ROLE_VALUES, { errorMap: () => ({ message: 'Invalid role' }) }).default('member'),
})
export type RegisterInput = z.infer<typeof RegisterSchema>

/** The sign-up form: the API's fields plus the confirmation, checked here. */
export const SignupFormSchema = RegisterSchema.extend({
	confirmPassword: requiredText('Confirm Password is required').min(1, 'Confirm Password is required'),
}).superRefine((value, ctx) => {
	if (value.password !== value.confirmPassword) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: 'Passwords do not match' })
	}
})
