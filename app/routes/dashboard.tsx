import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { EventWhenWhere } from '~/components/event-when-where'
import { pageMeta } from '~/components/page-meta'
import { TimeZoneNote } from '~/components/time-zone-note'
import { Card, CardContent, CardTitle } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon, type IconName } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { VideoThumbnail } from '~/components/video-thumbnail'
import { formatDateTime, formatLongDate } from '~/lib/dates'
import { describeEventTime } from '~/lib/events'
import { readTimeZone } from '~/web/time-zone.server'
import { isPremium } from '~/lib/subscription'
import { progressText } from '~/lib/videos'
import { requireUser } from '~/web/auth.server'
import { getDashboard } from '~/services/dashboard.server'
import { listStartedPrograms } from '~/services/learning/program-learning.server'
import { YourPrograms } from '~/components/programs/your-programs'

export const meta: MetaFunction = () =>
	pageMeta('Dashboard', 'Your progress, upcoming events and the latest from your communities.')

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const now = new Date()
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	const [dashboard, programs] = await Promise.all([getDashboard(user, timeZone, now), listStartedPrograms(user, now)])
	const [nextEvent] = dashboard.upcomingEvents
	return json({
		name: user.name,
		// Free accounts read the rooms but cannot post (product §6): the Communities card says which.
		canPost: isPremium(user),
		videos: dashboard.videos,
		continueLearning: dashboard.continueLearning.map(({ video, progress }) => ({
			id: video.id,
			title: video.title,
			category: video.category,
			thumbnail: video.thumbnail,
			progress,
		})),
		communityCount: dashboard.communityCount,
		upcomingEventCount: dashboard.upcomingEventCount,
		nextEvent: nextEvent ? { title: nextEvent.title, date: formatLongDate(nextEvent.startTime, timeZone) } : null,
		upcomingEvents: dashboard.upcomingEvents.map((event) => ({
			id: event.id,
			title: event.title,
			location: event.location,
			...describeEventTime(event, timeZone),
			going: dashboard.eventActions.get(event.id)?.going ?? false,
			join: dashboard.eventActions.get(event.id)?.join ?? null,
		})),
		activity: dashboard.activity.map((item) => ({ ...item, time: formatDateTime(item.createdAt, timeZone) })),
		programs,
		timeZone,
		timeZoneFromHint: fromHint,
	})
}

