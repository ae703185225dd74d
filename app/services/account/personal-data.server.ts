import type { Schema } from 'mongoose'
import {
	AccountTokenModel,
	AuditEntryModel,
	BlockModel,
	CalendarFeedModel,
	CertificateModel,
	ConversationModel,
	DiscussionCommentModel,
	DiscussionFollowModel,
	DiscussionPostModel,
	DiscussionReactionModel,
	MessageEmailStateModel,
	MessageModel,
	MuteModel,
	NoteModel,
	NotificationModel,
	NotificationPreferencesModel,
	PodCheckInModel,
	PodMemberModel,
	PodQueueModel,
	PodReplyModel,
	OutboxMailModel,
	ProgramCheckAttemptModel,
	ProgramEnrolmentModel,
	ProgramItemStateModel,
	ProgressModel,
	PushDeliveryModel,
	PushDeviceModel,
	ReportModel,
	RsvpModel,
	SearchTermModel,
	SessionModel,
	SimulatedInvoiceModel,
	SubscriptionEventModel,
	UniqueClaimModel,
	UserModel,
	toNotificationJSON,
	toProgressJSON,
	type Message,
	type Notification,
	type Progress,
	type User,
} from '#models/index'
import { toIso } from '#models/model'
import { notFound } from '~/lib/service-error'
import { endAllSessions } from '~/services/account/auth.server'
import { getPendingEmail } from '~/services/account/email-change.server'
import { deleteAccountTokensOf } from '~/services/account/tokens.server'
import { dropMemberFromSearch, getUserById, userNamesById } from '~/services/account/users.server'
import { billingStatusOf } from '~/services/billing/details.server'
import { endSubscriptionNow } from '~/services/billing/index.server'
import {
	deleteSimulatedInvoicesOf,
	getBillingAccount,
	listSimulatedInvoices,
} from '~/services/billing/subscription-store.server'
import { communityNamesById } from '~/services/catalogue/communities.server'
import { DELETED_MEMBER } from '~/services/chat/messages.server'
import { deleteConversationEntriesOf } from '~/services/chat/private-inbox.server'
import { joinedCommunities } from '~/services/community/memberships.server'
import { discussionsWrittenBy } from '~/services/discussions/discussions.server'
import { deleteFollowsOf, followsOf } from '~/services/discussions/follows.server'
import { deleteReactionsOf, reactionsGivenBy } from '~/services/discussions/reactions.server'
import { deleteCalendarFeedOf } from '~/services/events/calendar.server'
import { deleteRsvpsOf, rsvpsOf } from '~/services/events/rsvps.server'
import { deleteBlocksOf, listBlockedMembers } from '~/services/moderation/blocks.server'
import { deleteMuteOf, exportOwnMute } from '~/services/moderation/mutes.server'
import { reportsFiledBy } from '~/services/moderation/reports.server'
import { deleteNotesOf, exportNotes } from '~/services/learning/notes.server'
import { deleteMessageEmailStateOf } from '~/services/notifications/emails.server'
import { deleteEmailPreferencesOf, getEmailPreferences } from '~/services/notifications/preferences.server'
import { exportCertificatesOf } from '~/services/learning/certificates.server'
import { exportProgramsOf } from '~/services/learning/program-learning.server'
import { deletePushDeliveriesOf, deletePushDevicesOf, exportPushDevices } from '~/services/notifications/push.server'
import { releaseAllClaimsOf } from '~/platform/unique-claims.server'
import { deletePodDataOf, exportPodsOf } from '~/services/pods/pods.server'

