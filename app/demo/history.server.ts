import mongoose from 'mongoose'
import {
	AuditEntryModel,
	MessageModel,
	MuteModel,
	ProgressModel,
	ReportModel,
	SubscriptionEventModel,
	UserModel,
	conversationKeyOf,
	nextId,
	type SubscriptionEvent,
} from '#models/index'
import { SYSTEM_ACTOR_NAME, type AuditKind } from '~/lib/audit'

/**
 * The demo's history (part of `seedDemoData`): members who joined over the
 * last twelve weeks, their trials, conversions and cancellations, their
 * lessons and room messages, so the Insights tab has something real to
 * draw; and the moderation demo: open reports, a muted member, a resolved
 * report and audit log entries. Deterministic (dates count back from the
 * seed's `now`) and idempotent, like the rest of the demo data.
 */

const DAY = 24 * 60 * 60 * 1000
const MINUTE = 60 * 1000

type Plan = 'converted' | 'churned' | 'trial' | 'free'

/** Names include an apostrophe and quotes on purpose: the members CSV quotes them. */
export const HISTORY_MEMBERS: Array<{
	username: string
	name: string
	joinedDaysAgo: number
	plan: Plan
	activeDaysAgo: number | null
	bio: string
}> = [
	{
		username: 'casey',
		name: 'Casey Quinn',
		joinedDaysAgo: 80,
		plan: 'converted',
		activeDaysAgo: 0,
		bio: 'Sales lead. Loud opinions.',
	},
	{
		username: 'jamie',
		name: 'Jamie Fox',
		joinedDaysAgo: 76,
		plan: 'churned',
		activeDaysAgo: 20,
		bio: 'Operations manager.',
	},
	{
		username: 'noah',
		name: 'Noah Williams',
		joinedDaysAgo: 70,
		plan: 'converted',
		activeDaysAgo: 3,
		bio: 'Head of product at a fintech.',
	},
	{
		username: 'olivia',
		name: 'Olivia Chen',
		joinedDaysAgo: 63,
		plan: 'converted',
		activeDaysAgo: 0,
		bio: 'Engineering director, two teams.',
	},
	{
		username: 'liam',
		name: "Liam O'Brien",
		joinedDaysAgo: 58,
		plan: 'free',
		activeDaysAgo: 12,
		bio: 'Team lead in a retail chain.',
	},
	{
		username: 'emma',
		name: 'Emma Schmidt',
		joinedDaysAgo: 52,
		plan: 'converted',
		activeDaysAgo: 2,
		bio: 'HR business partner.',
	},
	{
		username: 'lucas',
		name: 'Lucas Rossi',
		joinedDaysAgo: 45,
		plan: 'churned',
		activeDaysAgo: 40,
		bio: 'Restaurant group manager.',
	},
	{
		username: 'ava',
		name: 'Ava Johnson',
		joinedDaysAgo: 39,
		plan: 'converted',
		activeDaysAgo: 5,
		bio: 'Nonprofit programme director.',
	},
	{
		username: 'ethan',
		name: 'Ethan Brown',
		joinedDaysAgo: 33,
		plan: 'free',
		activeDaysAgo: null,
		bio: 'Just looking around.',
	},
	{
		username: 'mia',
		name: 'Mia Garcia',
		joinedDaysAgo: 27,
		plan: 'trial',
		activeDaysAgo: 1,
		bio: 'New manager in a hospital.',
	},
	{
		username: 'zoe',
		name: 'Zoë Dubois',
		joinedDaysAgo: 22,
		plan: 'trial',
		activeDaysAgo: 4,
		bio: 'Design lead, Paris.',
	},
	{ username: 'omar', name: 'Omar Haddad', joinedDaysAgo: 18, plan: 'free', activeDaysAgo: 9, bio: 'Site supervisor.' },
	{
		username: 'sofia',
		name: 'Sofia Costa',
		joinedDaysAgo: 12,
		plan: 'trial',
		activeDaysAgo: 0,
		bio: 'Customer success lead.',
	},
	{
		username: 'kai',
		name: 'Kai Nakamura',
		joinedDaysAgo: 8,
		plan: 'trial',
		activeDaysAgo: 2,
		bio: 'Founder, team of six.',
	},
	{
		username: 'nina',
		name: 'Nina Petrova',
		joinedDaysAgo: 4,
		plan: 'free',
		activeDaysAgo: 1,
		bio: 'Aspiring manager.',
	},
	{
		username: 'leo',
		name: 'Leo "Coach" Martin',
		joinedDaysAgo: 2,
		plan: 'trial',
		activeDaysAgo: 0,
		bio: 'Sports coach moving into management.',
	},
]