export default function Dashboard() {
	const data = useLoaderData<typeof loader>()
	const watchedPercent = data.videos.total ? (data.videos.watched / data.videos.total) * 100 : 0
	return (
		<div className="mx-auto max-w-6xl space-y-8">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Welcome back, {data.name}!</h1>
				<p className="mt-1 text-gray-600">Here is what is happening in your leadership journey.</p>
			</div>

			<section aria-label="Your numbers" className="grid grid-cols-1 gap-4 md:grid-cols-3">
				<StatCard icon="video" title="Videos Watched" link={{ to: '/content-library', label: 'Browse the library' }}>
					<p className="text-3xl font-bold text-gray-900">
						{data.videos.watched} of {data.videos.total}
					</p>
					<div className="mt-3">
						<ProgressBar value={watchedPercent} label="Videos watched" />
					</div>
				</StatCard>
				<StatCard icon="community" title="Communities" link={{ to: '/community', label: 'See all communities' }}>
					<p className="text-3xl font-bold text-gray-900">{data.communityCount}</p>
					<p className="mt-1 text-sm text-gray-600">
						{data.canPost
							? 'Groups you can join the conversation in'
							: 'Groups whose conversations you can read. Premium members take part.'}
					</p>
				</StatCard>
				<StatCard icon="events" title="Upcoming Events" link={{ to: '/events', label: 'See all events' }}>
					<p className="text-3xl font-bold text-gray-900">{data.upcomingEventCount}</p>
					{data.nextEvent ? (
						<p className="mt-1 text-sm text-gray-600">
							Next: <span className="font-medium text-gray-900">{data.nextEvent.title}</span> · {data.nextEvent.date}
						</p>
					) : (
						<p className="mt-1 text-sm text-gray-600">No upcoming events scheduled</p>
					)}
				</StatCard>
			</section>

			<YourPrograms programs={data.programs} />

			<div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
				<Card className="lg:col-span-2">
					<SectionHeader title="Continue Learning" link={{ to: '/content-library', label: 'View library' }} />
					<CardContent>
						{data.continueLearning.length ? (
							<ul className="space-y-3">
								{data.continueLearning.map((item, index) => (
									<li key={item.id}>
										<Link
											to={`/content-library/${item.id}`}
											className="flex items-center gap-4 rounded-lg p-2 hover:bg-gray-50"
										>
											<VideoThumbnail
												src={item.thumbnail}
												eager={index === 0}
												className="hidden w-28 shrink-0 rounded-md min-[400px]:block sm:w-36"
											/>
											<div className="min-w-0 flex-1">
												<p className="truncate font-medium text-gray-900">{item.title}</p>
												<p className="text-xs text-gray-500">{item.category ?? 'Uncategorized'}</p>
												<div className="mt-2">
													<ProgressBar value={item.progress} label={`Progress of ${item.title}`} />
												</div>
												<p className="mt-1 text-xs text-gray-600">{progressText(item.progress)}</p>
											</div>
										</Link>
									</li>
								))}
							</ul>
						) : (
							<EmptyState title="No videos in progress" icon={<Icon name="video" className="h-8 w-8" />}>
								<Link to="/content-library" className="font-medium text-brand-700 hover:underline">
									Start a lesson from the Content Library
								</Link>
							</EmptyState>
						)}
					</CardContent>
				</Card>

				<Card>
					<SectionHeader title="Upcoming Events" link={{ to: '/events', label: 'View all' }} />
					<CardContent>
						{data.upcomingEvents.length ? (
							<ul className="space-y-3">
								{data.upcomingEvents.map((event) => (
									<li key={event.id} className="rounded-lg border border-gray-200 p-3">
										<Link
											to={`/events/${event.id}`}
											className="inline-flex min-h-6 items-center font-medium text-gray-900 hover:text-brand-700 hover:underline"
										>
											{event.title}
										</Link>
										<EventWhenWhere
											date={event.date}
											time={event.time}
											location={event.location}
											className="mt-1 flex-col gap-0.5"
										/>
										{/* The same rule as /events: 'Join' is the meeting link while it is open to a member who is going; else the event's page. */}
										{event.join?.kind === 'open' ? (
											<a
												href={event.join.url}
												target="_blank"
												rel="noopener noreferrer"
												aria-label={`Join: ${event.title} (opens the meeting in a new tab)`}
												className="mt-3 inline-flex rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800"
											>
												Join
											</a>
										) : (
											<Link
												to={`/events/${event.id}`}
												aria-label={`${event.going ? 'Going' : 'RSVP'}: ${event.title}`}
												className="mt-3 inline-flex rounded-md border border-gray-300 px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50"
											>
												{event.going ? 'Going' : 'RSVP'}
											</Link>
										)}
										{event.join?.kind === 'later' ? (
											<p className="mt-1 text-xs text-gray-600">{`Join opens at ${event.join.opensAt}`}</p>
										) : null}
									</li>
								))}
							</ul>
						) : (
							<EmptyState title="No upcoming events scheduled" icon={<Icon name="events" className="h-8 w-8" />} />
						)}
						<TimeZoneNote timeZone={data.timeZone} fromHint={data.timeZoneFromHint} className="mt-3" />
					</CardContent>
				</Card>

				<Card className="lg:col-span-3">
					<SectionHeader title="Community Activity" link={{ to: '/community', label: 'View all' }} />
					<CardContent>
						{data.activity.length ? (
							<ul aria-label="Latest in your communities" className="divide-y divide-gray-100">
								{data.activity.map((item) => (
									<li key={item.key}>
										<Link to={item.link} className="block rounded-lg px-2 py-3 hover:bg-gray-50">
											<span className="flex flex-wrap items-baseline gap-x-2 text-sm">
												<span className="font-medium text-gray-900">{item.author}</span>
												<span className="text-gray-600">
													{item.kind === 'post'
														? `posted “${item.postTitle}” in ${item.communityName}`
														: item.kind === 'comment'
															? `commented on “${item.postTitle}” in ${item.communityName}`
															: `in ${item.communityName}`}
												</span>
												<time dateTime={item.createdAt} className="text-xs text-gray-500">
													{item.time}
												</time>
											</span>
											<span className="mt-0.5 block break-words text-sm text-gray-700">{item.preview}</span>
										</Link>
									</li>
								))}
							</ul>
						) : (
							<EmptyState title="No community activity yet" icon={<Icon name="community" className="h-8 w-8" />}>
								{data.communityCount === 0 ? (
									<Link to="/community" className="font-medium text-brand-700 hover:underline">
										Join a community to see its latest here.
									</Link>
								) : null}
							</EmptyState>
						)}
					</CardContent>
				</Card>
			</div>
		</div>
	)
}

function StatCard({
	icon,
	title,
	link,
	children,
}: {
	icon: IconName
	title: string
	link: { to: string; label: string }
	children: ReactNode
}) {
	return (
		<Card className="flex flex-col p-5">
			<div className="flex items-center justify-between">
				<h2 className="text-sm font-medium text-gray-600">{title}</h2>
				<span className="rounded-lg bg-brand-50 p-2 text-brand-600">
					<Icon name={icon} />
				</span>
			</div>
			<div className="mt-2 flex-1">{children}</div>
			<Link
				to={link.to}
				className="mt-3 inline-flex min-h-6 items-center self-start py-1 text-sm font-medium text-brand-700 hover:underline"
			>
				{link.label} →
			</Link>
		</Card>
	)
}

function SectionHeader({ title, link }: { title: string; link: { to: string; label: string } }) {
	return (
		<div className="flex items-center justify-between gap-4 p-5 pb-3">
			<CardTitle>{title}</CardTitle>
			<Link
				to={link.to}
				className="inline-flex min-h-6 shrink-0 items-center py-1 text-sm font-medium text-brand-700 hover:underline"
			>
				{link.label}
			</Link>
		</div>
	)
}
