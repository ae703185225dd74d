import {
	AccountTokenModel,
	MessageEmailStateModel,
	NotificationPreferencesModel,
	OutboxMailModel,
	SessionModel,
	SimulatedInvoiceModel,
	UniqueClaimModel,
} from '#models/index'
import mongoose from 'mongoose'
import { TestClient } from '../setup/http-client'
import { logIn } from '../setup/log-in'
import { snapshot } from './admin-helpers'

/**
 * The six kinds of caller of product §6, played by the seeded demo accounts
 * (demo/data.server.ts), for the hostile-input and authorization
 * tests: a visitor, a free member, a premium (trialing) member, and the
 * staff roles, whose seeded subscriptions are active.
 */
export const ROLES = ['visitor', 'member', 'premium', 'moderator', 'content_manager', 'admin'] as const
export type Role = (typeof ROLES)[number]
export type AccountRole = Exclude<Role, 'visitor'>

export const ACCOUNT_OF: Record<AccountRole, string> = {
	member: 'member',
	premium: 'premium',
	moderator: 'moderator',
	content_manager: 'manager',
	admin: 'admin',
}

/** A browser per role, each logged in through POST /api/login (the visitor's has no session). */
export async function logInEveryRole(baseUrl: string): Promise<Record<Role, TestClient>> {
	const clients = { visitor: new TestClient(baseUrl) } as Record<Role, TestClient>
	for (const role of ROLES) if (role !== 'visitor') clients[role] = await logIn(baseUrl, ACCOUNT_OF[role])
	return clients
}

/** Mail kinds only background jobs queue (services/background-jobs.server.ts), whenever their time comes. */
const MAIL_QUEUED_BY_JOBS = [
	'notification-event-reminder',
	'notification-trial-ending',
	'notification-private-message',
	'lesson-digest',
	'weekly-digest',
]

/**
 * Everything a request could change: every entity (admin-helpers' snapshot),
 * plus the sessions and the claims on usernames and email addresses, so a
 * refused login or sign-up that still opened a session, or kept a claim,
 * shows too; and the account links, email switches, invoices and queued
 * mail, so a refused reset or deletion that still wrote or mailed something
 * shows too.
 */
export async function snapshotEverything() {
	const [entities, sessions, claims, accountTokens, preferences, messageEmails, invoices, mail] = await Promise.all([
		snapshot(),
		SessionModel.find().select('sid userId data -_id').sort({ sid: 1 }).lean(),
		UniqueClaimModel.find().select('key userId -_id').sort({ key: 1 }).lean(),
		AccountTokenModel.find().select('-_id').sort({ tokenHash: 1 }).lean(),
		// The weekly digest jobs move the digest fields on by themselves.
		NotificationPreferencesModel.find()
			.select('-_id -digestSlot -digestThroughNotificationId -weeklyDigestSlot')
			.sort({ userId: 1 })
			.lean(),
		// Which pairs have private-message email state (when their mail went out is the email job's doing).
		MessageEmailStateModel.find().select('recipientId senderId -_id').sort({ recipientId: 1, senderId: 1 }).lean(),
		SimulatedInvoiceModel.find().select('-_id').sort({ number: 1 }).lean(),
		// Which mail a request queued (not how far its sending got: the server's outbox job moves that on by
		// itself), leaving out what the background jobs queue at any moment, such as an event's reminders.
		OutboxMailModel.find({ kind: mongoose.trusted({ $nin: MAIL_QUEUED_BY_JOBS }) })
			.select('_id to kind')
			.sort({ _id: 1 })
			.lean(),
	])
	return JSON.stringify({ entities, sessions, claims, accountTokens, preferences, messageEmails, invoices, mail })
}