/** How long ago the original demo accounts joined (the staff and the two long-standing members predate the twelve weeks). */
export const ORIGINAL_JOINED_DAYS_AGO: Record<string, number> = {
	admin: 200,
	manager: 190,
	moderator: 120,
	maria: 160,
	david: 110,
}

/** When each member's subscription changed, and to what (the trial lasts 30 days). */
function subscriptionTimeline(member: (typeof HISTORY_MEMBERS)[number], now: number) {
	const joined = now - member.joinedDaysAgo * DAY
	const trialStart = joined + DAY / 2
	const converted = trialStart + 30 * DAY
	const events: Array<Pick<SubscriptionEvent, 'from' | 'to' | 'source'> & { at: number }> = []
	if (member.plan === 'free') return { status: 'inactive', trialEndsAt: null, events }
	events.push({ from: 'inactive', to: 'trialing', source: 'checkout', at: trialStart })
	if (member.plan === 'trial') return { status: 'trialing', trialEndsAt: new Date(trialStart + 30 * DAY), events }
	events.push({ from: 'trialing', to: 'active', source: 'trial_lapsed', at: converted })
	if (member.plan === 'converted') return { status: 'active', trialEndsAt: null, events }
	events.push({ from: 'active', to: 'canceled', source: 'webhook', at: Math.min(now - 2 * DAY, converted + 20 * DAY) })
	return { status: 'canceled', trialEndsAt: null, events }
}

/** The members who joined over the last twelve weeks (skipping any that exist). */
export async function seedHistoryMembers(now: number, passwordHash: string) {
	for (const member of HISTORY_MEMBERS) {
		if (await UserModel.exists({ usernameKey: member.username })) continue
		const { status, trialEndsAt } = subscriptionTimeline(member, now)
		await UserModel.create({
			id: await nextId('users'),
			username: member.username,
			usernameKey: member.username,
			passwordHash,
			name: member.name,
			email: `${member.username}@example.com`,
			bio: member.bio,
			role: 'member',
			subscriptionStatus: status,
			trialEndsAt,
			lastActiveAt: member.activeDaysAgo === null ? null : new Date(now - member.activeDaysAgo * DAY - 3 * 60 * MINUTE),
			createdAt: new Date(now - member.joinedDaysAgo * DAY),
		})
	}
}

/** Trials, conversions and cancellations of the demo members (once). */
export async function seedSubscriptionHistory(now: number, userIds: Map<string, number>) {
	if ((await SubscriptionEventModel.estimatedDocumentCount()) > 0) return
	const events: SubscriptionEvent[] = []
	for (const member of HISTORY_MEMBERS) {
		const userId = userIds.get(member.username)
		if (userId === undefined) continue
		for (const event of subscriptionTimeline(member, now).events)
			events.push({ userId, from: event.from, to: event.to, source: event.source, at: new Date(event.at) })
	}
	// The original demo accounts: Maria and David converted months ago; the premium account's trial started at the seed.
	const earlier: Array<[string, number]> = [
		['maria', 150],
		['david', 100],
	]
	for (const [username, daysAgo] of earlier) {
		const userId = userIds.get(username)
		if (userId === undefined) continue
		events.push({ userId, from: 'inactive', to: 'trialing', source: 'checkout', at: new Date(now - daysAgo * DAY) })
		events.push({
			userId,
			from: 'trialing',
			to: 'active',
			source: 'trial_lapsed',
			at: new Date(now - (daysAgo - 30) * DAY),
		})
	}
	const premium = userIds.get('premium')
	if (premium !== undefined)
		events.push({ userId: premium, from: 'inactive', to: 'trialing', source: 'checkout', at: new Date(now) })
	await SubscriptionEventModel.insertMany(events.sort((a, b) => a.at.getTime() - b.at.getTime()))
}

