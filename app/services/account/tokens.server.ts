import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import mongoose from 'mongoose'
import { AccountTokenModel, type AccountToken, type AccountTokenKind } from '#models/index'
import { getConfig } from '~/config.server'

/**
 * The tokens of links sent by mail (docs/decisions/122-account-tokens.md).
 *
 * - Password reset and email change: 32 random bytes, sent only in the mail;
 *   the database keeps their SHA-256 hash, an expiry, and the moment they were
 *   used. Using one is a single conditional update, so a link works once even
 *   when it is opened twice at the same moment.
 * - Unsubscribe: no record at all, an HMAC (SESSION_SECRET) of the member and
 *   the kind of email, so every mail can carry one and it never expires.
 */

/** Why a link cannot be used, in the words its page and the JSON answer use. */
export type AccountTokenState = 'valid' | 'expired' | 'used' | 'invalid'

/** What a token in a link looks like: 32 bytes in base64url. Anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
/** Records stay a day past their expiry so a late click reads "expired" rather than "not valid". */
const KEEP_AFTER_EXPIRY_MS = 86_400_000

export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

/** Stores a new token of `kind` for the user and returns it (the only copy, for the mail). */
export async function issueAccountToken({
	kind,
	userId,
	validForMs,
	newEmail = null,
	now = new Date(),
}: {
	kind: AccountTokenKind
	userId: number
	validForMs: number
	newEmail?: string | null
	now?: Date
}): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	const expiresAt = new Date(now.getTime() + validForMs)
	await AccountTokenModel.create({
		kind,
		userId,
		tokenHash: hashToken(token),
		newEmail,
		expiresAt,
		usedAt: null,
		createdAt: now,
		purgeAt: new Date(expiresAt.getTime() + KEEP_AFTER_EXPIRY_MS),
	})
	return token
}

async function findToken(kind: AccountTokenKind, token: string): Promise<AccountToken | null> {
	if (!TOKEN_PATTERN.test(token)) return null
	return AccountTokenModel.findOne({ kind, tokenHash: hashToken(token) }).lean<AccountToken>()
}

function stateOf(record: AccountToken | null, now: Date): AccountTokenState {
	if (!record) return 'invalid'
	if (record.usedAt) return 'used'
	return record.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid'
}

/** What opening the link would find, without using it (the page a link opens). */
export async function inspectAccountToken(kind: AccountTokenKind, token: string, now = new Date()) {
	const record = await findToken(kind, token)
	const state = stateOf(record, now)
	return { state, record: state === 'valid' ? record : null }
}

/**
 * Uses the token: one conditional update that only the first caller wins.
 * Answers the record it used, or why it could not be used.
 */
export async function useAccountToken(
	kind: AccountTokenKind,
	token: string,
	now = new Date(),
): Promise<{ state: 'valid'; record: AccountToken } | { state: Exclude<AccountTokenState, 'valid'>; record: null }> {
	if (!TOKEN_PATTERN.test(token)) return { state: 'invalid', record: null }
	const record = await AccountTokenModel.findOneAndUpdate(
		{ kind, tokenHash: hashToken(token), usedAt: null, expiresAt: mongoose.trusted({ $gt: now }) },
		{ $set: { usedAt: now } },
		{ new: true, lean: true },
	)
	if (record) return { state: 'valid', record: record as AccountToken }
	const state = stateOf(await findToken(kind, token), now)
	// Between the update and the read nothing can make it valid: a race lost is "used".
	return { state: state === 'valid' ? 'used' : state, record: null }
}

/**
 * Ends every unused token of `kind` of the user now (a new email-change
 * request replaces the old one; a reset ends the other reset links). They
 * read as expired: nobody used them.
 */
export async function revokeAccountTokens(userId: number, kind: AccountTokenKind, now = new Date()): Promise<void> {
	await AccountTokenModel.updateMany(
		{ userId, kind, usedAt: null, expiresAt: mongoose.trusted({ $gt: now }) },
		{ $set: { expiresAt: now } },
	)
}

/**
 * Ends every pending link that could move the account out of its owner's
 * hands: reset links and email changes (decision 200). Called by a password
 * change, a reset and "Log out from all devices": whoever held a session or
 * a link before cannot finish with it afterwards. The undo links sent to an
 * old address stay: they are the owner's way back.
 */
export async function revokeAccountTakeoverTokens(userId: number, now = new Date()): Promise<void> {
	await Promise.all([
		revokeAccountTokens(userId, 'password_reset', now),
		revokeAccountTokens(userId, 'email_change', now),
	])
}

/** The unused, unexpired email change of the user, if any: the address waiting for its confirmation. */
export async function pendingEmailChange(userId: number, now = new Date()): Promise<string | null> {
	const record = await AccountTokenModel.findOne({
		userId,
		kind: 'email_change',
		usedAt: null,
		expiresAt: mongoose.trusted({ $gt: now }),
	})
		.sort({ createdAt: -1 })
		.lean<AccountToken>()
	return record?.newEmail ?? null
}

/** Every token of the user, used or not: the account is being deleted. */
export async function deleteAccountTokensOf(userId: number): Promise<void> {
	await AccountTokenModel.deleteMany({ userId })
}

// ---------------------------------------------------------------------------
// Unsubscribe links: signed, not stored
// ---------------------------------------------------------------------------

function unsubscribeSignature(userId: number, what: string): Buffer {
	return createHmac('sha256', getConfig().sessionSecret).update(`leaderforge:unsubscribe:v1:${userId}:${what}`).digest()
}

/** "{userId}.{what}.{signature}": who and which emails, signed so nobody can make one for someone else. */
export function signUnsubscribeToken(userId: number, what: string): string {
	return `${userId}.${what}.${unsubscribeSignature(userId, what).toString('base64url')}`
}

/** The member and the kind of email a signed token names, or null when it was not made here. */
export function verifyUnsubscribeToken(token: string): { userId: number; what: string } | null {
	const match = /^(\d{1,9})\.([A-Za-z]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token)
	if (!match) return null
	const userId = Number(match[1])
	const what = match[2]!
	const given = Buffer.from(match[3]!, 'base64url')
	const expected = unsubscribeSignature(userId, what)
	return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, what } : null
}
