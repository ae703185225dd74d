/**
 * A sizeable database for the benchmarks: at scale 1, 2,000 users, 200
 * videos, 50 communities, 100,000 messages, 500 events and 100,000
 * discussion posts and comments (20,000 and 80,000), on top of the normal
 * demo data, with the global search's index built over all of it.
 * `countsAt(scale)` multiplies the users, videos, messages, events, posts
 * and comments (scale 50: 100,000 users and 5,000,000 messages).
 */
import {
	CommunityModel,
	DiscussionCommentModel,
	DiscussionPostModel,
	EventModel,
	MessageModel,
	ProgressModel,
	UserModel,
	VideoModel,
	conversationKeyOf,
	reserveIds,
} from '#models/index'
import { hashPassword } from '~/services/account/password.server'
import { rebuildConversationEntries } from '~/services/chat/private-inbox.server'
import { rebuildSearchIndex } from '~/services/search/index-job.server'

export const LARGE_COUNTS = {
	users: 2_000,
	videos: 200,
	communities: 50,
	messages: 100_000,
	events: 500,
	posts: 20_000,
	comments: 80_000,
}

export type LargeCounts = typeof LARGE_COUNTS

export function countsAt(scale: number): LargeCounts {
	return {
		users: LARGE_COUNTS.users * scale,
		videos: LARGE_COUNTS.videos * scale,
		communities: LARGE_COUNTS.communities,
		messages: LARGE_COUNTS.messages * scale,
		events: LARGE_COUNTS.events * scale,
		posts: LARGE_COUNTS.posts * scale,
		comments: LARGE_COUNTS.comments * scale,
	}
}

/**
 * What the bench's members write in the discussions: sentences about leading
 * people, drawn in a fixed pseudo-random order, so the search has common
 * words (found in a third of everything), middling ones and rare ones, as a
 * real community's posts do.
 */
const POST_TITLES = [
	'How do you delegate without losing track?',
	'Feedback that lands with senior engineers',
	'Running a reorganisation in a remote team',
	'First ninety days as a director',
	'Hiring for culture add, not culture fit',
	'Saying no to your own manager',
	'Quarterly planning that people actually follow',
	'Coaching a high performer who wants to move on',
	'One-on-ones that are not status updates',
	'Leading through a budget cut',
	'Building trust with a team you inherited',
	'Decision records: worth the effort?',
	'Mentoring across time zones',
	'When a peer becomes your report',
	'Measuring what matters on a platform team',
	'Negotiating headcount for next year',
]
const SENTENCES = [
	'I keep taking the tasks back when the deadline gets close.',
	'We moved the weekly meeting to a written update and it saved an hour.',
	'My team is spread over three time zones and the handovers hurt.',
	'The board wants a plan by Friday and the numbers are not ready.',
	'Ask what they would do first, then stay quiet for a while.',
	'Feedback works best when it names the behaviour and its effect.',
	'A retrospective every two weeks keeps small problems small.',
	'Our director asked for a delegation plan with owners and dates.',
	'I write the decision down with the options we rejected and why.',
	'Psychological safety grew once I admitted my own mistakes first.',
	'The hardest part of the reorganisation was telling people early.',
	'We hire for skills we lack, not for people who think like us.',
	'Coaching is asking better questions, not giving better answers.',
	'Prioritising means choosing what not to do this quarter.',
	'Our engineers want more autonomy and clearer goals.',
	'I block an hour every Friday to think about strategy.',
	'Mentors outside the company see what we cannot.',
	'The budget cut forced us to stop two projects we loved.',
	'Trust came from keeping small promises every single week.',
	'A clear career ladder made the promotion talks much calmer.',
	'Negotiating headcount starts with the outcomes, not the roles.',
	'I set a rule: no meeting without an agenda and a decision.',
	'Remote onboarding needs a buddy and a written first week.',
	'When a peer became my report, we talked about it openly.',
]

/** The same pseudo-random draw on every run (a linear congruential generator). */
function drawer(seed: number) {
	let state = seed >>> 0
	return (below: number) => {
		state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
		return state % below
	}
}

const sentencesOf = (draw: (below: number) => number, count: number) =>
	Array.from({ length: count }, () => SENTENCES[draw(SENTENCES.length)]).join(' ')

/**
 * Posts and comments in the bench's rooms and the demo's three, written
 * straight to the database like the rest of the bulk data (their search
 * index is built after them, by the rebuild every direct write needs).
 */
async function seedDiscussions(counts: LargeCounts, userIds: number[], rooms: number[], now: number) {
	const draw = drawer(counts.posts + counts.comments)
	const postIds = await reserveIds('discussionPosts', counts.posts)
	const postRoom = (index: number) => rooms[index % rooms.length]!
	await insertInBatches(
		DiscussionPostModel,
		postIds.map((id, index) => {
			const createdAt = new Date(now - (counts.posts - index) * 60_000)
			return {
				id,
				communityId: postRoom(index),
				authorId: userIds[index % userIds.length]!,
				title: POST_TITLES[index % POST_TITLES.length]!,
				body: sentencesOf(draw, 2 + draw(3)),
				createdAt,
				lastActivityAt: createdAt,
			}
		}),
	)
	const commentIds = await reserveIds('discussionComments', counts.comments)
	for (let start = 0; start < counts.comments; start += BATCH) {
		const batch = commentIds.slice(start, start + BATCH).map((id, offset) => {
			const index = start + offset
			const post = index % counts.posts
			return {
				id,
				postId: postIds[post]!,
				communityId: postRoom(post),
				authorId: userIds[(index * 7) % userIds.length]!,
				parentId: null,
				body: sentencesOf(draw, 1 + draw(2)),
				createdAt: new Date(now - (counts.comments - index) * 15_000),
			}
		})
		await DiscussionCommentModel.insertMany(batch, { ordered: false, lean: true })
	}
}

