import mongoose from 'mongoose'
import {
	CommunityModel,
	MessageModel,
	ProgressModel,
	SubscriptionEventModel,
	UserModel,
	VideoModel,
} from '#models/index'
import {
	INSIGHTS_MONTHS,
	INSIGHTS_WEEKS,
	LESSON_EXTREMES,
	MOST_ACTIVE_MEMBERS,
	type Insights,
	type LessonFigures,
	type MonthlySubscriptions,
	type WeekCount,
} from '~/lib/insights'
import { singleton } from '~/platform/singleton.server'
import { programFigures } from '~/services/learning/program-insights.server'
import { PREMIUM_PRICE_CENTS, PREMIUM_STATUSES } from '~/lib/subscription'
import { INSIGHTS_ROLES, assertActorRole, type Actor } from '~/services/permissions.server'

/**
 * The figures of the Insights tab and GET /api/admin/insights (product §2
 * "Insights"), all from aggregation queries that the database answers from
 * its indexes over bounded time windows: nothing loads every member or every
 * message into this process (docs/decisions/116, measured by
 * `npm run bench:insights`). Content managers get everything but revenue.
 */

const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS

/** Monday 00:00 UTC of the week `now` falls in. */
export function startOfWeek(now: Date): Date {
	const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
	const weekday = (new Date(day).getUTCDay() + 6) % 7
	return new Date(day - weekday * DAY_MS)
}

function weekStarts(now: Date): Date[] {
	const current = startOfWeek(now).getTime()
	return Array.from(
		{ length: INSIGHTS_WEEKS },
		(_, index) => new Date(current - (INSIGHTS_WEEKS - 1 - index) * WEEK_MS),
	)
}

function monthKeys(now: Date): string[] {
	return Array.from({ length: INSIGHTS_MONTHS }, (_, index) => {
		const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (INSIGHTS_MONTHS - 1 - index), 1))
		return month.toISOString().slice(0, 7)
	})
}

/** The aggregation expression of "which week since `start`" for a date field. */
const weekIndexOf = (field: string, start: Date) => ({ $floor: { $divide: [{ $subtract: [field, start] }, WEEK_MS] } })
const since = (date: Date) => mongoose.trusted({ $gte: date })

async function countPerWeek(model: typeof UserModel | typeof MessageModel, start: Date): Promise<Map<number, number>> {
	const rows = await (model as typeof UserModel).aggregate<{ _id: number; count: number }>([
		{ $match: { createdAt: since(start) } },
		{ $group: { _id: weekIndexOf('$createdAt', start), count: { $sum: 1 } } },
	])
	return new Map(rows.map((row) => [row._id, row.count]))
}

async function memberFigures(now: Date): Promise<Insights['members']> {
	const weeks = weekStarts(now)
	const [total, perWeek, activeLast7Days, activeLast30Days] = await Promise.all([
		UserModel.estimatedDocumentCount(),
		countPerWeek(UserModel, weeks[0]!),
		UserModel.countDocuments({ lastActiveAt: since(new Date(now.getTime() - 7 * DAY_MS)) }),
		UserModel.countDocuments({ lastActiveAt: since(new Date(now.getTime() - 30 * DAY_MS)) }),
	])
	const newPerWeek: WeekCount[] = weeks.map((week, index) => ({
		weekStart: week.toISOString(),
		count: perWeek.get(index) ?? 0,
	}))
	return { total, newPerWeek, activeLast7Days, activeLast30Days }
}

const PREMIUM = [...PREMIUM_STATUSES] as string[]

async function subscriptionFigures(now: Date): Promise<NonNullable<Insights['subscriptions']>> {
	const months = monthKeys(now)
	const windowStart = new Date(`${months[0]}-01T00:00:00Z`)
	const monthOf = (field: string) => ({ $dateToString: { format: '%Y-%m', date: field } })
	const isTrialStart = { $and: [{ $eq: ['$to', 'trialing'] }, { $ne: ['$from', 'trialing'] }] }
	const isConversion = { $and: [{ $eq: ['$from', 'trialing'] }, { $eq: ['$to', 'active'] }] }
	const [statusRows, cohortRows, churnRows] = await Promise.all([
		UserModel.aggregate<{ _id: string; count: number }>([
			{ $group: { _id: '$subscriptionStatus', count: { $sum: 1 } } },
		]),
		// Each member's first trial start in the window, and whether a conversion to paid followed it.
		SubscriptionEventModel.aggregate<{ _id: string; started: number; converted: number }>([
			{ $match: { at: since(windowStart) } },
			{
				$group: {
					_id: '$userId',
					trialStart: { $min: { $cond: [isTrialStart, '$at', null] } },
					conversion: { $max: { $cond: [isConversion, '$at', null] } },
				},
			},
			{ $match: { trialStart: mongoose.trusted({ $ne: null }) } },
			{
				$group: {
					_id: monthOf('$trialStart'),
					started: { $sum: 1 },
					converted: { $sum: { $cond: [{ $gt: ['$conversion', '$trialStart'] }, 1, 0] } },
				},
			},
		]),
		SubscriptionEventModel.aggregate<{ _id: string; count: number }>([
			{
				$match: {
					at: since(windowStart),
					from: mongoose.trusted({ $in: PREMIUM }),
					to: mongoose.trusted({ $nin: PREMIUM }),
				},
			},
			{ $group: { _id: monthOf('$at'), count: { $sum: 1 } } },
		]),
	])
	const cohorts = new Map(cohortRows.map((row) => [row._id, row]))
	const churn = new Map(churnRows.map((row) => [row._id, row.count]))
	const monthly: MonthlySubscriptions[] = months.map((month) => {
		const cohort = cohorts.get(month)
		const started = cohort?.started ?? 0
		const converted = cohort?.converted ?? 0
		return {
			month,
			trialsStarted: started,
			trialsConverted: converted,
			conversionRate: started ? converted / started : null,
			churned: churn.get(month) ?? 0,
		}
	})
	const byStatus = statusRows
		.map((row) => ({ status: row._id ?? 'inactive', count: row.count }))
		.sort((a, b) => b.count - a.count || a.status.localeCompare(b.status))
	const activeCount = byStatus.find((row) => row.status === 'active')?.count ?? 0
	return { byStatus, monthly, activeCount, monthlyRecurringRevenueCents: activeCount * PREMIUM_PRICE_CENTS }
}