/** Lesson progress of the demo members: a few lessons each, some completed. */
export async function seedHistoryProgress(now: number, userIds: Map<string, number>) {
	for (const [index, member] of HISTORY_MEMBERS.entries()) {
		const userId = userIds.get(member.username)
		if (userId === undefined || member.activeDaysAgo === null) continue
		const lessons = 2 + (index % 5)
		for (let step = 0; step < lessons; step += 1) {
			const videoId = 1 + ((index + step * 3) % 10)
			if (await ProgressModel.exists({ userId, videoId })) continue
			// Earlier lessons are further along: the first is usually finished.
			const percent = step === 0 ? 100 : Math.max(5, (97 - step * 19 + index * 7) % 101)
			await ProgressModel.create({
				id: await nextId('progress'),
				userId,
				videoId,
				progress: percent,
				completed: percent >= 95,
				updatedAt: new Date(now - (member.activeDaysAgo + step) * DAY),
			})
		}
	}
}

const ROOM_LINES = [
	'What is everyone reading this month?',
	'Tried the one-on-one template this week. My team noticed the difference.',
	'How do you handle a high performer who is hard to work with?',
	'Our reorg lands next month. Any advice on communicating it?',
	'Delegation lesson was a wake-up call for me.',
	'Anyone else running skip-level meetings? How often?',
	'I finally said no to a project. The sky did not fall.',
	'Feedback worksheet helped me prepare a difficult conversation.',
	'Remote retros: what format works for you?',
	'Thank you all for the advice last week, it went well.',
]

/**
 * Room messages spread over the last twelve weeks, oldest first. The caller
 * stores them before the demo's current conversation, so ids keep following
 * time (history is ordered by id).
 */
export function historyRoomMessages(now: number, userIds: Map<string, number>, communityIds: number[]) {
	const posters = HISTORY_MEMBERS.filter((member) => member.plan !== 'free' && member.username !== 'casey')
	const messages: Array<{
		content: string
		senderId: number
		communityId: number
		recipientId: null
		isPrivate: false
		createdAt: Date
	}> = []
	for (let index = 0; index < 36; index += 1) {
		const poster = posters[index % posters.length]!
		const senderId = userIds.get(poster.username)
		const communityId = communityIds[index % communityIds.length]
		const daysAgo = Math.min(poster.joinedDaysAgo - 1, 82 - index * 2.2)
		if (senderId === undefined || communityId === undefined || daysAgo < 1) continue
		messages.push({
			content: ROOM_LINES[index % ROOM_LINES.length]!,
			senderId,
			communityId,
			recipientId: null,
			isPrivate: false,
			createdAt: new Date(now - daysAgo * DAY),
		})
	}
	return messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
}

/**
 * The moderation demo (once): Casey posted spam and a rude private message
 * an hour ago and is muted for 7 days; three open reports wait in the queue
 * (a room message, a private message, an off-topic post) and one report was
 * dismissed. Its messages come after the demo's current conversation.
 */
