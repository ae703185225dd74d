import { randomBytes } from 'node:crypto'
import { UsedFormModel } from '#models/index'
import { isDuplicateKeyError } from '~/lib/service-error'

/**
 * Things that may happen once, claimed with one atomic upsert (as unique
 * values are: decision 136): a rendered form's token, so a form posted twice
 * (a double click, a resent page) creates once (decision 204). Claims are
 * kept a day, far longer than a page stays open before it is posted.
 */
const KEEP_MS = 24 * 60 * 60_000

/** A new token for one rendered form: 16 random bytes, base64url. */
export function newOnceToken(): string {
	return randomBytes(16).toString('base64url')
}

/** What a token looks like; anything else was not rendered here. */
export const ONCE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** Claims `key`; true for the one caller that got it first, false for every later (or simultaneous) one. */
export async function claimOnce(key: string, now = new Date()): Promise<boolean> {
	try {
		const result = await UsedFormModel.updateOne(
			{ key },
			{ $setOnInsert: { key, usedAt: now, purgeAt: new Date(now.getTime() + KEEP_MS) } },
			{ upsert: true },
		)
		return result.upsertedCount === 1
	} catch (error) {
		// MongoDB: another request's upsert inserted it a moment earlier.
		if (isDuplicateKeyError(error)) return false
		throw error
	}
}

/** Gives a claim back (the work it guarded was refused, so the same form may be posted again). */
export async function releaseOnce(key: string): Promise<void> {
	await UsedFormModel.deleteOne({ key })
}
