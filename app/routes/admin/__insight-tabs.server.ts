import { type AuditPanelData } from '~/components/admin/audit-panel'
import { isAuditKind } from '~/lib/audit'
import {
	formatMonth,
	formatWeek,
	PROGRAMS_CHARTED,
	ROOMS_CHARTED,
	type Insights,
	type InsightsCharts,
} from '~/lib/insights'
import { ServiceError } from '~/lib/service-error'
import { listAuditActors, listAuditEntries } from '~/services/admin/audit.server'
import { getInsights } from '~/services/admin/insights.server'
import { listPodsForAdmin } from '~/services/pods/admin.server'
import { type PodsPanelRow } from '~/components/admin/pods-panel'
import { type Actor } from '~/services/permissions.server'
import { layoutBarChart, layoutLineChart } from '~/web/chart-layout.server'

/**
 * The server half of the panel's Audit log and Insights tabs: read the
 * address's filter and cursor (a mangled one shows the first page, as chat
 * history does) and call the services. A failure becomes the tab's inline
 * error, as on the other tabs (product §8).
 */

const idParam = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : undefined)

export async function loadAuditTab(actor: Actor, url: URL): Promise<AuditPanelData> {
	const actorParam = url.searchParams.get('actor') ?? ''
	const kindParam = url.searchParams.get('kind') ?? ''
	const who = actorParam === 'system' ? 'system' : idParam(actorParam)
	const kind = isAuditKind(kindParam) ? kindParam : undefined
	const before = idParam(url.searchParams.get('before'))
	const filter = { actor: who === undefined ? '' : String(who), kind: kind ?? '' }
	try {
		const [page, actors] = await Promise.all([
			listAuditEntries(actor, { before, actor: who, kind }),
			listAuditActors(actor),
		])
		return { ...page, actors, filter, paged: before !== undefined, error: null }
	} catch (error) {
		return {
			entries: [],
			nextBefore: null,
			actors: [],
			filter,
			paged: false,
			error: describeFailure(error, 'audit log'),
		}
	}
}

export async function loadInsightsTab(
	actor: Actor,
): Promise<{ insights: Insights | null; charts: InsightsCharts | null; error: string | null }> {
	try {
		const insights = await getInsights(actor)
		return { insights, charts: insightsCharts(insights), error: null }
	} catch (error) {
		return { insights: null, charts: null, error: describeFailure(error, 'insights') }
	}
}

/**
 * The charts' geometry, computed here with the figures (decision 119), so
 * the panel draws SVG without d3 in the browser.
 */
export function insightsCharts(insights: Insights): InsightsCharts {
	const { members, subscriptions, lessons, community, programs } = insights
	const months = subscriptions?.monthly.map((row) => formatMonth(row.month)) ?? []
	const busiestRooms = [...community.rooms].sort((a, b) => b.total - a.total).slice(0, ROOMS_CHARTED)
	return {
		newMembersPerWeek: layoutBarChart(
			members.newPerWeek.map((week) => ({ label: formatWeek(week.weekStart), value: week.count })),
		),
		subscriptionStatuses: subscriptions
			? layoutBarChart(subscriptions.byStatus.map((row) => ({ label: row.status, value: row.count })))
			: null,
		subscriptionsPerMonth: subscriptions
			? layoutLineChart(months, [
					{ name: 'Trials started', values: subscriptions.monthly.map((row) => row.trialsStarted) },
					{ name: 'Converted to paid', values: subscriptions.monthly.map((row) => row.trialsConverted) },
					{ name: 'Churned', values: subscriptions.monthly.map((row) => row.churned) },
				])
			: null,
		lessonCompletionRates: layoutBarChart(
			lessons.videos.map((video) => ({
				label: `#${video.videoId}`,
				value: video.completionRate === null ? 0 : Math.round(video.completionRate * 100),
			})),
		),
		roomMessagesPerWeek: layoutLineChart(
			community.weeks.map(formatWeek),
			busiestRooms.map((room) => ({ name: room.name, values: room.perWeek })),
		),
		// Each funnel: the members who started, then how many completed module 1, 2, …
		programFunnels: [...programs.perProgram]
			.sort((a, b) => b.enrolments - a.enrolments || a.programId - b.programId)
			.slice(0, PROGRAMS_CHARTED)
			.map((program) => ({
				programId: program.programId,
				layout: layoutBarChart([
					{ label: 'Started', value: program.enrolments },
					...program.modules.map((module, index) => ({ label: `Module ${index + 1}`, value: module.completed })),
				]),
			})),
		podComparison: layoutBarChart([
			{ label: 'In a pod', value: Math.round((programs.pods.inPods.completionRate ?? 0) * 100) },
			{ label: 'Alone', value: Math.round((programs.pods.alone.completionRate ?? 0) * 100) },
		]),
	}
}

function describeFailure(error: unknown, what: string): string {
	if (error instanceof ServiceError) return error.message
	console.error(`Admin panel: loading the ${what} failed`, error)
	return 'The server could not load it. Please try again.'
}

/** The Pods tab (decision 215): every running and finished pod with its figures. */
export async function loadPodsTab(actor: Actor): Promise<{ pods: PodsPanelRow[]; error: string | null }> {
	try {
		return { pods: await listPodsForAdmin(actor), error: null }
	} catch (error) {
		return { pods: [], error: describeFailure(error, 'pods') }
	}
}