async function lessonFigures(): Promise<Insights['lessons']> {
	const [videos, rows] = await Promise.all([
		VideoModel.find().select('id title').sort({ id: 1 }).lean<Array<{ id: number; title: string }>>(),
		ProgressModel.aggregate<{ _id: number; starts: number; completions: number; progressSum: number }>([
			{ $match: { progress: mongoose.trusted({ $gt: 0 }) } },
			{
				$group: {
					_id: '$videoId',
					starts: { $sum: 1 },
					completions: { $sum: { $cond: ['$completed', 1, 0] } },
					progressSum: { $sum: '$progress' },
				},
			},
		]),
	])
	const byVideo = new Map(rows.map((row) => [row._id, row]))
	const figures: LessonFigures[] = videos.map((video) => {
		const row = byVideo.get(video.id)
		const starts = row?.starts ?? 0
		return {
			videoId: video.id,
			title: video.title,
			starts,
			completions: row?.completions ?? 0,
			completionRate: starts ? row!.completions / starts : null,
			averageProgress: starts ? Math.round(row!.progressSum / starts) : null,
		}
	})
	const ranked = [...figures].sort(
		(a, b) =>
			b.completions - a.completions || (b.completionRate ?? 0) - (a.completionRate ?? 0) || a.videoId - b.videoId,
	)
	const started = rows.reduce((sum, row) => sum + row.starts, 0)
	const progressSum = rows.reduce((sum, row) => sum + row.progressSum, 0)
	return {
		videos: figures,
		mostCompleted: ranked.slice(0, LESSON_EXTREMES),
		leastCompleted: ranked.slice(-LESSON_EXTREMES).reverse(),
		averageProgress: started ? Math.round(progressSum / started) : null,
	}
}

async function communityFigures(now: Date): Promise<Insights['community']> {
	const weeks = weekStarts(now)
	const start = weeks[0]!
	const [communities, roomRows, senderRows] = await Promise.all([
		CommunityModel.find({ podId: null }).select('id name').sort({ id: 1 }).lean<Array<{ id: number; name: string }>>(),
		MessageModel.aggregate<{ _id: { room: number; week: number }; count: number }>([
			{ $match: { createdAt: since(start), communityId: mongoose.trusted({ $ne: null }) } },
			{ $group: { _id: { room: '$communityId', week: weekIndexOf('$createdAt', start) }, count: { $sum: 1 } } },
		]),
		MessageModel.aggregate<{ _id: number; count: number }>([
			{ $match: { createdAt: since(new Date(now.getTime() - 30 * DAY_MS)) } },
			{ $group: { _id: '$senderId', count: { $sum: 1 } } },
			{ $sort: { count: -1, _id: 1 } },
			{ $limit: MOST_ACTIVE_MEMBERS },
		]),
	])
	const counts = new Map(roomRows.map((row) => [`${row._id.room}:${row._id.week}`, row.count]))
	const rooms = communities.map((community) => {
		const perWeek = weeks.map((_, index) => counts.get(`${community.id}:${index}`) ?? 0)
		return {
			communityId: community.id,
			name: community.name,
			perWeek,
			total: perWeek.reduce((sum, count) => sum + count, 0),
		}
	})
	const senders = senderRows.length
		? await UserModel.find({ id: mongoose.trusted({ $in: senderRows.map((row) => row._id) }) })
				.select('id name username')
				.lean<Array<{ id: number; name: string; username: string }>>()
		: []
	const byId = new Map(senders.map((sender) => [sender.id, sender]))
	return {
		weeks: weeks.map((week) => week.toISOString()),
		rooms,
		mostActiveMembers: senderRows.map((row) => ({
			userId: row._id,
			name: byId.get(row._id)?.name ?? 'Former member',
			username: byId.get(row._id)?.username ?? '',
			messages: row.count,
		})),
	}
}

/** Requests that arrive while the figures are being computed share that computation. */
const inFlight = singleton('insights-in-flight', () => new Map<string, Promise<Insights>>())

/** The Insights tab and GET /api/admin/insights: admins get everything, content managers everything but revenue. */
export async function getInsights(actor: Actor, now = new Date()): Promise<Insights> {
	assertActorRole(actor, INSIGHTS_ROLES)
	const withRevenue = actor.role === 'admin'
	const key = withRevenue ? 'all' : 'content'
	const pending = inFlight.get(key)
	if (pending) return pending
	const computation = computeInsights(now, withRevenue).finally(() => inFlight.delete(key))
	inFlight.set(key, computation)
	return computation
}

async function computeInsights(now: Date, withRevenue: boolean): Promise<Insights> {
	const [members, subscriptions, lessons, community, programs] = await Promise.all([
		memberFigures(now),
		withRevenue ? subscriptionFigures(now) : Promise.resolve(null),
		lessonFigures(),
		communityFigures(now),
		programFigures(),
	])
	return { generatedAt: now.toISOString(), members, subscriptions, lessons, community, programs }
}
