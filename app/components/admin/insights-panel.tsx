import { type ReactNode } from 'react'
import { BarChart } from '~/components/charts/bar-chart'
import { LineChart } from '~/components/charts/line-chart'
import { SERIES_COLORS } from '~/components/charts/chart-frame'
import { formatDateTime } from '~/lib/dates'
import {
	formatDollars,
	formatMonth,
	formatRate,
	type Insights,
	type InsightsCharts,
	type LessonFigures,
} from '~/lib/insights'
import { AdminTable, Cell, EmptyRow, PanelHeader, SecondaryLink } from '~/components/admin/admin-table'

/**
 * product §2 "Insights": members, subscriptions (admins only), lessons and
 * community, each chart drawn from the layout the loader computed (decision
 * 117) with its table of figures.
 */
export function InsightsPanel({
	insights,
	charts,
	error,
	timeZone,
}: {
	insights: Insights | null
	charts: InsightsCharts | null
	error: string | null
	timeZone: string
}) {
	return (
		<section aria-label="Insights" className="space-y-8">
			<PanelHeader
				title="Insights"
				subtitle="Is the community growing, converting trials and watching the lessons?"
				action={<SecondaryLink to="/admin?tab=insights">Refresh</SecondaryLink>}
			/>
			{error || !insights || !charts ? (
				<p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
					{`Error loading insights: ${error ?? 'no figures'}`}
				</p>
			) : (
				<>
					<p className="text-xs text-gray-600">{`Figures as of ${formatDateTime(insights.generatedAt, timeZone)}. Weeks start on Monday (UTC).`}</p>
					<MembersSection members={insights.members} charts={charts} />
					{insights.subscriptions && charts.subscriptionStatuses && charts.subscriptionsPerMonth ? (
						<SubscriptionsSection
							subscriptions={insights.subscriptions}
							statuses={charts.subscriptionStatuses}
							perMonth={charts.subscriptionsPerMonth}
						/>
					) : null}
					<LessonsSection lessons={insights.lessons} charts={charts} />
					<CommunitySection community={insights.community} charts={charts} />
					<ProgramsSection programs={insights.programs} charts={charts} />
				</>
			)}
		</section>
	)
}

/** One part of the panel (members, subscriptions, lessons, community): a titled section its heading names. */
function InsightsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
	return (
		<section aria-labelledby={id} className="space-y-4">
			<h3 id={id} className="text-base font-semibold text-gray-900">
				{title}
			</h3>
			{children}
		</section>
	)
}

function Stat({ label, value }: { label: string; value: string | number }) {
	return (
		<div className="rounded-lg border border-gray-200 bg-white p-4">
			<dt className="text-sm text-gray-600">{label}</dt>
			<dd className="mt-1 text-2xl font-bold tabular-nums text-gray-900">{value}</dd>
		</div>
	)
}

function MembersSection({ members, charts }: { members: Insights['members']; charts: InsightsCharts }) {
	return (
		<InsightsSection id="insights-members" title="Members">
			<dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
				<Stat label="Members" value={members.total} />
				<Stat label="Active in the last 7 days" value={members.activeLast7Days} />
				<Stat label="Active in the last 30 days" value={members.activeLast30Days} />
			</dl>
			<BarChart
				title="New members per week"
				description={`Sign-ups in each of the last ${members.newPerWeek.length} weeks, by the Monday that starts the week.`}
				labelHeading="Week of"
				valueHeading="New members"
				layout={charts.newMembersPerWeek}
			/>
		</InsightsSection>
	)
}

function SubscriptionsSection({
	subscriptions,
	statuses,
	perMonth,
}: {
	subscriptions: NonNullable<Insights['subscriptions']>
	statuses: NonNullable<InsightsCharts['subscriptionStatuses']>
	perMonth: NonNullable<InsightsCharts['subscriptionsPerMonth']>
}) {
	const months = subscriptions.monthly.map((row) => formatMonth(row.month))
	return (
		<InsightsSection id="insights-subscriptions" title="Subscriptions">
			<dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
				<Stat label="Monthly recurring revenue" value={formatDollars(subscriptions.monthlyRecurringRevenueCents)} />
				<Stat label="Paying subscriptions" value={subscriptions.activeCount} />
				<Stat
					label="On a free trial"
					value={subscriptions.byStatus.find((row) => row.status === 'trialing')?.count ?? 0}
				/>
			</dl>
			<BarChart
				title="Members by subscription status"
				description="How many members have each subscription status today."
				labelHeading="Status"
				valueHeading="Members"
				layout={statuses}
				color={SERIES_COLORS[2]}
			/>
			<LineChart
				title="Trials, conversions and churn per month"
				description="Trials started each month, how many of those trials became paid, and members who stopped being premium."
				labelHeading="Month"
				layout={perMonth}
			/>
			<AdminTable
				caption="Trial conversion rate per month"
				columns={['Month', 'Trials started', 'Converted', 'Conversion rate']}
			>
				{subscriptions.monthly.map((row, index) => (
					<tr key={row.month}>
						<Cell>{months[index]}</Cell>
						<Cell className="tabular-nums">{row.trialsStarted}</Cell>
						<Cell className="tabular-nums">{row.trialsConverted}</Cell>
						<Cell className="tabular-nums">{formatRate(row.conversionRate)}</Cell>
					</tr>
				))}
			</AdminTable>
		</InsightsSection>
	)
}

