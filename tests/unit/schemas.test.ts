import { describe, expect, it } from 'vitest'
import { LoginSchema, RegisterSchema, SignupFormSchema } from '~/lib/schemas'

function messagesOf(result: {
	success: boolean
	error?: { issues: Array<{ path: (string | number)[]; message: string }> }
}) {
	return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

const validSignup = {
	username: 'new.leader',
	password: 'longenough',
	confirmPassword: 'longenough',
	name: 'New Leader',
	email: 'new@example.com',
}

describe('form rules of product §5', () => {
	it('login needs a username and a password', () => {
		expect(messagesOf(LoginSchema.safeParse({}))).toEqual({
			username: 'Username is required',
			password: 'Password is required',
		})
		expect(messagesOf(LoginSchema.safeParse({ username: '', password: '' }))).toEqual({
			username: 'Username is required',
			password: 'Password is required',
		})
	})

	it('login refuses query operators in place of text', () => {
		expect(LoginSchema.safeParse({ username: { $gt: '' }, password: { $gt: '' } }).success).toBe(false)
	})

	it('sign-up reports a short password, a bad email and a missing confirmation', () => {
		const messages = messagesOf(
			SignupFormSchema.safeParse({
				...validSignup,
				password: 'short',
				email: 'not-an-email',
				confirmPassword: undefined,
			}),
		)
		expect(messages.password).toBe('Password must be at least 8 characters long')
		expect(messages.email).toBe('Invalid email address')
		expect(messages.confirmPassword).toBe('Confirm Password is required')
	})

	it('sign-up says an empty email is required, not that it is invalid', () => {
		for (const email of [undefined, '', '   ']) {
			const issues = SignupFormSchema.safeParse({ ...validSignup, email }).error?.issues.filter(
				(issue) => issue.path[0] === 'email',
			)
			expect(
				issues?.map((issue) => issue.message),
				JSON.stringify(email),
			).toEqual(['Email is required'])
		}
	})

	it('sign-up reports mismatched passwords on confirmPassword', () => {
		const messages = messagesOf(SignupFormSchema.safeParse({ ...validSignup, confirmPassword: 'different1' }))
		expect(messages).toEqual({ confirmPassword: 'Passwords do not match' })
	})

	it('registration defaults the role to member and the bio to nothing', () => {
		const result = RegisterSchema.parse({ ...validSignup, confirmPassword: undefined })
		expect(result.role).toBe('member')
		expect(result.bio).toBeNull()
	})

	it('registration refuses an unknown role', () => {
		expect(messagesOf(RegisterSchema.safeParse({ ...validSignup, role: 'superuser' })).role).toBe('Invalid role')
	})
})
