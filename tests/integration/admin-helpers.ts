import mongoose from 'mongoose'
import {
	AuditEntryModel,
	BlockModel,
	CalendarFeedModel,
	CertificateModel,
	CaptionTrackModel,
	CommunityModel,
	DiscussionCommentModel,
	DiscussionFollowModel,
	DiscussionPostModel,
	DiscussionReactionModel,
	EventModel,
	LessonChaptersModel,
	MessageModel,
	MuteModel,
	NoteModel,
	NotificationModel,
	ProgramCheckAttemptModel,
	ProgramEnrolmentModel,
	ProgramItemStateModel,
	ProgramModel,
	ProgressModel,
	ReportModel,
	ResourceModel,
	RsvpModel,
	SearchTermModel,
	SubscriptionEventModel,
	UserModel,
	VideoModel,
} from '#models/index'

/** Shared by the admin integration tests: the demo accounts and a picture of everything the admin panel can change. */

export type DemoAccount = 'admin' | 'manager' | 'moderator' | 'member' | 'premium'

/**
 * Every entity document (users in full, password hashes included), without
 * ObjectIds: equal snapshots mean nothing changed. A user's `lastActiveAt` is
 * left out: any request of a logged-in member, a refused one too, says they
 * were active (docs/decisions/116), which is not a change the request made.
 */
export async function snapshot() {
	const strip = (docs: Array<Record<string, unknown>>) => docs.map(({ _id, ...rest }) => rest)
	const [
		users,
		videos,
		communities,
		events,
		resources,
		progress,
		messages,
		rsvps,
		calendarFeeds,
		readNotifications,
		reports,
		mutes,
		blocks,
		audit,
		subscriptionEvents,
		programs,
		enrolments,
		itemStates,
		checkAttempts,
		certificates,
		captions,
		chapters,
		notes,
		posts,
		comments,
		reactions,
		follows,
		searchTerms,
	] = await Promise.all([
		// Not the activity time, nor the stored Messages badge: both are kept by reading, not by the request's doing. Nor
		// the layout's version (decision 193), which the background jobs' notifications renew at any moment.
		UserModel.find().select('-lastActiveAt -unreadConversations -inboxVersion -layoutVersion').sort({ id: 1 }).lean(),
		VideoModel.find().sort({ id: 1 }).lean(),
		CommunityModel.find().sort({ id: 1 }).lean(),
		EventModel.find().sort({ id: 1 }).lean(),
		ResourceModel.find().sort({ id: 1 }).lean(),
		ProgressModel.find().sort({ id: 1 }).lean(),
		MessageModel.find().sort({ id: 1 }).lean(),
		RsvpModel.find().sort({ eventId: 1, userId: 1 }).lean(),
		CalendarFeedModel.find().sort({ userId: 1 }).lean(),
		// Which notifications are read: background jobs add unread ones at any time, only a member's request reads them.
		NotificationModel.find({ readAt: mongoose.trusted({ $ne: null }) })
			.select('id readAt -_id')
			.sort({ id: 1 })
			.lean(),
		ReportModel.find().sort({ id: 1 }).lean(),
		MuteModel.find().sort({ userId: 1 }).lean(),
		BlockModel.find().sort({ blockerId: 1, blockedId: 1 }).lean(),
		AuditEntryModel.find().sort({ id: 1 }).lean(),
		SubscriptionEventModel.find().sort({ at: 1, userId: 1 }).lean(),
		ProgramModel.find().sort({ id: 1 }).lean(),
		// Who started what, when, and finished: the rest (what was announced, the next unlock) is the unlock job's bookkeeping.
		ProgramEnrolmentModel.find().select('id userId programId startedAt completedAt -_id').sort({ id: 1 }).lean(),
		ProgramItemStateModel.find().select('-_id').sort({ userId: 1, itemId: 1 }).lean(),
		ProgramCheckAttemptModel.find().select('-_id').sort({ id: 1 }).lean(),
		CertificateModel.find().select('-_id').sort({ id: 1 }).lean(),
		CaptionTrackModel.find().sort({ videoId: 1, language: 1 }).lean(),
		LessonChaptersModel.find().sort({ videoId: 1 }).lean(),
		NoteModel.find().sort({ id: 1 }).lean(),
		DiscussionPostModel.find().sort({ id: 1 }).lean(),
		DiscussionCommentModel.find().sort({ id: 1 }).lean(),
		DiscussionReactionModel.find().sort({ targetType: 1, targetId: 1, userId: 1, kind: 1 }).lean(),
		DiscussionFollowModel.find().sort({ postId: 1, userId: 1 }).lean(),
		// What the search finds: a refused write leaves its index as it was (which run wrote a term is its bookkeeping).
		SearchTermModel.find()
			.select('term key part type weight audience authorIds -_id')
			.sort({ key: 1, part: 1, term: 1 })
			.lean(),
	])
	return JSON.stringify({
		users: strip(users),
		// A new video's announcement is background work (a job clears these as it goes), not the request's doing.
		videos: strip(videos).map(({ announcementPending: _pending, announcedThroughUserId: _cursor, ...video }) => video),
		communities: strip(communities),
		events: strip(events),
		resources: strip(resources),
		progress: strip(progress),
		messages: strip(messages),
		rsvps: strip(rsvps),
		calendarFeeds: strip(calendarFeeds),
		readNotifications,
		reports: strip(reports),
		mutes: strip(mutes),
		blocks: strip(blocks),
		audit: strip(audit),
		subscriptionEvents: strip(subscriptionEvents),
		programs: strip(programs),
		enrolments,
		itemStates,
		checkAttempts,
		certificates,
		captions: strip(captions),
		chapters: strip(chapters),
		notes: strip(notes),
		posts: strip(posts),
		comments: strip(comments),
		reactions: strip(reactions),
		follows: strip(follows),
		searchTerms,
	})
}

export async function userIdOf(username: string): Promise<number> {
	const user = await UserModel.findOne({ usernameKey: username }).select('id').lean()
	if (!user) throw new Error(`no user ${username}`)
	return user.id
}
