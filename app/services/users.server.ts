import mongoose from 'mongoose'
import {
	PUBLIC_USER_FIELDS,
	UserModel,
	nextId,
	toPublicUserJSON,
	toUserJSON,
	type PublicUserJSON,
	type User,
	type UserJSON,
} from '#models/index'
import { type ChangePasswordInput, type ProfileUpdate } from '~/lib/member-schemas'
import { type RegisterInput } from '~/lib/schemas'
import { ServiceError, forbidden, isDuplicateKeyError, notFound } from '~/lib/service-error'
import { hashPassword, verifyPassword } from './password.server'
import { deleteAllSessionsOfUser } from './sessions.server'
import { anyFieldContains } from '~/lib/search.server'

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

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect'

/** GET /api/users: what members may see of each other (no email, no Stripe ids, no password), by name. */
interface PublicUserQuery {
	search?: string
	excludeUserId?: number
	/** More people to leave out: the ones the viewer blocked (their contacts, product §6 "Blocking"). */
	excludeUserIds?: number[]
}

function publicUserFilter({ search, excludeUserId, excludeUserIds = [] }: PublicUserQuery) {
	const filter = anyFieldContains(search, ['name', 'username'])
	const excluded = [...(excludeUserId === undefined ? [] : [excludeUserId]), ...excludeUserIds]
	if (excluded.length === 1) filter.id = mongoose.trusted({ $ne: excluded[0] })
	else if (excluded.length > 1) filter.id = mongoose.trusted({ $nin: excluded })
	return filter
}

/**
 * Users as other members may see them, by name: the member list of a room
 * (every account belongs to every room), the contact list of /messages
 * (searched by name or username, without the viewer) and GET /api/users.
 * Pages pass a `limit` so a community of thousands stays one quick page.
 */
export async function listPublicUsers({ limit, ...query }: PublicUserQuery & { limit?: number } = {}): Promise<PublicUserJSON[]> {
	const users = await UserModel.find(publicUserFilter(query))
		.select(PUBLIC_USER_FIELDS)
		.sort({ name: 1, id: 1 })
		.limit(limit ?? 0)
		.lean<User[]>()
	return users.map(toPublicUserJSON)
}

export function countPublicUsers(query: PublicUserQuery = {}): Promise<number> {
	return UserModel.countDocuments(publicUserFilter(query))
}

/** How many people a member list or contact list shows at once; a search finds the rest. */
export const PEOPLE_LIST_LIMIT = 50

/** One user as other members may see them, or null. */
export async function getPublicUser(id: number): Promise<PublicUserJSON | null> {
	const user = await UserModel.findOne({ id }).select(PUBLIC_USER_FIELDS).lean<User>()
	return user ? toPublicUserJSON(user) : null
}

/** A member may change only their own profile and password (docs/architecture.md "Sessions and security"). */
export function assertSelf(actor: Pick<UserJSON, 'id'>, userId: number, what: 'profile' | 'password') {
	if (actor.id !== userId) throw forbidden(`You can only change your own ${what}`)
}

/** The Profile tab and PATCH /api/users/{id}: a member edits their own name, email, bio and avatar. */
export async function updateProfile(actor: Pick<UserJSON, 'id'>, userId: number, changes: ProfileUpdate): Promise<UserJSON> {
	assertSelf(actor, userId, 'profile')
	const update: Partial<Pick<User, 'name' | 'email' | 'bio' | 'avatar'>> = {}
	if (changes.name !== undefined) update.name = changes.name
	if (changes.email !== undefined) update.email = changes.email.toLowerCase()
	if (changes.bio !== undefined) update.bio = changes.bio
	if (changes.avatar !== undefined) update.avatar = changes.avatar
	if (update.email) await assertUsernameAndEmailFree({ email: update.email }, userId)
	try {
		const user = await UserModel.findOneAndUpdate({ id: userId }, { $set: update }, { new: true })
			.select('-passwordHash -usernameKey')
			.lean<User>()
		if (!user) throw notFound('User not found')
		return toUserJSON(user)
	} catch (error) {
		if (isDuplicateKeyError(error)) throw new ServiceError(EMAIL_TAKEN, 409, 'email')
		throw error
	}
}

/**
 * The Password tab and POST /api/users/{id}/change-password. Checks the
 * current password; on success every other session of the user ends, so a
 * device that knew the old password must log in again.
 */
export async function changePassword(
	actor: Pick<UserJSON, 'id'>,
	userId: number,
	{ currentPassword, newPassword }: ChangePasswordInput,
	{ keepSessionId }: { keepSessionId?: string } = {},
): Promise<void> {
	assertSelf(actor, userId, 'password')
	const user = await UserModel.findOne({ id: userId }).select('passwordHash').lean<Pick<User, 'passwordHash'>>()
	if (!user) throw notFound('User not found')
	if (!(await verifyPassword(user.passwordHash, currentPassword))) {
		throw new ServiceError(CURRENT_PASSWORD_INCORRECT, 400, 'currentPassword')
	}
	await UserModel.updateOne({ id: userId }, { $set: { passwordHash: await hashPassword(newPassword) } })
	await deleteAllSessionsOfUser(userId, { except: keepSessionId })
}