/**
 * The registry of personal data (docs/decisions/097): every collection that
 * holds something of one member's, listed once, with what names the member,
 * how "Download my data" exports it (export.server.ts), what deleting the
 * account does to it (deletion.server.ts), and, in the member's words, what
 * it is and how long it stays (for the privacy page: `describePersonalData`).
 *
 * A new collection with member data is one entry here. A model with a field
 * that names a member (`userId`, `…UserId`, `…By`, `{role}Id` such as
 * `senderId` or `followerId`, or any path marked `member: true` in its
 * schema) that is neither here nor in NOT_MEMBER_DATA fails
 * tests/unit/personal-data.test.ts.
 *
 * **The export** is one JSON document: `exportedAt`, then one key per
 * `export.section`, in the order of this list. Sections read whatever they
 * need (the profile carries the pending email of an email-change link).
 *
 * **Deleting an account** (deletion.server.ts), in this order, without
 * transactions (decision 032's rule: dependents first, the account last, so
 * a deletion cut off half-way is finished by running it again, and the
 * member can still log in to do so):
 *
 * 0. the last admin cannot leave: before anything is erased an admin is made
 *    a member (refused with 409 when no admin would be left), and the role
 *    comes back if a later step fails (deletion.server.ts, `keepingAnAdmin`);
 * 1. the 'first' steps, in the order of this list: the subscription ends now
 *    (if Stripe cannot be reached the deletion stops there with a 502 and
 *    nothing has been erased), then every session and chat socket ends, so
 *    nothing the member still has open writes while their records go;
 * 2. the 'records' steps, in the order of this list (private messages before
 *    the conversation entries drawn from them);
 * 3. the 'account' step: the user record itself;
 * 4. the 'after account' steps: the username and email are released;
 * 5. then deletion.server.ts records the deletion in the audit log and sends
 *    the goodbye mail to the address the account had (read before step 0).
 *
 * An entry whose data stays after the account is gone says what stays and
 * why (`kept`): room messages under "Deleted member", reports, the audit
 * log, the subscription history, mail already in the outbox.
 */

/** The account being deleted, as it was read before anything changed. */
export type LeavingAccount = Pick<User, 'id' | 'username' | 'name' | 'email' | 'role'>

/** When an erase step runs (see the order above). */
export type ErasePhase = 'first' | 'records' | 'account' | 'after account'
const ERASE_PHASES: readonly ErasePhase[] = ['first', 'records', 'account', 'after account']

export interface EraseStep {
	phase: ErasePhase
	/** What goes, in words (the tests check the order by it). */
	what: string
	run(account: LeavingAccount): Promise<unknown>
}

export type ExportRule =
	/** A key of the export document of its own, collected by `collect`. */
	| { section: string; collect(userId: number): Promise<unknown> }
	/** Read by another entry's section (which says how). */
	| { inSection: string }
	/** Not in the export, and why. */
	| { omitted: string }

export interface PersonalDataEntry {
	/** The collection. */
	model: { readonly modelName: string; readonly schema: Schema }
	/** The fields whose value is the member (their id, or for mail their address): a record is theirs when one names them. */
	memberFields: readonly string[]
	/** Fields that name someone else, who is not what the record is about: kept as they are when that person leaves, and why. */
	alsoNames?: Readonly<Record<string, string>>
	/** For the privacy page: what is stored, as the member would say it. */
	stored: string
	/** For the privacy page: for how long. */
	retention: string
	export: ExportRule
	/** What deleting the account does; empty when the data stays (then `kept` says why). */
	erase: readonly EraseStep[]
	/** What stays after the account is gone, and why. */
	kept?: string
}

const UNTIL_DELETED = 'Until you delete your account.'

