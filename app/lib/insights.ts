/**
 * The shape of the admin panel's Insights tab (product §2 "Insights") and of
 * GET /api/admin/insights, shared by the service that computes it and the
 * charts that draw it.
 */

import { type BarChartLayout, type LineChartLayout } from '~/lib/chart-layout'

export const INSIGHTS_WEEKS = 12
export const INSIGHTS_MONTHS = 6
export const MOST_ACTIVE_MEMBERS = 10
/** Lessons listed as the most and the least completed. */
export const LESSON_EXTREMES = 3

export interface WeekCount {
	/** Monday 00:00 UTC that starts the week, ISO 8601. */
	weekStart: string
	count: number
}

export interface MonthlySubscriptions {
	/** 'YYYY-MM' (UTC). */
	month: string
	/** Members whose first trial in the period started this month. */
	trialsStarted: number
	/** Of those, how many have since become paying (active). */
	trialsConverted: number
	/** trialsConverted / trialsStarted, 0 to 1; null without trials. */
	conversionRate: number | null
	/** Members who went from premium (active or trialing) to not premium this month. */
	churned: number
}

export interface LessonFigures {
	videoId: number
	title: string
	/** Members with progress above 0. */
	starts: number
	/** Members who completed it (95 % or more). */
	completions: number
	/** completions / starts, 0 to 1; null when nobody started. */
	completionRate: number | null
	/** Average progress of those who started, in percent; null when nobody started. */
	averageProgress: number | null
}

/** One program's figures (product §2 "Insights", Programs). */
export interface ProgramFigures {
	programId: number
	title: string
	published: boolean
	enrolments: number
	/** Members who completed every item. */
	completions: number
	/** completions / enrolments, 0 to 1; null without enrolments. */
	completionRate: number | null
	/** The median of the days from start to completion; null before anyone completed it. */
	medianDaysToComplete: number | null
	certificatesIssued: number
	/** The funnel: of the members who started, how many completed each module, in order. */
	modules: Array<{ moduleId: number; title: string; completed: number }>
}

export interface Insights {
	generatedAt: string
	members: {
		total: number
		newPerWeek: WeekCount[]
		activeLast7Days: number
		activeLast30Days: number
	}
	/** Revenue figures: admins only (null for content managers). */
	subscriptions: {
		byStatus: Array<{ status: string; count: number }>
		monthly: MonthlySubscriptions[]
		activeCount: number
		/** Monthly recurring revenue: active subscriptions × $50.00, in cents. */
		monthlyRecurringRevenueCents: number
	} | null
	lessons: {
		videos: LessonFigures[]
		mostCompleted: LessonFigures[]
		leastCompleted: LessonFigures[]
		/** Average progress over every started lesson, in percent; null when none. */
		averageProgress: number | null
	}
	community: {
		weeks: string[]
		/** Room messages per week, one count per entry of `weeks`. */
		rooms: Array<{ communityId: number; name: string; perWeek: number[]; total: number }>
		/** Most messages (rooms and private) in the last 30 days. */
		mostActiveMembers: Array<{ userId: number; name: string; username: string; messages: number }>
	}
	programs: {
		enrolments: number
		completions: number
		/** Over every completed program; null before any. */
		medianDaysToComplete: number | null
		certificatesIssued: number
		/** Of those, revoked since. */
		certificatesRevoked: number
		/** Every program, by id. */
		perProgram: ProgramFigures[]
		/** Members who went through a program in a peer pod, and those who went alone (decision 217). */
		pods: { inPods: CohortFigures; alone: CohortFigures }
	}
}

/** One side of the pods comparison: members' starts of programs, completions, and the median days it took. */
export interface CohortFigures {
	enrolments: number
	completions: number
	completionRate: number | null
	medianDaysToComplete: number | null
}

/**
 * The Insights tab's charts, laid out on the server from `Insights`
 * (`routes/admin/__insight-tabs.server.ts`); labels are already formatted.
 */
export interface InsightsCharts {
	newMembersPerWeek: BarChartLayout
	/** Admins only, like `Insights.subscriptions`. */
	subscriptionStatuses: BarChartLayout | null
	subscriptionsPerMonth: LineChartLayout | null
	lessonCompletionRates: BarChartLayout
	/** The busiest rooms only (at most `ROOMS_CHARTED`); the tab's table lists every room. */
	roomMessagesPerWeek: LineChartLayout
	/** The completion funnel of the programs with the most enrolments (at most `PROGRAMS_CHARTED`). */
	programFunnels: Array<{ programId: number; layout: BarChartLayout }>
	/** Completion rate, in pods and alone, side by side. */
	podComparison: BarChartLayout
}

/** Programs whose funnel is drawn (the most started); the table lists every program. */
export const PROGRAMS_CHARTED = 3

/** Rooms drawn as lines at most (the busiest); the table under the chart lists every room. */
export const ROOMS_CHARTED = 6

/** '42%' from a 0–1 rate; '–' when there is none. */
export function formatRate(rate: number | null): string {
	return rate === null ? '–' : `${Math.round(rate * 100)}%`
}

/** '$1,250.00' from cents. */
export function formatDollars(cents: number): string {
	return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/** 'Mar 3' for a week's Monday (UTC). */
export function formatWeek(weekStart: string): string {
	return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
		new Date(weekStart),
	)
}

/** 'Mar 2026' for 'YYYY-MM'. */
export function formatMonth(month: string): string {
	return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
		new Date(`${month}-01T00:00:00Z`),
	)
}
