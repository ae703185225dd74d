import mongoose from 'mongoose'
import {
	CaptionTrackModel,
	CommunityModel,
	EventModel,
	LessonChaptersModel,
	MessageModel,
	ProgressModel,
	ResourceModel,
	RsvpModel,
	SimulatedInvoiceModel,
	UserModel,
	VideoModel,
	conversationKeyOf,
	nextId,
	type CounterName,
	type Role,
} from '#models/index'
import {
	DEMO_LESSONS,
	DEMO_PORTRAITS,
	demoLessonCaptions,
	demoLessonChapters,
	demoLessonCover,
	demoLessonMedia,
	demoPortrait,
} from '~/demo/catalogue.server'
import { parseWebVTT } from '~/services/catalogue/webvtt.server'
import { notify } from '~/services/notifications/notifications.server'
import { rebuildConversationEntries } from '~/services/chat/private-inbox.server'
import { recordSimulatedInvoice } from '~/services/billing/subscription-store.server'
import {
	ORIGINAL_JOINED_DAYS_AGO,
	historyRoomMessages,
	seedAuditHistory,
	seedHistoryMembers,
	seedHistoryProgress,
	seedModerationDemo,
	seedSubscriptionHistory,
} from '~/demo/history.server'
import { hashPassword } from '~/services/account/password.server'
import { seedDemoDiscussions } from '~/demo/discussions.server'
import { seedDemoPrograms } from '~/demo/programs.server'
import { seedDemoPods } from '~/demo/pods.server'
import { rebuildSearchIndex } from '~/services/search/index-job.server'

/**
 * Realistic demo content for `npm run seed` and for the embedded database,
 * which seeds itself when empty. Idempotent: an entity that already exists
 * (same username, title or name) is left as it is.
 */

export const DEMO_PASSWORD = 'password123'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

export const DEMO_ACCOUNTS: Array<{
	username: string
	name: string
	email: string
	role: Role
	subscription: 'inactive' | 'trialing' | 'active'
	bio: string
}> = [
	{
		username: 'admin',
		name: 'Alex Morgan',
		email: 'admin@example.com',
		role: 'admin',
		subscription: 'active',
		bio: 'Community administrator and executive coach.',
	},
	{
		username: 'manager',
		name: 'Priya Patel',
		email: 'manager@example.com',
		role: 'content_manager',
		subscription: 'active',
		bio: 'Curates the video library and the resource collection.',
	},
	{
		username: 'moderator',
		name: 'Jordan Lee',
		email: 'moderator@example.com',
		role: 'moderator',
		subscription: 'active',
		bio: 'Keeps our discussions welcoming and on topic.',
	},
	{
		username: 'member',
		name: 'Sam Rivera',
		email: 'member@example.com',
		role: 'member',
		subscription: 'inactive',
		bio: 'First-time team lead, learning as I go.',
	},
	{
		username: 'premium',
		name: 'Taylor Brooks',
		email: 'premium@example.com',
		role: 'member',
		subscription: 'trialing',
		bio: 'Engineering manager growing into a director role.',
	},
	{
		username: 'maria',
		name: 'Maria Gonzalez',
		email: 'maria@example.com',
		role: 'member',
		subscription: 'active',
		bio: 'VP of Operations, mentor for new managers.',
	},
	{
		username: 'david',
		name: 'David Kim',
		email: 'david@example.com',
		role: 'member',
		subscription: 'active',
		bio: 'Startup founder scaling a team of 40.',
	},
]

/** The five shared clips of the first demo (every lesson 2 minutes long), removed when each lesson got its own. */
const RETIRED_DEMO_CLIPS = [
	'leadership-fundamentals',
	'communication',
	'strategy',
	'team-building',
	'premium-lesson',
].map((name) => `/media/${name}.mp4`)

