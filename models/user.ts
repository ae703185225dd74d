import { randomUUID } from 'node:crypto'
import { Schema, type Query } from 'mongoose'
import { afterHistoryChange } from '#models/community'
import { afterStampedChange } from '#models/version-stamp'
import { defineModel, mayChange, toIso } from '#models/model'

export const ROLES = ['member', 'moderator', 'content_manager', 'admin'] as const
export type Role = (typeof ROLES)[number]

export interface User {
	id: number
	username: string
	/** Lower-cased username: usernames are unique regardless of case. */
	usernameKey: string
	passwordHash: string
	name: string
	/** Stored lower-cased, so uniqueness and look-ups ignore case. */
	email: string
	avatar?: string | null
	bio?: string | null
	role: Role
	stripeCustomerId?: string | null
	stripeSubscriptionId?: string | null
	subscriptionStatus: string
	trialEndsAt?: Date | null
	/** The member cancelled: Premium stays until `currentPeriodEnd`, then ends (Stripe's cancel_at_period_end). */
	cancelAtPeriodEnd?: boolean
	/** The end of the period paid for (or of the trial): the next charge, or the end of a cancelled plan. */
	currentPeriodEnd?: Date | null
	/** When the account started its one free trial (simulated billing keeps it to one per account in production). */
	trialUsedAt?: Date | null
	/**
	 * When the subscription fields were last read from Stripe. A write based on
	 * an older read never overwrites a newer one (two webhooks processed at once).
	 */
	stripeSyncedAt?: Date | null
	/**
	 * When the member last loaded a page, watched or posted, to within a few
	 * minutes (written at most once per member every ACTIVITY_WRITE_INTERVAL:
	 * docs/decisions/116). Null until their first visit.
	 */
	lastActiveAt?: Date | null
	/**
	 * The Messages badge, kept with the account so no page counts it
	 * (docs/decisions/084): how many conversations hold a message this user has
	 * not read, recounted from their conversation entries (decision 087)
	 * whenever that can change.
	 * `inboxVersion` lets the recomputations that race keep the newest answer.
	 */
	unreadConversations?: number | null
	inboxVersion?: number
	/**
	 * The member layout's version (models/layout-version.ts,
	 * docs/decisions/193): a new random value whenever the member's bell or
	 * the communities in their sidebar change, so a process holding the
	 * layout's reads knows from the account alone whether they still hold.
	 * Null on an account from before it, until its first page.
	 */
	layoutVersion?: string | null
	/** A line under the name in the member directory and on the card (product §2 "Member directory"), up to 100 characters. */
	headline?: string | null
	location?: string | null
	/** A LinkedIn profile: `https://www.linkedin.com/…` only. */
	linkedinUrl?: string | null
	/** Up to 10 words or short phrases the directory is searched by. */
	interests?: string[]
	/** The member left the directory and the community member lists; they still appear beside what they write. */
	hiddenFromDirectory?: boolean
	/**
	 * The communities the member joined (product §2 "Communities"), in the
	 * order they joined. Missing on an account made before memberships
	 * existed, until the default-memberships job gives it the three default
	 * communities (docs/decisions/161).
	 */
	communityIds?: number[]
	createdAt: Date
}

/** product §3 User, as the user themself sees it: never the password hash. */
export interface UserJSON {
	id: number
	username: string
	name: string
	email: string
	avatar: string | null
	bio: string | null
	role: Role
	stripeCustomerId: string | null
	stripeSubscriptionId: string | null
	subscriptionStatus: string
	trialEndsAt: string | null
	headline: string | null
	location: string | null
	linkedinUrl: string | null
	interests: string[]
	hiddenFromDirectory: boolean
	/** The communities the member joined, in the order they joined. */
	communityIds: number[]
	createdAt: string
}

/** What other members may see of a user (member lists, contacts, the directory, the card). */
export interface PublicUserJSON {
	id: number
	username: string
	name: string
	avatar: string | null
	bio: string | null
	role: Role
	headline: string | null
	location: string | null
	linkedinUrl: string | null
	interests: string[]
}

export function toUserJSON(user: Omit<User, 'passwordHash' | 'usernameKey'>): UserJSON {
	return {
		id: user.id,
		username: user.username,
		name: user.name,
		email: user.email,
		avatar: user.avatar ?? null,
		bio: user.bio ?? null,
		role: user.role,
		stripeCustomerId: user.stripeCustomerId ?? null,
		stripeSubscriptionId: user.stripeSubscriptionId ?? null,
		subscriptionStatus: user.subscriptionStatus ?? 'inactive',
		trialEndsAt: toIso(user.trialEndsAt),
		headline: user.headline ?? null,
		location: user.location ?? null,
		linkedinUrl: user.linkedinUrl ?? null,
		interests: user.interests ?? [],
		hiddenFromDirectory: Boolean(user.hiddenFromDirectory),
		communityIds: user.communityIds ?? [],
		createdAt: toIso(user.createdAt)!,
	}
}

export function toPublicUserJSON(
	user: Pick<
		User,
		'id' | 'username' | 'name' | 'avatar' | 'bio' | 'role' | 'headline' | 'location' | 'linkedinUrl' | 'interests'
	>,
): PublicUserJSON {
	return {
		id: user.id,
		username: user.username,
		name: user.name,
		avatar: user.avatar ?? null,
		bio: user.bio ?? null,
		role: user.role,
		headline: user.headline ?? null,
		location: user.location ?? null,
		linkedinUrl: user.linkedinUrl ?? null,
		interests: user.interests ?? [],
	}
}

