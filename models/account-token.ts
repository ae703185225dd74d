import { Schema } from 'mongoose'
import { defineModel } from '#models/model'

/**
 * A link sent by mail that acts on an account without a login: a password
 * reset, the confirmation of a new email address (docs/decisions/122), or
 * the undoing of an email change, sent to the old address (decision 200).
 * Only the SHA-256 hash of the random token is stored, so a copy of the
 * database opens no account; the token itself exists only in the mail.
 */
export const ACCOUNT_TOKEN_KINDS = ['password_reset', 'email_change', 'email_undo'] as const
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number]

export interface AccountToken {
	kind: AccountTokenKind
	userId: number
	/** Hex SHA-256 of the token in the link. */
	tokenHash: string
	/** The address to switch to (email_change), or to go back to (email_undo). */
	newEmail: string | null
	expiresAt: Date
	/** Set once, by the one request that used the link. */
	usedAt: Date | null
	createdAt: Date
	/** When MongoDB removes the record: a day after it expired, so "this link has expired" can still be told apart from "not valid" meanwhile. */
	purgeAt: Date
}

const accountTokenSchema = new Schema<AccountToken>(
	{
		kind: { type: String, enum: ACCOUNT_TOKEN_KINDS, required: true },
		userId: { type: Number, required: true, index: true },
		tokenHash: { type: String, required: true, unique: true },
		newEmail: { type: String, default: null },
		expiresAt: { type: Date, required: true },
		usedAt: { type: Date, default: null },
		createdAt: { type: Date, required: true, default: () => new Date() },
		purgeAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
	},
	{ versionKey: false },
)

export const AccountTokenModel = defineModel<AccountToken>('AccountToken', accountTokenSchema)