const DEMO_COMMUNITIES = [
	{ name: 'Executive Leadership', icon: 'EL', description: 'Senior leaders on strategy, boards and leading leaders.' },
	{ name: 'New Managers', icon: 'NM', description: 'Your first years of managing people: questions welcome.' },
	{ name: 'Women in Leadership', icon: 'WL', description: 'Support, mentoring and stories from women who lead.' },
	{ name: 'Remote Team Leaders', icon: 'RT', description: 'Leading distributed teams across time zones.' },
]

const DEMO_RESOURCES = [
	{
		title: 'One-on-One Meeting Template',
		type: 'template',
		url: '/resources/one-on-one-template.txt',
		description: 'A printable agenda for productive weekly one-on-ones.',
	},
	{
		title: 'Feedback Conversation Worksheet',
		type: 'worksheet',
		url: '/resources/feedback-worksheet.txt',
		description: 'Prepare a feedback conversation in five steps.',
	},
	{
		title: 'Leadership Principles Handbook',
		type: 'pdf',
		url: '/resources/leadership-principles.pdf',
		description: 'Our ten principles of everyday leadership, in one short PDF.',
	},
	{
		title: 'The Manager Transition Guide',
		type: 'article',
		url: 'https://en.wikipedia.org/wiki/Management',
		description: 'What changes when you move from doing the work to leading it.',
	},
	{
		title: 'Recommended Reading: The Five Dysfunctions of a Team',
		type: 'book',
		url: 'https://en.wikipedia.org/wiki/The_Five_Dysfunctions_of_a_Team',
		description: 'A classic fable about trust, conflict and accountability.',
	},
	{
		title: 'Team Health Check Tool',
		type: 'tool',
		url: '/resources/team-health-check.txt',
		description: 'A quarterly survey to spot team problems early.',
	},
	{
		title: 'Goal-Setting Framework (OKRs)',
		type: 'link',
		url: 'https://en.wikipedia.org/wiki/Objectives_and_key_results',
		description: 'An introduction to objectives and key results.',
	},
]

async function createWithId<T>(
	model: { create: (doc: T & { id: number }) => Promise<unknown> },
	counter: CounterName,
	doc: T,
) {
	await model.create({ ...doc, id: await nextId(counter) })
}