export const PERSONAL_DATA: readonly PersonalDataEntry[] = [
	{
		model: UserModel,
		memberFields: ['id'],
		stored:
			'Your account: username, name, email address, picture, bio and role, your directory profile (headline, location, LinkedIn address, interests, whether you are hidden from the directory), the communities you joined, when you joined and were last active, and your password as a one-way hash.',
		retention: UNTIL_DELETED,
		export: { section: 'profile', collect: exportProfile },
		// Last of the member's data: until then a deletion cut off half-way can be run again by logging in. The last
		// admin rule (step 0 above) guards every step, this one included.
		erase: [{ phase: 'account', what: 'the account itself', run: ({ id }) => UserModel.deleteOne({ id }) }],
	},
	{
		model: NotificationPreferencesModel,
		memberFields: ['userId'],
		stored: 'Which emails you want from us.',
		retention: UNTIL_DELETED,
		export: { section: 'emailPreferences', collect: getEmailPreferences },
		erase: [{ phase: 'records', what: 'email preferences', run: ({ id }) => deleteEmailPreferencesOf(id) }],
	},
	{
		// The subscription: its status and dates are fields of the user record, its invoices (simulated billing) are
		// here, and with Stripe the subscription itself is Stripe's.
		model: SimulatedInvoiceModel,
		memberFields: ['userId'],
		stored:
			'Your subscription: its status, trial and billing dates, and its invoices. Card details are held by Stripe, never by us.',
		retention:
			'Until you delete your account, when the subscription is cancelled at once. Stripe keeps its customer record and invoices as accounting records.',
		export: { section: 'subscription', collect: exportSubscription },
		erase: [
			{
				// First of all: a member is never charged again for an account that is gone. If Stripe cannot be reached
				// this throws (502) and nothing else happens.
				phase: 'first',
				what: 'the subscription ends now (Stripe: cancelled without a last invoice or proration)',
				run: (account) => endSubscriptionNow(account),
			},
			{ phase: 'records', what: 'simulated invoices', run: ({ id }) => deleteSimulatedInvoicesOf(id) },
		],
		kept: 'The Stripe customer and its invoices stay at Stripe: they are the business accounting records, with no subscription left to bill (decision 125).',
	},
	{
		model: ProgressModel,
		memberFields: ['userId'],
		stored: 'How far you have watched each lesson.',
		retention: UNTIL_DELETED,
		export: { section: 'progress', collect: exportProgress },
		erase: [{ phase: 'records', what: 'video progress', run: ({ id }) => ProgressModel.deleteMany({ userId: id }) }],
	},
	{
		model: NoteModel,
		memberFields: ['userId'],
		stored: 'Your private notes on lessons, each at a time in the lesson. Nobody else can read them.',
		retention: 'Until you delete the note or your account (a lesson that is removed takes your notes on it along).',
		export: { section: 'notes', collect: exportNotes },
		erase: [{ phase: 'records', what: 'lesson notes', run: ({ id }) => deleteNotesOf(id) }],
	},
	{
		model: ProgramEnrolmentModel,
		memberFields: ['userId'],
		stored: 'The programs you started: when, how far you got, and when you finished.',
		retention: UNTIL_DELETED,
		export: { section: 'programs', collect: exportProgramsOf },
		erase: [
			{
				phase: 'records',
				what: 'program enrolments',
				run: ({ id }) => ProgramEnrolmentModel.deleteMany({ userId: id }),
			},
		],
	},
	{
		model: ProgramItemStateModel,
		memberFields: ['userId'],
		stored:
			'What you did in program items: readings marked done, your reflections (only you can read them), your best check scores.',
		retention: UNTIL_DELETED,
		export: { inSection: 'programs' },
		erase: [
			{
				phase: 'records',
				what: 'program readings done and reflections',
				run: ({ id }) => ProgramItemStateModel.deleteMany({ userId: id }),
			},
		],
	},
	{
		model: ProgramCheckAttemptModel,
		memberFields: ['userId'],
		stored: 'Your answers to knowledge checks, each attempt with its score.',
		retention: UNTIL_DELETED,
		export: { inSection: 'programs' },
		erase: [
			{
				phase: 'records',
				what: 'knowledge check attempts',
				run: ({ id }) => ProgramCheckAttemptModel.deleteMany({ userId: id }),
			},
		],
	},
	{
		model: CertificateModel,
		memberFields: ['userId'],
		alsoNames: {
			revokedBy: 'the admin who revoked it: the certificate goes with its holder, never with the admin',
		},
		stored:
			'Your certificates: your name as it was when you completed the program, the program and its modules, the date. Anyone you give the address to can see it.',
		retention: 'Until you delete your account; then its address says it does not exist.',
		export: { section: 'certificates', collect: exportCertificatesOf },
		erase: [{ phase: 'records', what: 'certificates', run: ({ id }) => CertificateModel.deleteMany({ userId: id }) }],
	},
	{
		model: RsvpModel,
		memberFields: ['userId'],
		stored: 'Your answers to events: going or not.',
		retention: UNTIL_DELETED,
		export: { section: 'rsvps', collect: rsvpsOf },
		// The events' attendee counts follow.
		erase: [{ phase: 'records', what: 'event RSVPs', run: ({ id }) => deleteRsvpsOf(id) }],
	},
	{
		model: PodMemberModel,
		memberFields: ['userId'],
		stored:
			'Your places in peer pods: which pod of which program, the time zone and check-in day you chose, when you joined and left, and the reminders sent.',
		retention:
			'Until you delete your account; then the pod shows "a former member" in your place, with nothing that names you.',
		export: { section: 'pods', collect: exportPodsOf },
		erase: [
			{
				phase: 'records',
				what: 'pod places, check-ins, cheers and replies',
				run: ({ id }) => deletePodDataOf(id),
			},
		],
	},
	{
		model: PodQueueModel,
		memberFields: ['userId'],
		stored: 'The pods you are waiting for: the program, your time zone and check-in day, and since when.',
		retention: 'Until you are placed in a pod, leave the queue or delete your account.',
		export: { inSection: 'pods' },
		erase: [{ phase: 'records', what: 'pod queue places', run: ({ id }) => PodQueueModel.deleteMany({ userId: id }) }],
	},
	{
		model: PodCheckInModel,
		memberFields: ['userId', 'cheers'],
		stored:
			"Your weekly check-ins in your pods (how last week's commitment went, a note, this week's commitment) and the check-ins you cheered. Only your pod reads them; a moderator only when one is reported.",
		retention: UNTIL_DELETED,
		export: { inSection: 'pods' },
		erase: [
			{
				phase: 'records',
				what: 'pod check-ins and cheers',
				run: async ({ id }) => {
					await PodCheckInModel.deleteMany({ userId: id })
					await PodCheckInModel.updateMany({ cheers: id }, { $pull: { cheers: id } })
				},
			},
		],
	},
	{
		model: PodReplyModel,
		memberFields: ['userId'],
		stored: "Your replies to your pod's check-ins.",
		retention: UNTIL_DELETED,
		export: { inSection: 'pods' },
		erase: [
			{ phase: 'records', what: 'replies to check-ins', run: ({ id }) => PodReplyModel.deleteMany({ userId: id }) },
		],
	},
	{
		model: ReportModel,
		memberFields: ['reporterId'],
		alsoNames: {
			authorId:
				"the reported message's author: the report stays as evidence when they leave, as their room messages do",
			resolvedBy: 'the moderator who resolved it: a moderation decision stays when the moderator leaves',
		},
		stored: 'Reports you filed about messages: the words reported, your reason and details.',
		retention:
			'Kept after you delete your account, as moderation evidence; moderators then see them as filed by "Former member".',
		export: { section: 'reportsFiled', collect: reportsFiledBy },
		erase: [],
		kept: 'A report is moderation evidence with a copy of the words reported (decision 112); the queue names a reporter whose account is gone "Former member".',
	},
	{
		model: BlockModel,
		memberFields: ['blockerId', 'blockedId'],
		stored: 'The members you blocked, and that someone blocked you (which only stops their private messages).',
		retention: UNTIL_DELETED,
		// The members one blocked, by name only; that someone blocked the member is that someone's choice, not exported.
		export: { section: 'blockedMembers', collect: blockedMembersOf },
		erase: [{ phase: 'records', what: 'blocks, by and of the member', run: ({ id }) => deleteBlocksOf(id) }],
	},
	{
		model: MuteModel,
		memberFields: ['userId'],
		alsoNames: { mutedBy: 'the moderator who muted the member: the mute stays in force if that moderator leaves' },
		stored: 'A mute a moderator placed on you: until when, and why.',
		retention: 'Until it ends or is lifted, or you delete your account. The audit log keeps that it happened.',
		export: { section: 'mute', collect: exportOwnMute },
		erase: [{ phase: 'records', what: 'a mute in force', run: ({ id }) => deleteMuteOf(id) }],
	},
	{
		model: NotificationModel,
		memberFields: ['recipientId'],
		stored: 'Your notifications: new messages, mentions, events, lessons and billing notices.',
		retention: UNTIL_DELETED,
		export: { section: 'notifications', collect: exportNotifications },
		erase: [
			{
				phase: 'records',
				what: 'notifications',
				run: ({ id }) => NotificationModel.deleteMany({ recipientId: id }),
			},
		],
	},
	{
		model: MessageModel,
		memberFields: ['senderId', 'recipientId'],
		alsoNames: {
			deletedBy:
				'who deleted a message (its author or a moderator): the deletion stays on the record when they leave (decision 110)',
		},
		stored: 'The messages you write, in community rooms and in private conversations.',
		retention:
			'Private messages, sent and received: until you delete your account (they go for both people). Room messages: kept, shown as written by "Deleted member".',
		export: { section: 'messages', collect: exportMessages },
		erase: [
			{
				// Both sides: a conversation is opened by the other member's account, which no longer exists (decision 125).
				phase: 'records',
				what: 'private messages, sent and received',
				run: ({ id }) => MessageModel.deleteMany({ isPrivate: true, $or: [{ senderId: id }, { recipientId: id }] }),
			},
		],
		kept: 'Room messages stay with their words, so the conversations they belong to still read; a sender whose account is gone is shown as "Deleted member" (decision 125).',
	},
	{
		model: DiscussionPostModel,
		memberFields: ['authorId'],
		alsoNames: {
			deletedBy:
				'who deleted a post (its author or a moderator): the deletion stays on the record when they leave, as for messages',
		},
		stored: 'The discussion posts and comments you write.',
		retention:
			'Kept after you delete your account, shown as written by "Deleted member", so the discussions still read.',
		export: { section: 'discussions', collect: discussionsWrittenBy },
		erase: [],
		kept: 'Posts stay with their words, like room messages, so their comments still read; an author whose account is gone is shown as "Deleted member" (decision 160).',
	},
	{
		model: DiscussionCommentModel,
		memberFields: ['authorId'],
		alsoNames: { deletedBy: 'who deleted a comment (its author or a moderator): kept on the record, as for posts' },
		stored: 'The comments you write on discussion posts.',
		retention: 'Kept after you delete your account, shown as written by "Deleted member".',
		// With the posts: one section of what the member wrote in the discussions.
		export: { inSection: 'discussions' },
		erase: [],
		kept: 'Comments stay with their words, so the threads they belong to still read; their author is shown as "Deleted member" (decision 160).',
	},
	{
		model: DiscussionReactionModel,
		memberFields: ['userId'],
		stored: 'Your reactions to posts and comments (Like, Insightful, Celebrate).',
		retention: UNTIL_DELETED,
		export: { section: 'reactions', collect: reactionsGivenBy },
		// Counts are counted from the reactions, so every count follows.
		erase: [{ phase: 'records', what: 'discussion reactions', run: ({ id }) => deleteReactionsOf(id) }],
	},
	{
		model: DiscussionFollowModel,
		memberFields: ['userId'],
		stored: 'The discussions you follow, so we tell you about new comments.',
		retention: 'Until you stop following, or delete your account.',
		export: { section: 'followedDiscussions', collect: followsOf },
		erase: [{ phase: 'records', what: 'followed discussions', run: ({ id }) => deleteFollowsOf(id) }],
	},
	{
		model: SearchTermModel,
		memberFields: ['authorIds'],
		stored:
			'The words the search finds you by (your name, username and directory profile, unless you hide from the directory) and the words of your posts and comments, as an index.',
		retention:
			'Your profile words: until you hide from the directory or delete your account. The words of your posts and comments: as long as they stay, like them.',
		export: { omitted: 'an index drawn from the profile and the discussions, which their sections hold' },
		erase: [{ phase: 'records', what: 'the member in search results', run: ({ id }) => dropMemberFromSearch(id) }],
		kept: 'The words of posts and comments stay in the index as long as the posts and comments stay, shown as written by "Deleted member" (decision 166).',
	},
	{
		model: AccountTokenModel,
		memberFields: ['userId'],
		stored:
			'Password-reset and email-change links we mailed you (only a fingerprint of each), and the new address you asked to change to.',
		retention:
			'A day after the link expires (an hour for a reset, a day for an email change), or until you delete your account.',
		// The address waiting for confirmation is the profile's `pendingEmail`; the links themselves are secrets.
		export: { inSection: 'profile' },
		erase: [
			{
				phase: 'records',
				what: 'password reset and email change links',
				run: ({ id }) => deleteAccountTokensOf(id),
			},
		],
	},
	{
		model: MessageEmailStateModel,
		memberFields: ['recipientId', 'senderId'],
		stored: 'When we last emailed you about private messages from each member, so we send at most one an hour.',
		retention: UNTIL_DELETED,
		export: { omitted: 'bookkeeping of the emails sent, not something the member wrote or chose' },
		erase: [
			{
				phase: 'records',
				what: 'private-message email state, as recipient and as sender',
				run: ({ id }) => deleteMessageEmailStateOf(id),
			},
		],
	},
	{
		model: CalendarFeedModel,
		memberFields: ['userId'],
		stored: 'Your private calendar feed address (only a fingerprint of it).',
		retention: 'Until you reset it or delete your account.',
		export: { omitted: 'only the hash of a secret address is stored, and the export never carries a secret' },
		erase: [{ phase: 'records', what: 'the private calendar feed address', run: ({ id }) => deleteCalendarFeedOf(id) }],
	},
	{
		model: ConversationModel,
		memberFields: ['ownerId', 'otherUserId'],
		alsoNames: { 'lastMessage.senderId': 'always the owner or the other member, so the entry goes with either' },
		stored: 'Your list of private conversations: with whom, the last message, how many are unread.',
		retention: 'Until you, or the other member, delete the account.',
		export: { omitted: 'drawn from the private messages, which the messages section holds' },
		erase: [
			{
				// After the private messages (this entry comes after theirs): the member's conversations leave everyone's
				// lists, and whoever had not read this member's messages has one unread conversation fewer. Decision 087.
				phase: 'records',
				what: 'conversation entries, their own and those naming them',
				run: ({ id }) => deleteConversationEntriesOf(id),
			},
		],
	},
	{
		model: SessionModel,
		memberFields: ['userId'],
		stored: 'Your login sessions, one per browser you are logged in on.',
		retention: 'Until you log out or it expires (after 30 days), or you delete your account.',
		export: { omitted: "a session's id is the key to the account" },
		erase: [
			{
				// Before any record goes (after the subscription, which comes earlier in this list): a page or socket still
				// open cannot write anything new while the member's data is erased.
				phase: 'first',
				what: 'every session and chat socket of the account',
				run: ({ id }) => endAllSessions(id),
			},
		],
	},
	{
		model: PushDeviceModel,
		memberFields: ['userId'],
		stored:
			'The browsers where you turned push notifications on: which browser on which system, since when, the last push, and the address and keys their push service gave them.',
		retention:
			'Until you turn push off there, log out of that browser (or its login ends after 30 days), its push service says it is gone, or you delete your account.',
		// Its push address and keys are secrets of the browser, like a session id: the export lists the devices only.
		export: { section: 'pushDevices', collect: exportPushDevices },
		erase: [
			{
				// With the sessions: nothing more is pushed while the rest of the member's data goes (decision 181).
				phase: 'first',
				what: 'the devices with push notifications on',
				run: ({ id }) => deletePushDevicesOf(id),
			},
		],
	},
	{
		model: PushDeliveryModel,
		memberFields: ['userId'],
		stored: 'Which notification we pushed to which of your devices, and when: so each is pushed once.',
		retention: 'A week after it is sent (a month when it could not be), or until you delete your account.',
		export: { omitted: 'bookkeeping of the pushes sent; the notifications section holds what they said' },
		erase: [
			{ phase: 'records', what: 'push notifications, waiting or sent', run: ({ id }) => deletePushDeliveriesOf(id) },
		],
	},
	{
		model: UniqueClaimModel,
		memberFields: ['userId'],
		stored: 'Your username and email address, held for your account alone.',
		retention: 'Until you delete your account; then anyone may use them.',
		export: { omitted: 'the same username and address as the profile' },
		erase: [
			{
				// Only now: until the account is gone its username and address are still its own (decision 136).
				phase: 'after account',
				what: 'the username and email address, free again',
				run: ({ id }) => releaseAllClaimsOf(id),
			},
		],
	},
	{
		model: SubscriptionEventModel,
		memberFields: ['userId'],
		stored: "Each change of your subscription's status (a trial started, a plan turned paid or ended), and when.",
		retention:
			'Kept after you delete your account, linked to no account, for the monthly counts of trials and cancellations.',
		export: { omitted: "the subscription section holds today's status; these are the business counts (decision 116)" },
		erase: [],
		kept: 'The insights count trials, conversions and churn per month from these (decision 116); once the account is gone the id names nobody.',
	},
	{
		model: AuditEntryModel,
		memberFields: ['actorId'],
		stored:
			"The audit log: what staff did, and changes to members' access (a role, a mute, a subscription, a deletion), with names as they were.",
		retention: 'Kept for good and never rewritten, also after the account is deleted.',
		export: { omitted: 'the business record of administrative actions (decision 114)' },
		erase: [],
		// targetId names a member too when targetType is 'user' (a role change, a mute, a deletion): kept alike.
		kept: 'The audit log is never changed or deleted (decision 114); the deletion itself is recorded in it.',
	},
	{
		model: OutboxMailModel,
		memberFields: ['to'],
		stored: 'The emails we send you, while they wait to go out and for a while after.',
		retention:
			'Deleted 30 days after sending (90 days when it could not be sent), whether or not you keep your account.',
		export: { omitted: 'the member has the emails themselves' },
		erase: [],
		kept: 'Mail already queued still goes out, the goodbye mail among it; the outbox purges each mail by its purgeAt (decision 120).',
	},
]

