import { randomUUID } from 'node:crypto'
import mongoose from 'mongoose'
import { PUBLIC_USER_FIELDS, UserModel, nextId, type PublicUserJSON, type User, type UserJSON } from '#models/index'
import { type ChangePasswordInput, type ProfileUpdate } from '~/lib/member-schemas'
import { type RegisterInput } from '~/lib/schemas'
import {
	RetryLaterError,
	ServiceError,
	describeWait,
	forbidden,
	isDuplicateKeyError,
	notFound,
} from '~/lib/service-error'
import { type PageWindow } from '~/lib/paging'
import { rememberInRequest, sharedInRequest } from '~/platform/request-context.server'
import { anyFieldContains } from '~/platform/contains-filter.server'
import { live } from '~/platform/live.server'
import { hashPassword, verifyPassword } from '~/services/account/password.server'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { deleteAllSessionsOfUser } from '~/services/account/sessions.server'
import { revokeAccountTakeoverTokens } from '~/services/account/tokens.server'
import { claimUnique, isTakenByAnother, releaseUnique, type UniqueKind } from '~/platform/unique-claims.server'
import { singleton } from '~/platform/singleton.server'
import { publicUserJSON, userJSON } from '~/platform/public-pictures.server'
import {
	dropFromIndex,
	idsInOrder,
	idsOrTheirRange,
	writeIndexed,
	type SearchDocument,
} from '~/platform/search-index.server'
import { SEARCH_TITLE_WEIGHT } from '~/lib/search'
import { defaultCommunityIds } from '~/services/community/memberships.server'
import { findPublicUsers } from '~/services/account/people.server'

export const USERNAME_TAKEN = 'Username is already taken'
export const EMAIL_TAKEN = 'An account with this email address already exists'

export async function getUserById(id: number): Promise<UserJSON | null> {
	const user = await UserModel.findOne({ id }).select('-passwordHash -usernameKey').lean<User>()
	if (!user) return null
	// The Messages badge comes with the account (docs/decisions/084): the layout needs no query of its own.
	rememberInRequest(unreadConversationsKey(id), user.unreadConversations ?? null)
	// So does the layout's version: the layout's held reads cost no query of their own either (docs/decisions/193).
	rememberInRequest(layoutVersionKey(id), user.layoutVersion ?? null)
	return userJSON(user)
}

const layoutVersionKey = (userId: number) => `layout-version:${userId}`

/**
 * The member layout's version (models/layout-version.ts, docs/decisions/193),
 * as read with the account in this request, else read now. An account from
 * before the field gets its first value here.
 */
export async function layoutVersionOf(userId: number): Promise<string> {
	const stored = await sharedInRequest(layoutVersionKey(userId), async () => {
		const user = await UserModel.findOne({ id: userId })
			.select('layoutVersion')
			.lean<{ layoutVersion?: string | null }>()
		return user?.layoutVersion ?? null
	})
	if (stored) return stored
	// The page's other held reads (the layout, the blocks, the mute: decision 250) share the one first value.
	return sharedInRequest(`first-${layoutVersionKey(userId)}`, async () => {
		// Two first visits at once may each write a value: the later one stays, and what the other held under its
		// own value is simply never found again.
		const fresh = randomUUID()
		await UserModel.updateOne({ id: userId, layoutVersion: null }, { $set: { layoutVersion: fresh } })
		return fresh
	})
}

/** Where a request keeps the account's stored Messages badge count (private-inbox.server.ts reads it). */
export const unreadConversationsKey = (userId: number) => `unread-conversations:${userId}`

const TAKEN: Record<UniqueKind, string> = { username: USERNAME_TAKEN, email: EMAIL_TAKEN }
const taken = (kind: UniqueKind) => new ServiceError(TAKEN[kind], 409, kind)

/**
 * Self-registration: always a member with no subscription, whatever the form
 * claims. The username and the email are claimed first, atomically
 * (docs/decisions/136), so of two sign-ups with one username or address sent
 * at once exactly one succeeds; the account's id is reserved for the claims,
 * and they are released if the account is not written after all.
 */
