import {
	MessageModel,
	NotificationModel,
	ProgressModel,
	UserModel,
	toNotificationJSON,
	toProgressJSON,
	type Message,
	type Notification,
	type Progress,
} from '#models/index'
import { toIso } from '#models/model'
import { notFound } from '~/lib/service-error'
import { getPendingEmail } from '~/services/account/email-change.server'
import { billingStatusOf } from '~/services/billing/details.server'
import { getBillingAccount, listSimulatedInvoices } from '~/services/billing/subscription-store.server'
import { getEmailPreferences } from '~/services/notifications/preferences.server'
import { rsvpsOf } from '~/services/events/rsvps.server'
import { listBlockedMembers } from '~/services/moderation/blocks.server'
import { exportOwnMute } from '~/services/moderation/mutes.server'
import { reportsFiledBy } from '~/services/moderation/reports.server'
import { communityNamesById } from '~/services/catalogue/communities.server'
import { DELETED_MEMBER } from '~/services/chat/messages.server'
import { getUserById, userNamesById } from '~/services/account/users.server'

/**
 * "Download my data" and GET /api/users/me/export (product §2 "Profile",
 * §7): everything the app keeps about the member, as one JSON document.
 * Nothing about anyone else is in it beyond the names of the people they
 * wrote to and of the rooms they wrote in (docs/decisions/125).
 *
 * Each section is collected by its own function, in this order; a feature
 * that keeps something of a member's adds its section here.
 */
export const ACCOUNT_EXPORT_SECTIONS: Array<{ name: string; collect: (userId: number) => Promise<unknown> }> = [
	{ name: 'profile', collect: exportProfile },
	{ name: 'emailPreferences', collect: getEmailPreferences },
	{ name: 'subscription', collect: exportSubscription },
	{ name: 'progress', collect: exportProgress },
	{ name: 'rsvps', collect: rsvpsOf },
	{ name: 'reportsFiled', collect: reportsFiledBy },
	{ name: 'blockedMembers', collect: blockedMembersOf },
	{ name: 'mute', collect: exportOwnMute },
	{ name: 'notifications', collect: exportNotifications },
	{ name: 'messages', collect: exportMessages },
]

/** The members one blocked: their names only, as for the people one wrote to. */
async function blockedMembersOf(userId: number) {
	return (await listBlockedMembers({ id: userId })).map((member) => ({
		name: member.name,
		blockedAt: member.blockedAt,
	}))
}

export interface AccountExport {
	exportedAt: string
	[section: string]: unknown
}

export async function exportAccountData(userId: number): Promise<AccountExport> {
	if (!(await UserModel.exists({ id: userId }))) throw notFound('User not found')
	const data: AccountExport = { exportedAt: new Date().toISOString() }
	for (const section of ACCOUNT_EXPORT_SECTIONS) data[section.name] = await section.collect(userId)
	return data
}

async function exportProfile(userId: number) {
	const user = await getUserById(userId)
	if (!user) throw notFound('User not found')
	return { ...user, pendingEmail: await getPendingEmail(userId) }
}

async function exportSubscription(userId: number) {
	return { ...billingStatusOf(await getBillingAccount(userId)), simulatedInvoices: await listSimulatedInvoices(userId) }
}

async function exportProgress(userId: number) {
	const records = await ProgressModel.find({ userId }).sort({ videoId: 1 }).lean<Progress[]>()
	return records.map(toProgressJSON)
}

/** Notifications whose text quotes what another member wrote: the export keeps that they came, not the words. */
const QUOTING_KINDS: ReadonlySet<Notification['kind']> = new Set(['private_message', 'mention'])

async function exportNotifications(userId: number) {
	const notifications = await NotificationModel.find({ recipientId: userId }).sort({ id: 1 }).lean<Notification[]>()
	return notifications.map((notification) => {
		const json = toNotificationJSON(notification)
		return QUOTING_KINDS.has(notification.kind) ? { ...json, text: null } : json
	})
}

/** Every message the member wrote: in rooms (with the room's name) and in private (with the other person's name only). */
async function exportMessages(userId: number) {
	const written = await MessageModel.find({ senderId: userId }).sort({ id: 1 }).lean<Message[]>()
	const roomIds = [...new Set(written.flatMap((message) => (message.communityId ? [message.communityId] : [])))]
	const peopleIds = [
		...new Set(written.flatMap((message) => (message.isPrivate && message.recipientId ? [message.recipientId] : []))),
	]
	const [roomName, personName] = await Promise.all([communityNamesById(roomIds), userNamesById(peopleIds)])
	return {
		rooms: written
			.filter((message) => !message.isPrivate)
			.map((message) => ({
				id: message.id,
				room: roomName[message.communityId ?? 0] ?? 'A deleted room',
				content: message.content,
				createdAt: toIso(message.createdAt),
			})),
		private: written
			.filter((message) => message.isPrivate)
			.map((message) => ({
				id: message.id,
				to: personName[message.recipientId ?? 0] ?? DELETED_MEMBER,
				content: message.content,
				createdAt: toIso(message.createdAt),
			})),
	}
}
