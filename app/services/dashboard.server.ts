import mongoose from 'mongoose'
import { MessageModel, type Message, type UserJSON } from '#models/index'
import { communityNamesById, countCommunities, everyRoomVersion } from '~/services/catalogue/communities.server'
import { countUpcomingEvents, listUpcomingEvents } from '~/services/events/events.server'
import { describeEventActions } from '~/services/events/event-views.server'
import { heldRead } from '~/platform/held-reads.server'
import { DELETED_MEMBER } from '~/services/chat/messages.server'
import { preview } from '~/services/chat/private-inbox.server'
import { singleton } from '~/platform/singleton.server'
import { getContinueLearning, getWatchStats } from '~/services/learning/progress.server'
import { userNamesById } from '~/services/account/users.server'

/** product §9 dashboard limits (Continue Learning's 3 lives in the progress service). */
export const DASHBOARD_EVENT_LIMIT = 2
/** Community Activity: the latest messages across the rooms. */
export const DASHBOARD_ACTIVITY_LIMIT = 5

export interface CommunityActivity {
	id: number
	communityId: number
	communityName: string
	author: string
	preview: string
	createdAt: string
}

/**
 * How often the dashboard's Community Activity is checked. It is the same for
 * every member, and reading it means finding the newest messages of all
 * rooms: once every few seconds at most instead of once per dashboard
 * (docs/decisions/084), and not even then while no room changed: it is held
 * under every room's version (docs/decisions/089). A new message shows there
 * within this time; the rooms themselves are live.
 */
export const COMMUNITY_ACTIVITY_TTL_MS = 5_000

const sharedActivity = singleton('community-activity', () => ({
	checkedAt: 0,
	activity: null as Promise<CommunityActivity[]> | null,
}))

/** The Community Activity every dashboard shows, checked at most once per COMMUNITY_ACTIVITY_TTL_MS by this process. */
export function getSharedCommunityActivity(now = Date.now()): Promise<CommunityActivity[]> {
	const shared = sharedActivity
	if (!shared.activity || now - shared.checkedAt >= COMMUNITY_ACTIVITY_TTL_MS) {
		shared.checkedAt = now
		const reading = everyRoomVersion().then((version) =>
			version ? heldRead('community-activity', version, () => getCommunityActivity()) : getCommunityActivity(),
		)
		shared.activity = reading
		// A failed read is not kept: the next dashboard reads again.
		reading.catch(() => {
			if (shared.activity === reading) shared.activity = null
		})
	}
	return shared.activity
}

/**
 * The latest messages in the member's rooms (every member belongs to every
 * room, product §2 "Community"), newest first, with their room and author.
 * Deleted messages are left out (their words are gone). Newest by time: ids
 * follow time for messages sent live, not for history written in bulk.
 */
async function getCommunityActivity(limit = DASHBOARD_ACTIVITY_LIMIT): Promise<CommunityActivity[]> {
	const messages = await MessageModel.find({
		isPrivate: false,
		communityId: mongoose.trusted({ $ne: null }),
		deletedAt: null,
	})
		.sort({ createdAt: -1, id: -1 })
		.limit(limit)
		.lean<Message[]>()
	if (messages.length === 0) return []
	const [roomNames, authorNames] = await Promise.all([
		communityNamesById(messages.map((message) => message.communityId!)),
		userNamesById(messages.map((message) => message.senderId)),
	])
	return messages.flatMap((message) => {
		const communityName = roomNames[message.communityId!]
		if (!communityName) return []
		return [
			{
				id: message.id,
				communityId: message.communityId!,
				communityName,
				author: authorNames[message.senderId] ?? DELETED_MEMBER,
				preview: preview(message.content, 160),
				createdAt: new Date(message.createdAt).toISOString(),
			},
		]
	})
}

/** Everything the dashboard shows for one member, read in parallel. */
export async function getDashboard(
	user: Pick<UserJSON, 'id' | 'subscriptionStatus'>,
	timeZone: string,
	now = new Date(),
) {
	// Counts are counted and the two next events read as two: nothing here reads a whole collection (docs/decisions/081).
	const [videos, continueLearning, communityCount, upcomingEventCount, shownEvents, activity] = await Promise.all([
		getWatchStats(user.id),
		getContinueLearning(user),
		countCommunities(),
		countUpcomingEvents(now),
		listUpcomingEvents(now, { skip: 0, limit: DASHBOARD_EVENT_LIMIT }),
		getSharedCommunityActivity(now.getTime()),
	])
	return {
		activity,
		eventActions: await describeEventActions(user, shownEvents, now, timeZone),
		videos,
		continueLearning,
		communityCount,
		upcomingEventCount,
		upcomingEvents: shownEvents,
	}
}