export async function registerUser(input: RegisterInput): Promise<UserJSON> {
	const id = await nextId('users')
	const values: Array<[UniqueKind, string]> = [
		['username', input.username.toLowerCase()],
		['email', input.email.toLowerCase()],
	]
	const claimed: Array<[UniqueKind, string]> = []
	try {
		for (const [kind, value] of values) {
			if (!(await claimUnique(kind, value, id))) throw taken(kind)
			claimed.push([kind, value])
		}
		const passwordHash = await hashPassword(input.password)
		const communityIds = await defaultCommunityIds()
		const user = await writeIndexed(
			{ kind: 'member' },
			[id],
			() =>
				UserModel.create({
					id,
					username: input.username,
					usernameKey: input.username.toLowerCase(),
					passwordHash,
					name: input.name,
					email: input.email.toLowerCase(),
					bio: input.bio ?? null,
					role: 'member',
					subscriptionStatus: 'inactive',
					// product §2 "Communities": a new account starts in the default communities (and may leave them).
					communityIds,
				}),
			membersForSearch,
		)
		return userJSON(user.toObject())
	} catch (error) {
		await Promise.all(claimed.map(([kind, value]) => releaseUnique(kind, value, id)))
		// MongoDB's unique index, behind the claims.
		if (isDuplicateKeyError(error)) throw taken(error.keyPattern && 'email' in error.keyPattern ? 'email' : 'username')
		throw error
	}
}

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect'

