import { MessageModel, NotificationModel, ProgressModel, UserModel, type User, type UserJSON } from '#models/index'
import { getConfig } from '~/config.server'
import { PRODUCT_NAME } from '~/lib/product'
import { ServiceError, notFound } from '~/lib/service-error'
import { deleteAccountTokensOf } from '~/services/account/tokens.server'
import { demoteAdminKeepingOne } from '~/services/account/admin-users.server'
import { endAllSessions } from '~/services/account/auth.server'
import { endSubscriptionNow } from '~/services/billing/index.server'
import { deleteSimulatedInvoicesOf } from '~/services/billing/subscription-store.server'
import { sendMail } from '~/platform/mail/index.server'
import { deleteConversationEntriesOf } from '~/services/chat/private-inbox.server'
import { deleteMessageEmailStateOf } from '~/services/notifications/emails.server'
import { deleteEmailPreferencesOf } from '~/services/notifications/preferences.server'
import { USER_ADMIN_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'
import { deleteCalendarFeedOf } from '~/services/events/calendar.server'
import { deleteRsvpsOf } from '~/services/events/rsvps.server'
import { recordAudit } from '~/services/admin/audit.server'
import { deleteBlocksOf } from '~/services/moderation/blocks.server'
import { deleteMuteOf } from '~/services/moderation/mutes.server'
import { releaseAllClaimsOf } from '~/platform/unique-claims.server'
import { confirmOwnPassword } from '~/services/account/users.server'

/**
 * Deleting an account (product §2 "Profile" Account tab, the admin Users
 * tab, §7 DELETE /api/users/me; docs/decisions/125-account-deletion.md).
 *
 * In this order, without transactions (decision 032's rule: dependents
 * first, the account last, so a deletion cut off half-way is finished by
 * running it again, and the member can still log in to do so):
 *
 * 1. the subscription ends now (Stripe: cancelled immediately); if Stripe
 *    cannot be reached nothing else happens (502);
 * 2. every session and chat socket of the account ends;
 * 3. each step of ACCOUNT_DATA_STEPS erases the member's records;
 * 4. the account itself goes: its username and email are free again;
 * 5. a goodbye email goes to the address the account had.
 *
 * Room messages stay, shown as written by "Deleted member", so the
 * conversations they belong to still read.
 */

export const PASSWORD_INCORRECT = 'Password is incorrect'
export const LAST_ADMIN_CANNOT_LEAVE =
	'You are the last admin: make another user an admin before deleting this account.'
export const DELETE_YOURSELF_FROM_PROFILE =
	'To delete your own account, use Delete Account in your profile, under Account.'

/** One collection (or one kind of record) the member's data is erased from. */
export interface AccountDataStep {
	/** What goes, in words (logs, the decision record). */
	what: string
	erase(userId: number): Promise<unknown>
}

/**
 * The member's data, erased in this order. Every collection that holds
 * something of one member's gets a step here (or a reason, in decision 125,
 * why it stays).
 */
export const ACCOUNT_DATA_STEPS: AccountDataStep[] = [
	{ what: 'video progress', erase: (userId) => ProgressModel.deleteMany({ userId }) },
	{ what: 'notifications', erase: (userId) => NotificationModel.deleteMany({ recipientId: userId }) },
	{ what: 'email preferences', erase: deleteEmailPreferencesOf },
	{ what: 'password reset and email change links', erase: deleteAccountTokensOf },
	{ what: 'private-message email state, as recipient and as sender', erase: deleteMessageEmailStateOf },
	{ what: 'simulated invoices', erase: deleteSimulatedInvoicesOf },
	{ what: 'event RSVPs', erase: deleteRsvpsOf },
	{ what: 'blocks, by and of the member', erase: deleteBlocksOf },
	{ what: 'a mute in force', erase: deleteMuteOf },
	{ what: 'the private calendar feed address', erase: deleteCalendarFeedOf },
	// Both sides: a conversation is opened by the other member's account, which no longer exists (decision 125).
	{
		what: 'private messages, sent and received',
		erase: (userId) =>
			MessageModel.deleteMany({ isPrivate: true, $or: [{ senderId: userId }, { recipientId: userId }] }),
	},
	// After the messages: the member's conversations leave everyone's lists, and whoever had not read this member's
	// messages has one unread conversation fewer (their badge is counted again). Decision 087.
	{ what: 'conversation entries, their own and those naming them', erase: deleteConversationEntriesOf },
]

type DeletedAccount = Pick<User, 'id' | 'username' | 'name' | 'email' | 'role'>

async function findAccount(userId: number): Promise<DeletedAccount | null> {
	return UserModel.findOne({ id: userId }).select('id username name email role').lean<DeletedAccount>()
}

/**
 * Delete Account in the profile and DELETE /api/users/me: the member's own
 * account, confirmed with their password (400 when it is wrong, nothing
 * changed). The last admin cannot leave (409).
 */
export async function deleteOwnAccount(
	actor: Pick<UserJSON, 'id'>,
	{ password }: { password: string },
): Promise<DeletedAccount> {
	// The same check, and the same limit on wrong tries, as a password change.
	await confirmOwnPassword(actor.id, password, { field: 'password', wrong: PASSWORD_INCORRECT })
	const account = await findAccount(actor.id)
	if (!account) throw notFound('User not found')
	await eraseAccount(account, 'self')
	return account
}

/** The admin Users tab: an admin deletes a member's account the same way (not their own: that is the profile's). */
export async function deleteUserAsAdmin(actor: Actor, userId: number): Promise<DeletedAccount> {
	assertActorRole(actor, USER_ADMIN_ROLES)
	if (userId === actor.id) throw new ServiceError(DELETE_YOURSELF_FROM_PROFILE, 400)
	const account = await findAccount(userId)
	if (!account) throw notFound('User not found')
	await eraseAccount(account, 'admin', actor)
	return account
}

async function eraseAccount(account: DeletedAccount, by: 'self' | 'admin', admin?: Actor) {
	await keepingAnAdmin(account, async () => {
		await endSubscriptionNow(account)
		await endAllSessions(account.id)
		for (const step of ACCOUNT_DATA_STEPS) await step.erase(account.id)
		await UserModel.deleteOne({ id: account.id })
		// Only now: until the account is gone its username and address are still its own (docs/decisions/136).
		await releaseAllClaimsOf(account.id)
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
async function keepingAnAdmin(account: DeletedAccount, erase: () => Promise<void>) {
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

async function sendGoodbye(account: DeletedAccount, by: 'self' | 'admin') {
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