const CATEGORIES = [
	'Leadership Fundamentals',
	'Communication',
	'Strategy',
	'Team Building',
	'Emotional Intelligence',
	'Change Management',
]
const BATCH = 5_000

async function insertInBatches<T>(model: { insertMany: (docs: T[], options: object) => Promise<unknown> }, docs: T[]) {
	for (let start = 0; start < docs.length; start += BATCH) {
		await model.insertMany(docs.slice(start, start + BATCH), { ordered: false, lean: true })
	}
}

/** Adds the bulk data; returns the ids of a few bench users (premium, so they may post). */
export async function seedLargeDatabase(
	counts: LargeCounts = LARGE_COUNTS,
	onProgress?: (messages: number, of: number) => void,
) {
	const passwordHash = await hashPassword('password123')
	const now = Date.now()

	const userIds = await reserveIds('users', counts.users)
	await insertInBatches(
		UserModel,
		userIds.map((id) => ({
			id,
			username: `bench_user_${id}`,
			usernameKey: `bench_user_${id}`,
			passwordHash,
			name: `Bench User ${id}`,
			email: `bench_user_${id}@example.com`,
			role: 'member',
			subscriptionStatus: 'active',
			// In the demo's three default communities, as a new account is (decision 161): the rooms' member lists are full.
			communityIds: [1, 2, 3],
			createdAt: new Date(now - id * 60_000),
		})),
	)

	const videoIds = await reserveIds('videos', counts.videos)
	await insertInBatches(
		VideoModel,
		videoIds.map((id, index) => ({
			id,
			title: `Bench Lesson ${id}: ${CATEGORIES[index % CATEGORIES.length]} in practice`,
			description:
				'A benchmark lesson with a realistic description length, long enough to look like the real thing on a card.',
			url: '/media/setting-a-clear-direction.mp4',
			thumbnail: index % 5 === 0 ? null : '/images/thumbnails/setting-a-clear-direction.svg',
			duration: 2 + (index % 30),
			category: CATEGORIES[index % CATEGORIES.length],
			createdBy: userIds[0],
			createdAt: new Date(now - index * 3_600_000),
		})),
	)

	const communityIds = await reserveIds('communities', counts.communities)
	await insertInBatches(
		CommunityModel,
		communityIds.map((id) => ({
			id,
			name: `Bench Community ${id}`,
			description: 'A community created for the benchmark.',
			icon: 'BC',
			createdBy: userIds[0],
			createdAt: new Date(now),
		})),
	)

	// Community 1 gets a fifth of the messages so its history is deep; the rest spread out.
	const rooms = [1, ...communityIds]
	const messageIds = await reserveIds('messages', counts.messages)
	const messageAt = (index: number) => {
		const id = messageIds[index]!
		const senderId = userIds[index % userIds.length]!
		const createdAt = new Date(now - (counts.messages - index) * 1_000)
		if (index % 10 === 9) {
			const recipientId = userIds[(index + 1) % userIds.length]!
			return {
				id,
				content: `Private benchmark message ${id}`,
				senderId,
				recipientId,
				communityId: null,
				conversationKey: conversationKeyOf(senderId, recipientId),
				isPrivate: true,
				createdAt,
			}
		}
		return {
			id,
			content: `Benchmark message ${id}: sharing a thought about leadership with the room.`,
			senderId,
			recipientId: null,
			communityId: index % 5 === 0 ? 1 : rooms[index % rooms.length],
			conversationKey: null,
			isPrivate: false,
			createdAt,
		}
	}
	// Built a batch at a time: five million messages at once would not fit in this process.
	for (let start = 0; start < counts.messages; start += BATCH) {
		const batch = Array.from({ length: Math.min(BATCH, counts.messages - start) }, (_, offset) =>
			messageAt(start + offset),
		)
		await MessageModel.insertMany(batch, { ordered: false, lean: true })
		onProgress?.(start + batch.length, counts.messages)
	}

	const eventIds = await reserveIds('events', counts.events)
	await insertInBatches(
		EventModel,
		eventIds.map((id, index) => {
			const startTime = new Date(now + (index - counts.events / 2) * 6 * 3_600_000)
			return {
				id,
				title: `Bench Event ${id}`,
				description: index % 3 ? 'A benchmark event with a description.' : null,
				startTime,
				endTime: index % 4 ? new Date(startTime.getTime() + 3_600_000) : null,
				location: index % 2 ? 'Online' : null,
				createdBy: userIds[0],
				createdAt: new Date(now),
			}
		}),
	)

	// Some progress for the first bench users, so dashboards have something to show.
	const progressIds = await reserveIds('progress', 50)
	await insertInBatches(
		ProgressModel,
		progressIds.map((id, index) => ({
			id,
			userId: userIds[index % 5]!,
			videoId: videoIds[index]!,
			progress: (index * 17) % 101,
			completed: (index * 17) % 101 >= 95,
			updatedAt: new Date(now - index * 60_000),
		})),
	)

	await seedDiscussions(counts, userIds, [1, 2, 3, ...communityIds], now)

	// The private messages were inserted directly: the conversation entries /messages reads are built from them.
	await rebuildConversationEntries()
	// So were the posts, comments, lessons, events and members: the search index is read from them all.
	const indexStarted = Date.now()
	await rebuildSearchIndex({ fromScratch: true })
	return { userIds, searchIndexSeconds: Math.round((Date.now() - indexStarted) / 100) / 10 }
}