export async function seedModerationDemo(now: number, userIds: Map<string, number>, communityIds: number[]) {
	if ((await ReportModel.estimatedDocumentCount()) > 0) return
	const id = (username: string) => userIds.get(username)
	const [casey, noah, premium, maria, david, moderator] = [
		'casey',
		'noah',
		'premium',
		'maria',
		'david',
		'moderator',
	].map(id)
	if ([casey, noah, premium, maria, david, moderator].some((value) => value === undefined) || communityIds.length < 2)
		return

	const message = async (doc: {
		content: string
		senderId: number
		communityId?: number
		recipientId?: number
		minutesAgo: number
	}) => {
		const messageId = await nextId('messages')
		const isPrivate = doc.recipientId !== undefined
		await MessageModel.create({
			id: messageId,
			content: doc.content,
			senderId: doc.senderId,
			communityId: doc.communityId ?? null,
			recipientId: doc.recipientId ?? null,
			conversationKey: isPrivate ? conversationKeyOf(doc.senderId, doc.recipientId!) : null,
			isPrivate,
			createdAt: new Date(now - doc.minutesAgo * MINUTE),
		})
		return messageId
	}
	const spam = 'BUY my leadership masterclass for $9.99!!! Link in my profile, limited spots, DM me now'
	const rude = 'Nobody asked for your advice. Stop posting.'
	const offTopic = 'Anyone selling tickets for the game on Saturday?'
	const dismissed = 'Honestly I think most management books are useless.'
	const spamId = await message({ content: spam, senderId: casey!, communityId: communityIds[1], minutesAgo: 50 })
	const rudeId = await message({ content: rude, senderId: casey!, recipientId: premium!, minutesAgo: 45 })
	const offTopicId = await message({ content: offTopic, senderId: noah!, communityId: communityIds[0], minutesAgo: 40 })
	const dismissedId = await message({
		content: dismissed,
		senderId: noah!,
		communityId: communityIds[0],
		minutesAgo: 35,
	})

	const report = async (doc: {
		messageId: number
		reporterId: number
		authorId: number
		reason: 'spam' | 'harassment' | 'off-topic' | 'other'
		details: string | null
		excerpt: string
		communityId: number | null
		minutesAgo: number
		dismissedBy?: number
	}) => {
		await ReportModel.create({
			id: await nextId('reports'),
			messageId: doc.messageId,
			reporterId: doc.reporterId,
			authorId: doc.authorId,
			reason: doc.reason,
			details: doc.details,
			excerpt: doc.excerpt,
			communityId: doc.communityId,
			status: doc.dismissedBy ? 'resolved' : 'open',
			createdAt: new Date(now - doc.minutesAgo * MINUTE),
			resolvedAt: doc.dismissedBy ? new Date(now - (doc.minutesAgo - 10) * MINUTE) : null,
			resolvedBy: doc.dismissedBy ?? null,
			resolution: doc.dismissedBy ? 'dismissed' : null,
			muteHours: null,
		})
	}
	await report({
		messageId: dismissedId,
		reporterId: david!,
		authorId: noah!,
		reason: 'other',
		details: 'Seems dismissive of the whole community.',
		excerpt: dismissed,
		communityId: communityIds[0]!,
		minutesAgo: 34,
		dismissedBy: moderator,
	})
	await report({
		messageId: spamId,
		reporterId: maria!,
		authorId: casey!,
		reason: 'spam',
		details: null,
		excerpt: spam,
		communityId: communityIds[1]!,
		minutesAgo: 30,
	})
	await report({
		messageId: rudeId,
		reporterId: premium!,
		authorId: casey!,
		reason: 'harassment',
		details: 'Second message like this today.',
		excerpt: rude,
		communityId: null,
		minutesAgo: 28,
	})
	await report({
		messageId: offTopicId,
		reporterId: david!,
		authorId: noah!,
		reason: 'off-topic',
		details: null,
		excerpt: offTopic,
		communityId: communityIds[0]!,
		minutesAgo: 20,
	})

	await MuteModel.updateOne(
		{ userId: casey },
		{
			$set: {
				until: new Date(now - 25 * MINUTE + 7 * DAY),
				reason: 'Repeated spam in New Managers',
				mutedBy: moderator,
				createdAt: new Date(now - 25 * MINUTE),
			},
		},
		{ upsert: true },
	)
}

/**
 * The audit log's history (once): who changed what over the last weeks, oldest first. "Once" is
 * "no entry older than a day yet": the demo programs seeded before it issue certificates today,
 * and an empty log as the test would leave the history out (it did, once programs came).
 */
