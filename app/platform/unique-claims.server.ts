import { UniqueClaimModel, UserModel, type UniqueClaim } from '#models/index'
import { isDuplicateKeyError } from '~/lib/service-error'

/**
 * Values that belong to one account only, claimed atomically
 * (docs/decisions/136). "Is it taken? then write" lets two requests that run
 * at once both pass the check; a claim is one atomic upsert, so exactly one
 * of them gets the value, on MongoDB (its unique index) and on the embedded
 * emulator alike (it enforces no unique index, but runs one command at a
 * time).
 *
 * The contract, for every writer of a username or an email address:
 * - `claimUnique(kind, value, userId)` before writing the value to the
 *   account (the user id may be reserved before the account exists, as
 *   sign-up does). `true`: the value is this account's, write it. `false`:
 *   another account has it, write nothing (409).
 * - If the write then fails, `releaseUnique(kind, value, userId)`.
 * - When an account stops using a value (a new email address, a deleted
 *   account), `releaseUnique` it afterwards.
 * Releasing only ever drops the caller's own claim. A claim left behind by a
 * crash between claiming and writing is taken over once it is older than
 * CLAIM_GRACE_MS and its account does not hold the value.
 */
export type UniqueKind = 'username' | 'email'

/** How long a claim whose account does not (yet) hold the value is left alone: a sign-up in progress. */
export const CLAIM_GRACE_MS = 10 * 60_000

const claimKey = (kind: UniqueKind, value: string) => `${kind}:${value.trim().toLowerCase()}`

/** Which account holds the value now, by the accounts themselves (those written before claims existed have none). */
async function holderOf(kind: UniqueKind, value: string): Promise<number | null> {
	const normalized = value.trim().toLowerCase()
	const filter = kind === 'username' ? { usernameKey: normalized } : { email: normalized }
	const user = await UserModel.findOne(filter).select('id').lean<{ id: number }>()
	return user?.id ?? null
}

async function upsertClaim(key: string, userId: number): Promise<UniqueClaim> {
	const upsert = () =>
		UniqueClaimModel.findOneAndUpdate(
			{ key },
			{ $setOnInsert: { userId, claimedAt: new Date() } },
			{ upsert: true, new: true },
		).lean<UniqueClaim>()
	try {
		return (await upsert())!
	} catch (error) {
		// MongoDB: another upsert inserted the key a moment earlier; this one now finds it.
		if (isDuplicateKeyError(error)) return (await upsert())!
		throw error
	}
}

/** Claims `value` for the account `userId`; true when it is now (or already was) theirs. */
export async function claimUnique(kind: UniqueKind, value: string, userId: number): Promise<boolean> {
	const key = claimKey(kind, value)
	let claim = await upsertClaim(key, userId)
	if (claim.userId !== userId) {
		// Someone else's: kept unless it is abandoned (old, and its account does not hold the value).
		const abandoned =
			Date.now() - new Date(claim.claimedAt).getTime() > CLAIM_GRACE_MS &&
			(await holderOf(kind, value)) !== claim.userId
		if (!abandoned) return false
		// Taken over only if nobody else took it over first.
		const taken = await UniqueClaimModel.findOneAndUpdate(
			{ key, userId: claim.userId, claimedAt: claim.claimedAt },
			{ $set: { userId, claimedAt: new Date() } },
			{ new: true },
		).lean<UniqueClaim>()
		if (!taken || taken.userId !== userId) return false
		claim = taken
	}
	// Accounts written before claims existed hold their values without one.
	const holder = await holderOf(kind, value)
	if (holder !== null && holder !== userId) {
		await releaseUnique(kind, value, userId)
		return false
	}
	return true
}

/**
 * Whether another account holds `value` now, or has claimed it: an early,
 * friendly answer before anything is sent (an email change's link). Not a
 * guarantee: only `claimUnique` at the moment of writing is.
 */
export async function isTakenByAnother(kind: UniqueKind, value: string, userId: number): Promise<boolean> {
	const holder = await holderOf(kind, value)
	if (holder !== null) return holder !== userId
	const claim = await UniqueClaimModel.findOne({ key: claimKey(kind, value) })
		.select('userId')
		.lean<Pick<UniqueClaim, 'userId'>>()
	return claim !== null && claim.userId !== userId
}

/** Gives up the account's claim on `value`; someone else's claim is never touched. */
export async function releaseUnique(kind: UniqueKind, value: string, userId: number): Promise<void> {
	await UniqueClaimModel.deleteOne({ key: claimKey(kind, value), userId })
}

/** Every claim an account holds (for account deletion: release them all). */
export async function releaseAllClaimsOf(userId: number): Promise<void> {
	await UniqueClaimModel.deleteMany({ userId })
}