function LessonList({ title, lessons }: { title: string; lessons: LessonFigures[] }) {
	return (
		<div className="rounded-lg border border-gray-200 bg-white p-4">
			<h4 className="font-semibold text-gray-900">{title}</h4>
			<ol className="mt-2 space-y-1 text-sm">
				{lessons.map((lesson) => (
					<li key={lesson.videoId} className="flex justify-between gap-3">
						<span className="truncate text-gray-800">{lesson.title}</span>
						<span className="shrink-0 tabular-nums text-gray-600">{`${lesson.completions} completed`}</span>
					</li>
				))}
			</ol>
		</div>
	)
}

function LessonsSection({ lessons, charts }: { lessons: Insights['lessons']; charts: InsightsCharts }) {
	return (
		<InsightsSection id="insights-lessons" title="Lessons">
			<dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
				<Stat label="Lessons started" value={lessons.videos.reduce((sum, video) => sum + video.starts, 0)} />
				<Stat label="Lessons completed" value={lessons.videos.reduce((sum, video) => sum + video.completions, 0)} />
				<Stat label="Average progress" value={lessons.averageProgress === null ? '–' : `${lessons.averageProgress}%`} />
			</dl>
			<div className="grid grid-cols-1 gap-3 md:grid-cols-2">
				<LessonList title="Most completed" lessons={lessons.mostCompleted} />
				<LessonList title="Least completed" lessons={lessons.leastCompleted} />
			</div>
			<BarChart
				title="Completion rate per lesson"
				description="Of the members who started each lesson (by its number), the share who completed it."
				labelHeading="Lesson"
				valueHeading="Completion rate"
				layout={charts.lessonCompletionRates}
				format={(value) => `${value}%`}
				color={SERIES_COLORS[1]}
			/>
			<AdminTable
				caption="Starts and completions per lesson"
				columns={['Lesson', 'Title', 'Starts', 'Completions', 'Completion rate', 'Average progress']}
			>
				{lessons.videos.length === 0 ? <EmptyRow columns={6}>No lessons yet.</EmptyRow> : null}
				{lessons.videos.map((video) => (
					<tr key={video.videoId}>
						<Cell className="tabular-nums text-gray-500">{`#${video.videoId}`}</Cell>
						<Cell className="font-medium text-gray-900">{video.title}</Cell>
						<Cell className="tabular-nums">{video.starts}</Cell>
						<Cell className="tabular-nums">{video.completions}</Cell>
						<Cell className="tabular-nums">{formatRate(video.completionRate)}</Cell>
						<Cell className="tabular-nums">{video.averageProgress === null ? '–' : `${video.averageProgress}%`}</Cell>
					</tr>
				))}
			</AdminTable>
		</InsightsSection>
	)
}

function CommunitySection({ community, charts }: { community: Insights['community']; charts: InsightsCharts }) {
	const weeks = community.weeks.length
	const charted = charts.roomMessagesPerWeek.series.length
	return (
		<InsightsSection id="insights-community" title="Community">
			<LineChart
				title="Room messages per week"
				description={`Messages posted in ${charted < community.rooms.length ? `the ${charted} busiest rooms` : 'each room'} in each of the last ${weeks} weeks.`}
				labelHeading="Week of"
				layout={charts.roomMessagesPerWeek}
			/>
			<AdminTable caption={`Room messages in the last ${weeks} weeks`} columns={['Room', 'Messages']}>
				{community.rooms.length === 0 ? <EmptyRow columns={2}>No rooms yet.</EmptyRow> : null}
				{community.rooms.map((room) => (
					<tr key={room.communityId}>
						<Cell className="font-medium text-gray-900">{room.name}</Cell>
						<Cell className="tabular-nums">{room.total}</Cell>
					</tr>
				))}
			</AdminTable>
			<AdminTable caption="Most active members in the last 30 days" columns={['Member', 'Username', 'Messages']}>
				{community.mostActiveMembers.length === 0 ? (
					<EmptyRow columns={3}>No messages in the last 30 days.</EmptyRow>
				) : null}
				{community.mostActiveMembers.map((member) => (
					<tr key={member.userId}>
						<Cell className="font-medium text-gray-900">{member.name}</Cell>
						<Cell>{member.username}</Cell>
						<Cell className="tabular-nums">{member.messages}</Cell>
					</tr>
				))}
			</AdminTable>
		</InsightsSection>
	)
}