export async function seedAuditHistory(now: number) {
	if (await AuditEntryModel.exists({ createdAt: mongoose.trusted({ $lt: new Date(now - DAY) }) })) return
	const people = new Map(
		(
			await UserModel.find()
				.select('id name role usernameKey')
				.lean<Array<{ id: number; name: string; role: string; usernameKey: string }>>()
		).map((user) => [user.usernameKey, user]),
	)
	const entries: Array<{
		at: number
		actor: string | null
		kind: AuditKind
		type: string
		targetId: number | null
		label: string
		summary: string
		before?: object
		after?: object
	}> = []
	const person = (username: string) => people.get(username)
	const moderator = person('moderator')
	const casey = person('casey')
	if (moderator) {
		entries.push({
			at: now - 60 * DAY,
			actor: 'admin',
			kind: 'user.role_changed',
			type: 'user',
			targetId: moderator.id,
			label: moderator.name,
			summary: `Changed the role of ${moderator.name} from member to moderator`,
			before: { role: 'member' },
			after: { role: 'moderator' },
		})
	}
	entries.push(
		{
			at: now - 50 * DAY,
			actor: 'manager',
			kind: 'video.created',
			type: 'video',
			targetId: 16,
			label: 'Measuring What Matters',
			summary: 'Added video "Measuring What Matters"',
		},
		{
			at: now - 20 * DAY,
			actor: 'manager',
			kind: 'video.updated',
			type: 'video',
			targetId: 13,
			label: 'Presenting to Executives',
			summary: 'Edited video "Presenting to Executives": title, duration',
			before: { title: 'Presenting to the Board', duration: 3 },
			after: { title: 'Presenting to Executives', duration: 2 },
		},
		{
			at: now - 9 * DAY,
			actor: 'admin',
			kind: 'community.updated',
			type: 'community',
			targetId: 4,
			label: 'Remote Team Leaders',
			summary: 'Edited community "Remote Team Leaders": description',
			before: { description: 'Leading remote teams.' },
			after: { description: 'Leading distributed teams across time zones.' },
		},
	)
	for (const member of HISTORY_MEMBERS) {
		const user = person(member.username)
		if (!user) continue
		for (const event of subscriptionTimeline(member, now).events) {
			if (event.source === 'checkout') continue
			const why = event.source === 'trial_lapsed' ? 'the simulated trial ended' : 'Stripe reported it'
			entries.push({
				at: event.at,
				actor: null,
				kind: 'subscription.status_changed',
				type: 'user',
				targetId: user.id,
				label: user.name,
				summary: `Subscription of ${user.name} changed from ${event.from} to ${event.to}: ${why}`,
				before: { subscriptionStatus: event.from },
				after: { subscriptionStatus: event.to },
			})
		}
	}
	const noah = person('noah')
	if (noah)
		entries.push({
			at: now - 24 * MINUTE,
			actor: 'moderator',
			kind: 'report.resolved',
			type: 'report',
			targetId: 1,
			label: `Report of a message by ${noah.name}`,
			summary: `Resolved a report (other) of a message by ${noah.name}: dismissed it`,
			after: { resolution: 'dismissed' },
		})
	if (casey)
		entries.push({
			at: now - 25 * MINUTE,
			actor: 'moderator',
			kind: 'member.muted',
			type: 'user',
			targetId: casey.id,
			label: casey.name,
			summary: `Muted ${casey.name} for 7 days: Repeated spam in New Managers`,
			after: { reason: 'Repeated spam in New Managers' },
		})

	for (const entry of entries.filter((candidate) => candidate.at <= now).sort((a, b) => a.at - b.at)) {
		const actor = entry.actor ? person(entry.actor) : null
		if (entry.actor && !actor) continue
		await AuditEntryModel.create({
			id: await nextId('auditEntries'),
			actorId: actor?.id ?? null,
			actorName: actor?.name ?? SYSTEM_ACTOR_NAME,
			actorRole: actor?.role ?? null,
			kind: entry.kind,
			targetType: entry.type,
			targetId: entry.targetId,
			targetLabel: entry.label,
			summary: entry.summary,
			before: entry.before ?? null,
			after: entry.after ?? null,
			createdAt: new Date(entry.at),
		})
	}
}
