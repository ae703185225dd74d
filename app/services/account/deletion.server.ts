import { UserModel, type UserJSON } from '#models/index'
import { getConfig } from '~/config.server'
import { PRODUCT_NAME } from '~/lib/product'
import { ServiceError, notFound } from '~/lib/service-error'
import { demoteAdminKeepingOne } from '~/services/account/admin-users.server'
import { eraseStepsInOrder, type LeavingAccount } from '~/services/account/personal-data.server'
import { sendMail } from '~/platform/mail/index.server'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'
import { recordAudit } from '~/services/admin/audit.server'
import { confirmOwnPassword } from '~/services/account/users.server'

/**
 * Deleting an account (product §2 "Profile" Account tab, the admin Users
 * tab, §7 DELETE /api/users/me; docs/decisions/125-account-deletion-and-export.md).
 *
 * What goes, and in which order, is the registry of personal data
 * (personal-data.server.ts, docs/decisions/097): its header lists the steps
 * and why they come in that order. In short: the last admin cannot leave;
 * the subscription ends first (a Stripe failure stops everything), then
 * every session and socket; then the member's records, collection by
 * collection; the account last; then its username and email are free, the
 * deletion joins the audit log and a goodbye email goes out.
 *
 * Room messages stay, shown as written by "Deleted member", so the
 * conversations they belong to still read.
 */

export const PASSWORD_INCORRECT = 'Password is incorrect'
export const LAST_ADMIN_CANNOT_LEAVE =
	'You are the last admin: make another user an admin before deleting this account.'
export const DELETE_YOURSELF_FROM_PROFILE =
	'To delete your own account, use Delete Account in your profile, under Account.'

async function findAccount(userId: number): Promise<LeavingAccount | null> {
	return UserModel.findOne({ id: userId }).select('id username name email role').lean<LeavingAccount>()
}

/**
 * Delete Account in the profile and DELETE /api/users/me: the member's own
 * account, confirmed with their password (400 when it is wrong, nothing
 * changed). The last admin cannot leave (409).
 */
export async function deleteOwnAccount(
	actor: Pick<UserJSON, 'id'>,
	{ password }: { password: string },
): Promise<LeavingAccount> {
	// The same check, and the same limit on wrong tries, as a password change.
	await confirmOwnPassword(actor.id, password, { field: 'password', wrong: PASSWORD_INCORRECT })
	const account = await findAccount(actor.id)
	if (!account) throw notFound('User not found')
	await eraseAccount(account, 'self')
	return account
}

/** The admin Users tab: an admin deletes a member's account the same way (not their own: that is the profile's). */
export async function deleteUserAsAdmin(actor: Actor, userId: number): Promise<LeavingAccount> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	if (userId === actor.id) throw new ServiceError(DELETE_YOURSELF_FROM_PROFILE, 400)
	const account = await findAccount(userId)
	if (!account) throw notFound('User not found')
	await eraseAccount(account, 'admin', actor)
	return account
}

async function eraseAccount(account: LeavingAccount, by: 'self' | 'admin', admin?: Actor) {
	await keepingAnAdmin(account, async () => {
		for (const step of eraseStepsInOrder()) await step.run(account)
	})
	// A change of access, in the audit log (product §6): by whom, named as they were (the account is gone).
	await recordAudit(by === 'admin' && admin ? admin : { id: account.id, name: account.name, role: account.role }, {
		kind: 'account.deleted',
		target: { type: 'user', id: account.id, label: account.name },
		summary:
			by === 'admin'
				? `Deleted the account of ${account.name} (@${account.username})`
				: `${account.name} (@${account.username}) deleted their own account`,
	})
	await sendGoodbye(account, by)
}

/**
 * The last admin cannot be deleted. As with role changes, an admin is first
 * made a member (demoteAdminKeepingOne), and the role comes back if the
 * deletion fails before the account is gone.
 */
async function keepingAnAdmin(account: LeavingAccount, erase: () => Promise<void>) {
	if (account.role !== 'admin') return erase()
	const restore = await demoteAdminKeepingOne(
		account.id,
		'member',
		() => new ServiceError(LAST_ADMIN_CANNOT_LEAVE, 409),
	)
	try {
		await erase()
	} catch (error) {
		await restore()
		throw error
	}
}

async function sendGoodbye(account: LeavingAccount, by: 'self' | 'admin') {
	await sendMail({
		to: account.email,
		kind: 'account-deleted',
		subject: `Your ${PRODUCT_NAME} account has been deleted`,
		text: [
			`Hello ${account.name},`,
			by === 'self'
				? `Your ${PRODUCT_NAME} account "${account.username}" has been deleted, as you asked.`
				: `An administrator has deleted your ${PRODUCT_NAME} account "${account.username}".`,
			'Any subscription has ended and will not be charged again. Your profile, progress, notifications, settings and private messages are gone. Messages you wrote in community rooms stay, shown as written by "Deleted member".',
			`Thank you for being part of the community. You are welcome back at any time: ${getConfig().mail.linkOrigin}`,
		].join('\n\n'),
	})
}