/**
 * Models with a field that names a member and no entry above, each with why:
 * what they hold is the business's, not the member's.
 */
export const NOT_MEMBER_DATA: Readonly<Record<string, string>> = {
	Video:
		"Catalogue content. createdBy is the staff member who added it, kept when they leave (the admin tables then show 'User #id'); announcedThroughUserId is the new-lesson job's cursor (decision 104).",
	Community: 'Catalogue content: a room. createdBy is the staff member who made it, kept when they leave.',
	Event: 'Catalogue content: an event. createdBy is the staff member who scheduled it, kept when they leave.',
	Resource: 'Catalogue content: a lesson resource. createdBy is the staff member who added it, kept when they leave.',
	MediaAsset:
		"Catalogue content: a lesson's uploaded video and its stream. createdBy is the staff member who uploaded it, kept when they leave (decision 175).",
	Program: 'Catalogue content: a program. createdBy is the staff member who made it, kept when they leave.',
}

/** Every erase step, in the order deleting an account runs them: phase by phase, each in the order of the registry. */
export function eraseStepsInOrder(): EraseStep[] {
	return ERASE_PHASES.flatMap((phase) =>
		PERSONAL_DATA.flatMap((entry) => entry.erase.filter((step) => step.phase === phase)),
	)
}

/** What the privacy page can say: each kind of data, and for how long it is kept, in the registry's order. */
export function describePersonalData(): Array<{ stored: string; retention: string }> {
	return PERSONAL_DATA.map(({ stored, retention }) => ({ stored, retention }))
}