/**
 * Programs (docs/decisions/151): enrolments, completions, the median days to
 * complete and the certificates issued; a table of every program; and the
 * completion funnel of the most started programs, each chart with its table.
 */
function ProgramsSection({ programs, charts }: { programs: Insights['programs']; charts: InsightsCharts }) {
	const days = (value: number | null) => (value === null ? '–' : `${value} ${value === 1 ? 'day' : 'days'}`)
	return (
		<InsightsSection id="insights-programs" title="Programs">
			<dl className="grid grid-cols-1 gap-3 sm:grid-cols-4">
				<Stat label="Enrolments" value={programs.enrolments} />
				<Stat label="Programs completed" value={programs.completions} />
				<Stat label="Median days to complete" value={days(programs.medianDaysToComplete)} />
				<Stat
					label={
						programs.certificatesRevoked
							? `Certificates issued (${programs.certificatesRevoked} revoked since)`
							: 'Certificates issued'
					}
					value={programs.certificatesIssued}
				/>
			</dl>
			<AdminTable
				caption="Enrolments and completions per program"
				columns={['Program', 'Enrolments', 'Completed', 'Completion rate', 'Median days to complete', 'Certificates']}
			>
				{programs.perProgram.length === 0 ? <EmptyRow columns={6}>No programs yet.</EmptyRow> : null}
				{programs.perProgram.map((program) => (
					<tr key={program.programId}>
						<Cell className="font-medium text-gray-900">
							{program.published ? program.title : `${program.title} (draft)`}
						</Cell>
						<Cell className="tabular-nums">{program.enrolments}</Cell>
						<Cell className="tabular-nums">{program.completions}</Cell>
						<Cell className="tabular-nums">{formatRate(program.completionRate)}</Cell>
						<Cell className="tabular-nums">{days(program.medianDaysToComplete)}</Cell>
						<Cell className="tabular-nums">{program.certificatesIssued}</Cell>
					</tr>
				))}
			</AdminTable>
			<div className="space-y-3">
				<BarChart
					title="Completion rate: in a peer pod and alone"
					description="Of the members who started a program, the share who completed it: those placed in a pod of it, and those who went alone."
					labelHeading="Members"
					valueHeading="Completion rate"
					layout={charts.podComparison}
					format={(value) => `${value}%`}
					color={SERIES_COLORS[2]}
				/>
				<AdminTable
					caption="Peer pods and going alone"
					columns={['Members', 'Program starts', 'Completed', 'Completion rate', 'Median days to complete']}
				>
					{(
						[
							['In a pod', programs.pods.inPods],
							['Alone', programs.pods.alone],
						] as const
					).map(([label, cohort]) => (
						<tr key={label}>
							<Cell className="font-medium text-gray-900">{label}</Cell>
							<Cell className="tabular-nums">{cohort.enrolments}</Cell>
							<Cell className="tabular-nums">{cohort.completions}</Cell>
							<Cell className="tabular-nums">{formatRate(cohort.completionRate)}</Cell>
							<Cell className="tabular-nums">{days(cohort.medianDaysToComplete)}</Cell>
						</tr>
					))}
				</AdminTable>
			</div>
			{charts.programFunnels.map(({ programId, layout }) => {
				const program = programs.perProgram.find((entry) => entry.programId === programId)!
				return (
					<div key={programId} className="space-y-3">
						<BarChart
							title={`Completion by module: ${program.title}`}
							description="Of the members who started the program, how many have completed each module."
							labelHeading="Stage"
							valueHeading="Members"
							layout={layout}
							color={SERIES_COLORS[3]}
						/>
						<AdminTable
							caption={`Completion by module of ${program.title}`}
							columns={['Module', 'Title', 'Completed', 'Share of those who started']}
						>
							{program.modules.map((module, index) => (
								<tr key={module.moduleId}>
									<Cell className="tabular-nums text-gray-500">{index + 1}</Cell>
									<Cell className="font-medium text-gray-900">{module.title}</Cell>
									<Cell className="tabular-nums">{module.completed}</Cell>
									<Cell className="tabular-nums">
										{formatRate(program.enrolments ? module.completed / program.enrolments : null)}
									</Cell>
								</tr>
							))}
						</AdminTable>
					</div>
				)
			})}
		</InsightsSection>
	)
}