/** GET /api/users: what members may see of each other (no email, no Stripe ids, no password), by name. */
interface PublicUserQuery {
	search?: string
	excludeUserId?: number
	/** More people to leave out: the ones the viewer blocked (their contacts, product §6 "Blocking"). */
	excludeUserIds?: readonly number[]
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
 * A page at a time (`window`), so a community of thousands stays one quick page.
 */
export function listPublicUsers(query: PublicUserQuery = {}, window?: PageWindow): Promise<PublicUserJSON[]> {
	return findPublicUsers(publicUserFilter(query), window)
}

/** One user as other members may see them, or null. */
export async function getPublicUser(id: number): Promise<PublicUserJSON | null> {
	const user = await UserModel.findOne({ id }).select(PUBLIC_USER_FIELDS).lean<User>()
	return user ? publicUserJSON(user) : null
}

/** A member may change only their own profile and password (docs/architecture.md "Sessions and security"). */
export function assertSelf(actor: Pick<UserJSON, 'id'>, userId: number, what: 'profile' | 'password') {
	if (actor.id !== userId) throw forbidden(`You can only change your own ${what}`)
}

/**
 * A member edits their own name, bio, avatar and directory fields (headline,
 * location, LinkedIn, interests, whether they are hidden from the member
 * directory: product §2 "Member directory"). The email is not changed
 * here: a new address only counts once it is confirmed from a link sent to
 * it (saveProfile in account-email.server.ts, which the Profile tab and
 * PATCH /api/users/{id} call).
 */
export async function updateProfile(
	actor: Pick<UserJSON, 'id'>,
	userId: number,
	changes: Omit<ProfileUpdate, 'email'>,
): Promise<UserJSON> {
	assertSelf(actor, userId, 'profile')
	const fields = [
		'name',
		'bio',
		'avatar',
		'headline',
		'location',
		'linkedinUrl',
		'interests',
		'hiddenFromDirectory',
	] as const satisfies ReadonlyArray<keyof typeof changes & keyof User>
	// Only what was sent: a field left out stays as it is.
	const update = Object.fromEntries(
		fields.flatMap((field) => (changes[field] === undefined ? [] : [[field, changes[field]]])),
	)
	const user = await writeIndexed(
		{ kind: 'member' },
		[userId],
		() =>
			UserModel.findOneAndUpdate({ id: userId }, { $set: update }, { new: true })
				.select('-passwordHash -usernameKey')
				.lean<User>(),
		membersForSearch,
	)
	if (!user) throw notFound('User not found')
	return userJSON(user)
}

/** The fields of an account the global search finds a member by: the member directory's (docs/decisions/162, 166). */
const SEARCHED_PROFILE_FIELDS = 'id name username headline location interests hiddenFromDirectory'

/**
 * Members as the global search holds them: as the member directory lists
 * them, by name, username, headline, location and interests; a member who
 * hid themselves from the directory is not found (docs/decisions/167).
 */
export async function membersForSearch(ids: number[]): Promise<Map<number, SearchDocument>> {
	const users = await UserModel.find({ id: idsOrTheirRange(ids) })
		.select(SEARCHED_PROFILE_FIELDS)
		.lean<
			Array<Pick<User, 'id' | 'name' | 'username' | 'headline' | 'location' | 'interests' | 'hiddenFromDirectory'>>
		>()
	return new Map(
		users
			.filter((user) => !user.hiddenFromDirectory)
			.map((user) => [
				user.id,
				{
					fields: [
						{ text: `${user.name} ${user.username}`, weight: SEARCH_TITLE_WEIGHT },
						{ text: user.headline ?? '', weight: 2 },
						{ text: user.location ?? '', weight: 1 },
						{ text: (user.interests ?? []).join(', '), weight: 2 },
					],
					audience: 'everyone',
					authorIds: [user.id],
				},
			]),
	)
}

/** Account ids after `after`, a batch at a time (the search index's rebuild). */
export const memberIdsAfter = (after: number, limit: number) => idsInOrder(UserModel, after, limit)

/** An account leaves the search (deleting it: the registry of personal data's step). */
export const dropMemberFromSearch = (userId: number) => dropFromIndex('member', [userId])

/** 409 on the email field when another account has the address: checked before a confirmation link is sent. */
export async function assertEmailAvailable(email: string, userId: number): Promise<void> {
	if (await isTakenByAnother('email', email, userId)) throw taken('email')
}

/**
 * Switches the account to an address confirmed from its link. The new
 * address is claimed before it is written and the old one given up after
 * (docs/decisions/136), so two accounts can never end up with one address
 * even when they confirm at the same moment. Answers false when the account
 * is gone.
 */
export async function setConfirmedEmail(userId: number, email: string): Promise<boolean> {
	const current = await UserModel.findOne({ id: userId }).select('email').lean<Pick<User, 'email'>>()
	if (!current) return false
	const newEmail = email.toLowerCase()
	if (newEmail === current.email) return true
	if (!(await claimUnique('email', newEmail, userId))) throw taken('email')
	try {
		const result = await UserModel.updateOne({ id: userId }, { $set: { email: newEmail } })
		if (result.matchedCount !== 1) {
			await releaseUnique('email', newEmail, userId)
			return false
		}
		await releaseUnique('email', current.email, userId)
		return true
	} catch (error) {
		await releaseUnique('email', newEmail, userId)
		if (isDuplicateKeyError(error)) throw taken('email')
		throw error
	}
}

/**
 * Wrong current passwords a member may type in a while: someone at an
 * unlocked laptop cannot try the account's password over and over. Counted
 * before the check, atomically, like login attempts (docs/decisions/130).
 */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const
const passwordChangeLimiter = () =>
	singleton('password-change-limiter', () => createRateLimiter({ name: 'password-change', ...PASSWORD_CHANGE_LIMIT }))
export const tooManyPasswordChanges = (retryAfterMs: number) =>
	`Too many wrong current passwords. Please try again in ${describeWait(retryAfterMs)}.`

/**
 * Checks a member's own password before something that needs it (a password
 * change, deleting the account): at most PASSWORD_CHANGE_LIMIT wrong ones in
 * a while, counted before the check; a wrong one is a 400 on `field`.
 */
export async function confirmOwnPassword(
	userId: number,
	password: string,
	{ field, wrong }: { field: string; wrong: string },
): Promise<void> {
	const user = await UserModel.findOne({ id: userId }).select('passwordHash').lean<Pick<User, 'passwordHash'>>()
	if (!user) throw notFound('User not found')
	const attempt = await passwordChangeLimiter().consume(userId)
	if (!attempt.allowed) throw new RetryLaterError(tooManyPasswordChanges(attempt.retryAfterMs), attempt.retryAfterMs)
	if (!(await verifyPassword(user.passwordHash, password))) throw new ServiceError(wrong, 400, field)
	await passwordChangeLimiter().refund(userId)
}

/**
 * The Password tab and POST /api/users/{id}/change-password. Checks the
 * current password (confirmOwnPassword); on success every other session of
 * the user ends and their chat sockets close, so a device that knew the old
 * password must log in again, and every pending reset link and email change
 * ends (decision 200).
 */
export async function changePassword(
	actor: Pick<UserJSON, 'id'>,
	userId: number,
	{ currentPassword, newPassword }: ChangePasswordInput,
	{ keepSessionId }: { keepSessionId?: string } = {},
): Promise<void> {
	assertSelf(actor, userId, 'password')
	await confirmOwnPassword(userId, currentPassword, { field: 'currentPassword', wrong: CURRENT_PASSWORD_INCORRECT })
	await UserModel.updateOne({ id: userId }, { $set: { passwordHash: await hashPassword(newPassword) } })
	await deleteAllSessionsOfUser(userId, { except: keepSessionId })
	// A link mailed before the change (a reset, an email change asked for from a stolen session) dies with the old password.
	await revokeAccountTakeoverTokens(userId)
	// As "log out everywhere" does, but for this session: its sockets would otherwise keep sending and receiving.
	live.disconnectUser(userId, keepSessionId ? { exceptSessionId: keepSessionId } : {})
}

/** Members' display names by id (the "Added By" columns, a message's author): one query for the lot. */
export async function userNamesById(ids: number[]): Promise<Record<number, string>> {
	const unique = [...new Set(ids)]
	if (unique.length === 0) return {}
	const users = await UserModel.find({ id: mongoose.trusted({ $in: unique }) })
		.select('id name')
		.lean<Array<Pick<User, 'id' | 'name'>>>()
	return Object.fromEntries(users.map((user) => [user.id, user.name]))
}
