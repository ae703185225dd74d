/**
 * A sizeable database for the benchmarks: at scale 1, 2,000 users, 200
 * videos, 50 communities, 100,000 messages, 500 events, on top of the normal
 * demo data. `countsAt(scale)` multiplies the users, videos, messages and
 * events (scale 50: 100,000 users and 5,000,000 messages).
 */
import {
	CommunityModel,
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

export const LARGE_COUNTS = { users: 2_000, videos: 200, communities: 50, messages: 100_000, events: 500 }

export type LargeCounts = typeof LARGE_COUNTS

export function countsAt(scale: number): LargeCounts {
	return {
		users: LARGE_COUNTS.users * scale,
		videos: LARGE_COUNTS.videos * scale,
		communities: LARGE_COUNTS.communities,
		messages: LARGE_COUNTS.messages * scale,
		events: LARGE_COUNTS.events * scale,
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

	// The private messages were inserted directly: the conversation entries /messages reads are built from them.
	await rebuildConversationEntries()
	return { userIds }
}
