import { type UserJSON } from '#models/index'
import { listCommunities } from './communities.server'
import { listUpcomingEvents } from './events.server'
import { getContinueLearning, getWatchStats } from './progress.server'

/** product §9 dashboard limits (Continue Learning's 3 lives in the progress service). */
export const DASHBOARD_COMMUNITY_LIMIT = 3
export const DASHBOARD_EVENT_LIMIT = 2

/** Everything the dashboard shows for one member, read in parallel. */
export async function getDashboard(user: Pick<UserJSON, 'id' | 'subscriptionStatus'>, now = new Date()) {
	const [videos, continueLearning, communities, upcomingEvents] = await Promise.all([
		getWatchStats(user.id),
		getContinueLearning(user),
		listCommunities(),
		listUpcomingEvents(now),
	])
	return {
		videos,
		continueLearning,
		communityCount: communities.length,
		communities: communities.slice(0, DASHBOARD_COMMUNITY_LIMIT),
		upcomingEventCount: upcomingEvents.length,
		upcomingEvents: upcomingEvents.slice(0, DASHBOARD_EVENT_LIMIT),
	}
}