// ---------------------------------------------------------------------------
// The export sections that are not a service's own function
// ---------------------------------------------------------------------------

/** The account, the address waiting for confirmation, and the communities joined (by name as well as id). */
async function exportProfile(userId: number) {
	const user = await getUserById(userId)
	if (!user) throw notFound('User not found')
	return {
		...user,
		pendingEmail: await getPendingEmail(userId),
		communities: (await joinedCommunities(user)).map(({ id, name }) => ({ id, name })),
	}
}

async function exportSubscription(userId: number) {
	return { ...billingStatusOf(await getBillingAccount(userId)), simulatedInvoices: await listSimulatedInvoices(userId) }
}

async function exportProgress(userId: number) {
	const records = await ProgressModel.find({ userId }).sort({ videoId: 1 }).lean<Progress[]>()
	return records.map(toProgressJSON)
}

/** The members one blocked: their names only, as for the people one wrote to. */
async function blockedMembersOf(userId: number) {
	return (await listBlockedMembers({ id: userId })).map((member) => ({
		name: member.name,
		blockedAt: member.blockedAt,
	}))
}

/** Notifications whose text quotes what another member wrote: the export keeps that they came, not the words. */
const QUOTING_KINDS: ReadonlySet<Notification['kind']> = new Set([
	'private_message',
	'mention',
	'discussion_comment',
	'discussion_mention',
])

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
