import { UserModel, type User, type UserJSON } from '#models/index'
import { getConfig } from '~/config.server'
import { PRODUCT_NAME } from '~/lib/product'
import { RESET_LINK_INVALID } from '~/lib/account-schemas'
import { describeWait, RetryLaterError, ServiceError } from '~/lib/service-error'
import { singleton } from '~/platform/singleton.server'
import {
	inspectAccountToken,
	issueAccountToken,
	revokeAccountTokens,
	useAccountToken,
	type AccountTokenState,
} from '~/services/account/tokens.server'
import { endAllSessions } from '~/services/account/auth.server'
import { sendMail } from '~/platform/mail/index.server'
import { hashPassword } from '~/services/account/password.server'
import { createRateLimiter } from '~/platform/rate-limit.server'
import { userJSON } from '~/platform/public-pictures.server'

/**
 * Forgotten passwords (product §2 "Forgot password", §7): a link by mail,
 * valid for an hour and usable once (docs/decisions/122). Asking never says
 * whether an account has the address.
 */

export const RESET_LINK_VALID_MS = 60 * 60_000

/** product §2: the same answer whether or not the address has an account. */
export function resetRequestedMessage(email: string): string {
	return `If an account exists for ${email}, we have sent a link to reset the password.`
}

export const RESET_LINK_MESSAGES: Record<Exclude<AccountTokenState, 'valid'>, string> = {
	expired: 'This password reset link has expired. Please ask for a new one.',
	used: 'This password reset link has already been used. Please ask for a new one.',
	invalid: RESET_LINK_INVALID,
}

/**
 * Requests are limited per address (so nobody can flood one inbox) and per
 * client (so nobody can probe or spam many addresses from one place). The
 * limits run on rate-limiter-flexible (docs/decisions/135) under their own names.
 */
const RESET_LIMITS = {
	perAddress: { name: 'password-reset-address', limit: 5, windowMs: 60 * 60_000 },
	perClient: { name: 'password-reset-client', limit: 20, windowMs: 60 * 60_000 },
	confirmPerClient: { name: 'password-reset-confirm-client', limit: 30, windowMs: 15 * 60_000 },
} as const

const limiters = singleton('password-reset-limiters', () => ({
	perAddress: createRateLimiter(RESET_LIMITS.perAddress),
	perClient: createRateLimiter(RESET_LIMITS.perClient),
	confirmPerClient: createRateLimiter(RESET_LIMITS.confirmPerClient),
}))

/** A 429 with Retry-After (apiRoute and handleFormSubmission send the header). */
function tooMany(what: string, retryAfterMs: number): RetryLaterError {
	return new RetryLaterError(`Too many ${what}. Please try again in ${describeWait(retryAfterMs)}.`, retryAfterMs)
}

/**
 * Sends the reset link to the account with this address, if there is one.
 * Throttled per address and per client (429); otherwise the caller answers
 * `resetRequestedMessage` whatever happened.
 */
export async function requestPasswordReset({
	email,
	clientAddress,
}: {
	email: string
	clientAddress: string
}): Promise<void> {
	const address = email.trim().toLowerCase()
	const byClient = await limiters.perClient.consume(clientAddress)
	if (!byClient.allowed) throw tooMany('password reset requests', byClient.retryAfterMs)
	const byAddress = await limiters.perAddress.consume(address)
	if (!byAddress.allowed) throw tooMany('password reset requests for this address', byAddress.retryAfterMs)

	const user = await UserModel.findOne({ email: address })
		.select('id username name email')
		.lean<Pick<User, 'id' | 'username' | 'name' | 'email'>>()
	// Not awaited: the answer leaves after the same work whether or not the address has an account, so its
	// timing tells nothing (decision 200). The link and its mail are written a moment later.
	if (user)
		void mailResetLink(user).catch((error: unknown) => console.error('A password reset link could not be sent:', error))
}

/** Issues a reset link for the account and mails it to the account's address. */
export async function mailResetLink(user: Pick<User, 'id' | 'username' | 'name' | 'email'>): Promise<void> {
	const token = await issueAccountToken({ kind: 'password_reset', userId: user.id, validForMs: RESET_LINK_VALID_MS })
	const link = `${getConfig().mail.linkOrigin}/reset-password?token=${token}`
	await sendMail({
		to: user.email,
		kind: 'password-reset',
		subject: `Reset your ${PRODUCT_NAME} password`,
		text: [
			`Hello ${user.name},`,
			`Someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account "${user.username}".`,
			`Choose a new password here: ${link}`,
			'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
		].join('\n\n'),
	})
}

/** What the link of a reset mail leads to now, for its page: 'valid', or why not. */
export async function checkPasswordResetLink(token: string): Promise<AccountTokenState> {
	return (await inspectAccountToken('password_reset', token)).state
}

/**
 * Sets the new password from a reset link, once. Every session and chat
 * socket of the account ends (the caller then signs this device in), and
 * every other reset link of the account stops working.
 */
export async function resetPassword({
	token,
	password,
	clientAddress,
}: {
	token: string
	password: string
	clientAddress: string
}): Promise<UserJSON> {
	const attempt = await limiters.confirmPerClient.consume(clientAddress)
	if (!attempt.allowed) throw tooMany('password reset attempts', attempt.retryAfterMs)
	// Hashed before the link is used, so a slow hash cannot leave a used link and an unchanged password.
	const passwordHash = await hashPassword(password)
	const used = await useAccountToken('password_reset', token)
	if (used.state !== 'valid') throw new ServiceError(RESET_LINK_MESSAGES[used.state], 400, 'token')
	const user = await UserModel.findOneAndUpdate({ id: used.record.userId }, { $set: { passwordHash } }, { new: true })
		.select('-passwordHash -usernameKey')
		.lean<User>()
	if (!user) throw new ServiceError(RESET_LINK_MESSAGES.invalid, 400, 'token')
	await revokeAccountTokens(user.id, 'password_reset')
	await endAllSessions(user.id)
	return userJSON(user)
}