/**
 * A user as the admin panel's Users tab shows them, and nothing more: no
 * Stripe ids, no trial dates (product §7 GET /api/admin/users).
 */
export interface AdminUserJSON {
	id: number
	username: string
	name: string
	email: string
	role: Role
	subscriptionStatus: string
	createdAt: string
	lastActiveAt: string | null
}

/** The fields `toAdminUserJSON` reads, for `.select()`. */
export const ADMIN_USER_FIELDS = 'id username name email role subscriptionStatus createdAt lastActiveAt'

export function toAdminUserJSON(
	user: Pick<User, 'id' | 'username' | 'name' | 'email' | 'role' | 'subscriptionStatus' | 'createdAt' | 'lastActiveAt'>,
): AdminUserJSON {
	return {
		id: user.id,
		username: user.username,
		name: user.name,
		email: user.email,
		role: user.role,
		subscriptionStatus: user.subscriptionStatus ?? 'inactive',
		createdAt: toIso(user.createdAt)!,
		lastActiveAt: toIso(user.lastActiveAt),
	}
}

/** The fields `toPublicUserJSON` needs, for `.select()` on lean list queries. */
export const PUBLIC_USER_FIELDS = 'id username name avatar bio role headline location linkedinUrl interests'

const userSchema = new Schema<User>(
	{
		id: { type: Number, required: true, unique: true },
		username: { type: String, required: true, trim: true },
		usernameKey: { type: String, required: true, unique: true },
		passwordHash: { type: String, required: true },
		name: { type: String, required: true, trim: true },
		email: { type: String, required: true, unique: true, lowercase: true, trim: true },
		avatar: { type: String, default: null },
		bio: { type: String, default: null },
		role: { type: String, enum: ROLES, required: true, default: 'member' },
		stripeCustomerId: { type: String, default: null, index: { sparse: true } },
		stripeSubscriptionId: { type: String, default: null, index: { sparse: true } },
		subscriptionStatus: { type: String, required: true, default: 'inactive' },
		trialEndsAt: { type: Date, default: null },
		cancelAtPeriodEnd: { type: Boolean, default: false },
		currentPeriodEnd: { type: Date, default: null },
		trialUsedAt: { type: Date, default: null },
		stripeSyncedAt: { type: Date, default: null },
		lastActiveAt: { type: Date, default: null },
		headline: { type: String, default: null },
		location: { type: String, default: null },
		linkedinUrl: { type: String, default: null },
		interests: { type: [String], default: [] },
		hiddenFromDirectory: { type: Boolean, default: false },
		// No default: an account without the field has never been given memberships (see the interface).
		communityIds: { type: [Number], default: undefined },
		unreadConversations: { type: Number, default: null },
		inboxVersion: { type: Number, default: 0 },
		layoutVersion: { type: String, default: () => randomUUID() },
		createdAt: { type: Date, required: true, default: () => new Date() },
	},
	{
		id: false,
		versionKey: false,
		toJSON: { transform: (_doc, ret) => toUserJSON(ret as unknown as User) },
	},
)
// Insights (decision 116): new members per week, active members, members per subscription status.
userSchema.index({ createdAt: 1 })
userSchema.index({ lastActiveAt: 1 })
userSchema.index({ subscriptionStatus: 1 })
// People lists page by name, the id breaking ties (docs/decisions/081).
userSchema.index({ name: 1, id: 1 })
// A community's members by name, and its member count (docs/decisions/161): one index read each.
userSchema.index({ communityIds: 1, name: 1, id: 1 })

// What other members see of an account shows on pages a process holds between visits (docs/decisions/089): a
// room's newest page shows its senders' names ("Deleted member" once an account is gone), the member lists their
// public fields. A write that can change them gives those pages new versions: a name, or an account deleted, every
// room's history version; any public field, who is in which community or hidden from the lists, a new account or a
// deleted one, the `people` stamp. Writes of anything else (last active, subscription, badges) leave both alone.
const PUBLIC_FIELDS = [...PUBLIC_USER_FIELDS.split(' '), 'communityIds', 'hiddenFromDirectory']
const queryOnly = { document: false, query: true } as const
userSchema.post(
	/^(updateOne|updateMany|findOneAndUpdate|replaceOne|findOneAndReplace)$/,
	queryOnly,
	function (this: Query<unknown, User>) {
		const update = this.getUpdate()
		return afterAccountsChange({ names: mayChange(update, ['name']), publicFields: mayChange(update, PUBLIC_FIELDS) })
	},
)
userSchema.post(/^(deleteOne|deleteMany|findOneAndDelete)$/, queryOnly, () =>
	afterAccountsChange({ names: true, publicFields: true }),
)
userSchema.post('insertMany', () => afterAccountsChange({ names: false, publicFields: true }))
userSchema.pre('save', function () {
	this.$locals.accountsChange = {
		names: !this.isNew && this.isModified('name'),
		publicFields: this.isNew || PUBLIC_FIELDS.some((field) => this.isModified(field)),
	} satisfies AccountsChange
})
userSchema.post('save', function (user) {
	return afterAccountsChange(user.$locals.accountsChange as AccountsChange)
})

type AccountsChange = { names: boolean; publicFields: boolean }

async function afterAccountsChange({ names, publicFields }: AccountsChange): Promise<void> {
	await Promise.all([
		names ? afterHistoryChange('every room') : null,
		publicFields ? afterStampedChange('people') : null,
	])
}

export const UserModel = defineModel<User>('User', userSchema)