/** Seeds the demo data. Returns false when `onlyIfEmpty` is set and the database already has users. */
export async function seedDemoData({ onlyIfEmpty = false } = {}): Promise<boolean> {
	if (onlyIfEmpty && (await UserModel.estimatedDocumentCount()) > 0) return false
	const now = Date.now()
	const passwordHash = await hashPassword(DEMO_PASSWORD)

	for (const account of DEMO_ACCOUNTS) {
		if (await UserModel.exists({ usernameKey: account.username })) continue
		await createWithId(UserModel, 'users', {
			username: account.username,
			usernameKey: account.username,
			passwordHash,
			name: account.name,
			email: account.email,
			bio: account.bio,
			role: account.role,
			subscriptionStatus: account.subscription,
			trialEndsAt: account.subscription === 'trialing' ? new Date(now + 30 * DAY) : null,
			// A simulated trial's period is the trial (docs/decisions/124): the Billing tab can cancel and resume it.
			currentPeriodEnd: account.subscription === 'trialing' ? new Date(now + 30 * DAY) : null,
			trialUsedAt: account.subscription === 'trialing' ? new Date(now) : null,
			createdAt: new Date(now - (ORIGINAL_JOINED_DAYS_AGO[account.username] ?? 0) * DAY),
		})
	}
	// Members who joined over the last twelve weeks (the Insights tab's history).
	await seedHistoryMembers(now, passwordHash)
	// Demo members with a drawn portrait get it, unless they chose a picture of their own.
	for (const username of DEMO_PORTRAITS)
		await UserModel.updateOne({ usernameKey: username, avatar: null }, { $set: { avatar: demoPortrait(username) } })
	const userIds = new Map(
		(await UserModel.find().select('id usernameKey').lean()).map((user) => [user.usernameKey, user.id]),
	)
	const adminId = userIds.get('admin')!
	const managerId = userIds.get('manager')!

	// The trial's $0.00 invoice, as simulated billing writes one when a trial starts: the Billing tab lists it.
	const premiumId = userIds.get('premium')
	const premiumTrial = premiumId
		? await UserModel.findOne({ id: premiumId, subscriptionStatus: 'trialing' })
				.select('trialEndsAt trialUsedAt')
				.lean()
		: null
	if (premiumId && premiumTrial?.trialEndsAt && !(await SimulatedInvoiceModel.exists({ userId: premiumId }))) {
		const start = premiumTrial.trialUsedAt ?? new Date(premiumTrial.trialEndsAt.getTime() - 30 * DAY)
		await recordSimulatedInvoice(premiumId, {
			start,
			end: premiumTrial.trialEndsAt,
			amountCents: 0,
			description: 'Premium: free trial',
		})
	}

	// The lessons, each with its own clip and cover, and its true length in minutes (docs/decisions/069).
	for (const lesson of DEMO_LESSONS) {
		const media = { url: demoLessonMedia(lesson), thumbnail: demoLessonCover(lesson), duration: lesson.minutes }
		// A database seeded before the demo had a clip per lesson points at clips that are gone: those lessons move to their own.
		await VideoModel.updateOne(
			{ title: lesson.title, url: mongoose.trusted({ $in: RETIRED_DEMO_CLIPS }) },
			{ $set: media },
		)
		if (await VideoModel.exists({ title: lesson.title })) continue
		await createWithId(VideoModel, 'videos', {
			title: lesson.title,
			description: lesson.description,
			...media,
			category: lesson.category,
			createdBy: managerId,
			createdAt: new Date(),
		})
	}

	// Every lesson's English captions and chapters, from its slides at the times they show (docs/decisions/174).
	for (const [index, lesson] of DEMO_LESSONS.entries()) {
		const video = await VideoModel.findOne({ title: lesson.title }).select('id').lean<{ id: number }>()
		if (!video) continue
		if (!(await CaptionTrackModel.exists({ videoId: video.id, language: 'en' }))) {
			// Through the parser, as an upload is: the demo's captions are proved good WebVTT each time they are seeded.
			const { vtt, cues } = await parseWebVTT(demoLessonCaptions(lesson, index))
			await CaptionTrackModel.create({ videoId: video.id, language: 'en', vtt, cues, updatedAt: new Date() })
		}
		if (!(await LessonChaptersModel.exists({ videoId: video.id })))
			await LessonChaptersModel.create({
				videoId: video.id,
				chapters: demoLessonChapters(lesson, index),
				updatedAt: new Date(),
			})
	}

	for (const community of DEMO_COMMUNITIES) {
		if (await CommunityModel.exists({ name: community.name })) continue
		await createWithId(CommunityModel, 'communities', { ...community, createdBy: adminId, createdAt: new Date() })
	}

	const events = [
		{
			title: 'Quarterly Strategy Review (Replay)',
			offset: -30 * DAY,
			hours: 1.5,
			location: 'Online',
			description: 'How our executive members ran their Q3 planning.',
			replay: 'Setting a Clear Direction',
		},
		{
			title: 'Fireside Chat: Leading Remote Teams',
			offset: -10 * DAY,
			hours: 1,
			location: null,
			description: 'Maria Gonzalez on trust at a distance.',
		},
		{ title: 'New Manager Q&A', offset: -2 * DAY, hours: 1, location: 'Online', description: null },
		// Starts within the hour with a meeting link: members going see 'Join Now' from 15 minutes before.
		{
			title: 'Live Coaching Circle',
			offset: 30 * 60 * 1000,
			hours: 1,
			location: 'Online',
			description: 'Bring a real challenge; leave with three options.',
			meetingUrl: 'https://meet.example.com/leaderforge-coaching-circle',
		},
		{
			title: 'Feedback Skills Workshop',
			offset: 3 * DAY,
			hours: 2,
			location: 'Online',
			description: 'Practise the feedback model from the Communication course.',
			meetingUrl: 'https://meet.example.com/leaderforge-feedback-workshop',
		},
		{
			title: 'Women in Leadership Meetup',
			offset: 5 * DAY + 3 * HOUR,
			hours: null,
			location: 'London, UK',
			description: 'An evening of stories and networking.',
		},
		{
			title: 'Annual Leadership Summit',
			offset: 21 * DAY,
			hours: 6,
			location: 'San Francisco, CA',
			description: 'A full day of talks, workshops and peer groups.',
		},
		{
			title: 'Strategy Masterclass',
			offset: 40 * DAY,
			hours: 2,
			location: 'Online',
			description: 'From vision to quarterly priorities.',
		},
	]
	for (const event of events as Array<(typeof events)[number] & { meetingUrl?: string; replay?: string }>) {
		if (await EventModel.exists({ title: event.title })) continue
		const startTime = new Date(now + event.offset)
		const replay = event.replay ? await VideoModel.findOne({ title: event.replay }).select('id').lean() : null
		await createWithId(EventModel, 'events', {
			title: event.title,
			description: event.description,
			startTime,
			endTime: event.hours === null ? null : new Date(startTime.getTime() + event.hours * HOUR),
			location: event.location,
			meetingUrl: event.meetingUrl ?? null,
			replayVideoId: replay?.id ?? null,
			createdBy: adminId,
			createdAt: new Date(),
		})
	}

	// Who is going to what (product §2 "Events"): the premium member to the next two sessions.
	const rsvps: Array<[string, string]> = [
		['premium', 'Live Coaching Circle'],
		['maria', 'Live Coaching Circle'],
		['david', 'Live Coaching Circle'],
		['premium', 'Feedback Skills Workshop'],
		['maria', 'Women in Leadership Meetup'],
		['member', 'Women in Leadership Meetup'],
	]
	for (const [username, title] of rsvps) {
		const event = await EventModel.findOne({ title }).select('id').lean()
		if (!event) continue
		const userId = userIds.get(username)!
		await RsvpModel.updateOne(
			{ eventId: event.id, userId },
			{ $setOnInsert: { eventId: event.id, userId, going: true, updatedAt: new Date(now - DAY) } },
			{ upsert: true },
		)
	}

	for (const resource of DEMO_RESOURCES) {
		if (await ResourceModel.exists({ title: resource.title })) continue
		await createWithId(ResourceModel, 'resources', { ...resource, createdBy: managerId, createdAt: new Date() })
	}

	// Programs built from the lessons, and the members' work in them; before the messages below, whose notifications are newer.
	await seedDemoPrograms(now, userIds)

	const roomIds = (await CommunityModel.find().sort({ id: 1 }).limit(4).select('id').lean()).map((c) => c.id)
	if ((await MessageModel.estimatedDocumentCount()) === 0) {
		// Weeks of older room messages first, so ids keep following time.
		for (const message of historyRoomMessages(now, userIds, roomIds.slice(0, 3)))
			await createWithId(MessageModel, 'messages', message)
		const communityIds = roomIds.slice(0, 3)
		const conversation: Array<[string, number, string]> = [
			['maria', 0, 'Welcome everyone! What is the one leadership habit you are working on this month?'],
			['david', 0, 'Saying no to good ideas so we can finish the great ones. Harder than it sounds.'],
			['admin', 0, 'Reminder: the quarterly strategy review replay is on the Events page.'],
			['premium', 1, 'First week managing my former peers. Any advice on the first one-on-ones?'],
			['maria', 1, 'Ask each of them what they want from you as a manager, and write it down. Then follow up.'],
			['moderator', 1, 'The "Running One-on-Ones That Matter" lesson covers exactly this.'],
			['maria', 2, 'Our meetup is next week. Who is joining in person?'],
		]
		let minutesAgo = conversation.length * 7
		for (const [username, room, content] of conversation) {
			const communityId = communityIds[room]
			if (communityId === undefined) continue
			await createWithId(MessageModel, 'messages', {
				content,
				senderId: userIds.get(username)!,
				communityId,
				recipientId: null,
				isPrivate: false,
				createdAt: new Date(now - (minutesAgo -= 7) * 60_000 - 60 * 60_000),
			})
		}
		// A mention of the premium member, which the seed announces below as the app would.
		const mentionRoom = communityIds[1]
		if (mentionRoom !== undefined) {
			await createWithId(MessageModel, 'messages', {
				content: '@premium the Feedback Skills Workshop this week is a good next step. See you there?',
				senderId: userIds.get('maria')!,
				communityId: mentionRoom,
				recipientId: null,
				isPrivate: false,
				createdAt: new Date(now - 20 * 60_000),
			})
		}
		// [from, to, content, read]: the premium member has two conversations with unread messages.
		const privateMessages: Array<[string, string, string, boolean]> = [
			[
				'premium',
				'member',
				'Hi Sam! Saw your question in New Managers. Happy to share my notes from the feedback course.',
				true,
			],
			['member', 'premium', 'That would be great, thank you!', false],
			['maria', 'premium', 'Loved your question in New Managers. Want to pair up for the coaching circle?', false],
		]
		for (const [from, to, content, read] of privateMessages) {
			const senderId = userIds.get(from)!
			const recipientId = userIds.get(to)!
			const createdAt = new Date(now - (minutesAgo -= 3) * 60_000)
			await createWithId(MessageModel, 'messages', {
				content,
				senderId,
				recipientId,
				communityId: null,
				conversationKey: conversationKeyOf(senderId, recipientId),
				isPrivate: true,
				createdAt,
				readAt: read ? createdAt : null,
			})
		}
		// What the app would have told the premium member about the above (product §2 "Notifications").
		const premiumId = userIds.get('premium')!
		await notify(premiumId, {
			kind: 'mention',
			title: 'Maria Gonzalez mentioned you in New Managers',
			text: '@premium the Feedback Skills Workshop this week is a good next step. See you there?',
			link: mentionRoom === undefined ? '/community' : `/community/${mentionRoom}`,
		})
		for (const [from, name, text] of [
			['member', 'Sam Rivera', 'That would be great, thank you!'],
			['maria', 'Maria Gonzalez', 'Loved your question in New Managers. Want to pair up for the coaching circle?'],
		] as const) {
			const senderId = userIds.get(from)!
			await notify(premiumId, {
				kind: 'private_message',
				title: `New message from ${name}`,
				text,
				link: `/messages?userId=${senderId}`,
				groupKey: `pm:${senderId}`,
			})
		}
		const newLesson = await VideoModel.findOne({ title: 'Measuring What Matters' })
			.select('id title description')
			.lean()
		if (newLesson) {
			await notify(premiumId, {
				kind: 'new_video',
				title: `New lesson: ${newLesson.title}`,
				text: newLesson.description ?? 'A new lesson is in the library.',
				link: `/content-library/${newLesson.id}`,
				onceKey: `new_video:${newLesson.id}`,
			})
		}
	}

	await seedModerationDemo(now, userIds, roomIds)
	// Discussions in the default communities, the demo members' memberships and directory profiles.
	await seedDemoDiscussions(now, userIds)
	await seedSubscriptionHistory(now, userIds)
	await seedHistoryProgress(now, userIds)
	await seedAuditHistory(now)

	const progress: Array<[string, number, number]> = [
		['premium', 1, 100],
		['premium', 3, 40],
		['premium', 6, 15],
		['member', 1, 60],
		['member', 2, 100],
	]
	for (const [username, videoId, percent] of progress) {
		const userId = userIds.get(username)!
		if (await ProgressModel.exists({ userId, videoId })) continue
		await createWithId(ProgressModel, 'progress', {
			userId,
			videoId,
			progress: percent,
			completed: percent >= 95,
			updatedAt: new Date(now - videoId * HOUR),
		})
	}
	// The private messages above were written directly: each member's conversation entries are built from them.
	await rebuildConversationEntries()
	// Peer pods, after the rooms' messages, so their rooms' ids follow the communities' (issue 29).
	await seedDemoPods(now)
	// So was everything the global search finds: its index is built from it all again (docs/decisions/166).
	await rebuildSearchIndex({ fromScratch: true })
	return true
}
