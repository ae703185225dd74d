import {
	UserModel,
	nextId,
	toUserJSON,
	type User,
	type UserJSON,
} from '#models/index'
import { type RegisterInput } from '~/lib/schemas'
import { ServiceError, isDuplicateKeyError } from './errors.server'
import { hashPassword } from './password.server'

export const USERNAME_TAKEN = 'Username is already taken'
export const EMAIL_TAKEN = 'An account with this email address already exists'

export async function getUserById(id: number): Promise<UserJSON | null> {
	const user = await UserModel.findOne({ id }).select('-passwordHash -usernameKey').lean<User>()
	return user ? toUserJSON(user) : null
}

/** Fails with a field error when the username or email already belongs to someone else. */
export async function assertUsernameAndEmailFree(
	{ username, email }: { username?: string; email?: string },
	exceptUserId?: number,
) {
	const checks: Array<[string, string, Record<string, string>]> = []
	if (username) checks.push(['username', USERNAME_TAKEN, { usernameKey: username.toLowerCase() }])
	if (email) checks.push(['email', EMAIL_TAKEN, { email: email.toLowerCase() }])
	for (const [field, message, filter] of checks) {
		const existing = await UserModel.findOne(filter).select('id').lean<{ id: number }>()
		if (existing && existing.id !== exceptUserId) throw new ServiceError(message, 409, field)
	}
}

/** Self-registration: always a member with no subscription, whatever the form claims. */
export async function registerUser(input: RegisterInput): Promise<UserJSON> {
	await assertUsernameAndEmailFree(input)
	const passwordHash = await hashPassword(input.password)
	try {
		const user = await UserModel.create({
			id: await nextId('users'),
			username: input.username,
			usernameKey: input.username.toLowerCase(),
			passwordHash,
			name: input.name,
			email: input.email.toLowerCase(),
			bio: input.bio ?? null,
			role: 'member',
			subscriptionStatus: 'inactive',
		})
		return toUserJSON(user.toObject())
	} catch (error) {
		// Two sign-ups raced past the check above; the unique index is the backstop.
		if (isDuplicateKeyError(error)) {
			const field = error.keyPattern && 'email' in error.keyPattern ? 'email' : 'username'
			throw new ServiceError(field === 'email' ? EMAIL_TAKEN : USERNAME_TAKEN, 409, field)
		}
		throw error
	}
}
