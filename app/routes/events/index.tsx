import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import type { EventJSON } from '#models/index'
import { EventWhenWhere } from '~/components/event-when-where'
import { EventActions } from '~/components/events/event-actions'
import { pageMeta } from '~/components/page-meta'
import { TimeZoneNote } from '~/components/time-zone-note'
import { Badge } from '~/components/ui/badge'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { Pager } from '~/components/ui/pager'
import { TabLinks } from '~/components/ui/tab-links'
import { ActionToast } from '~/components/ui/toaster'
import { UPCOMING_GROUP_TITLES, groupUpcomingEvents, type UpcomingGroup } from '~/lib/events'
import { PAGE_SIZES, pageFrom, pageWindow, readPageNumber } from '~/lib/paging'
import { readTimeZone } from '~/web/time-zone.server'
import { requireUser } from '~/web/auth.server'
import { localRedirectPath } from '~/web/http.server'
import { eventsListWindow, presentEvent, type EventView } from '~/services/events/event-views.server'
import { handleRsvpPost } from '~/routes/events/__rsvp.server'

export const meta: MetaFunction = () =>
	pageMeta('Events', 'Workshops, coaching circles and live sessions with leaders from the community.')

const TABS = [
	{ value: 'upcoming', label: 'Upcoming' },
	{ value: 'past', label: 'Past Events' },
]

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const now = new Date()
	const tab = new URL(request.url).searchParams.get('tab') === 'past' ? 'past' : 'upcoming'
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	const page = readPageNumber(new URL(request.url).searchParams.get('page'))
	const window = pageWindow(page, PAGE_SIZES.events)
	const { rows, actions } = await eventsListWindow(user, tab, window, now, timeZone)
	const { items: events, hasMore } = pageFrom(rows, page, PAGE_SIZES.events)
	const present = (event: EventJSON) => presentEvent(event, now, timeZone, actions.get(event.id)!)
	if (tab === 'past') {
		return json({ tab, timeZone, timeZoneFromHint: fromHint, page, hasMore, past: events.map(present), groups: null })
	}
	const groups = groupUpcomingEvents(events, now, timeZone)
	return json({
		tab,
		timeZone,
		timeZoneFromHint: fromHint,
		page,
		hasMore,
		past: null,
		groups: (Object.keys(groups) as UpcomingGroup[]).map((group) => ({ group, events: groups[group].map(present) })),
	})
}

/** The RSVP form of the list's cards: back to the tab and page it was posted from, at the event. */
export function action({ request }: ActionFunctionArgs) {
	return handleRsvpPost(
		request,
		(eventId, formData) => `${localRedirectPath(formData.get('returnTo'), '/events').split('#')[0]}#event-${eventId}`,
	)
}

export default function EventsPage() {
	const { tab, timeZone, timeZoneFromHint, page, hasMore, past, groups } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	// An RSVP comes back to the page it was sent from (the tab and the page of the list).
	const here = `/events${searchParams.toString() ? `?${searchParams}` : ''}`
	const upcomingCount = groups?.reduce((count, group) => count + group.events.length, 0) ?? 0
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Events</h1>
				<p className="mt-1 text-gray-600">
					Workshops, coaching circles and live sessions with leaders from the community.
				</p>
				<TimeZoneNote timeZone={timeZone} fromHint={timeZoneFromHint} className="mt-2" />
			</div>
			<TabLinks
				label="Event lists"
				param="tab"
				active={tab}
				tabs={TABS}
				searchParams={searchParams}
				resetParams={['page']}
			/>

			{groups ? (
				upcomingCount ? (
					groups
						.filter(({ events }) => events.length > 0)
						.map(({ group, events }) => (
							<section key={group} aria-labelledby={`group-${group}`} className="space-y-3">
								<h2 id={`group-${group}`} className="text-lg font-semibold text-gray-900">
									{UPCOMING_GROUP_TITLES[group]}
								</h2>
								<ul className="space-y-3">
									{events.map((event) => (
										<EventItem key={event.id} event={event} returnTo={here} showRelative />
									))}
								</ul>
							</section>
						))
				) : (
					<EmptyState title="No upcoming events" icon={<Icon name="events" className="h-8 w-8" />}>
						Check back soon: new sessions are announced here first.
					</EmptyState>
				)
			) : past?.length ? (
				<section aria-labelledby="past-events" className="space-y-3">
					{/* The upcoming groups have visible headings; the one past list needs one for its h3s. */}
					<h2 id="past-events" className="sr-only">
						Past Events
					</h2>
					<ul className="space-y-3">
						{past.map((event) => (
							<EventItem key={event.id} event={event} returnTo={here} />
						))}
					</ul>
				</section>
			) : (
				<EmptyState title="No past events" icon={<Icon name="events" className="h-8 w-8" />} />
			)}
			<Pager
				label={tab === 'past' ? 'Pages of past events' : 'Pages of upcoming events'}
				page={page}
				hasMore={hasMore}
			/>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
		</div>
	)
}

/** One event: what (a link to its page), when and where, and what the member can do about it (RSVP, join, replay, calendar). */
function EventItem({
	event,
	returnTo,
	showRelative = false,
}: {
	event: EventView
	returnTo: string
	showRelative?: boolean
}) {
	return (
		<li
			id={`event-${event.id}`}
			className="scroll-mt-20 rounded-xl border border-gray-200 bg-white p-5 shadow-sm target:ring-2 target:ring-brand-500"
		>
			<div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
				<div className="min-w-0 space-y-1">
					<div className="flex flex-wrap items-center gap-2">
						<h3 className="font-semibold text-gray-900">
							<Link to={`/events/${event.id}`} className="hover:text-brand-700 hover:underline">
								{event.title}
							</Link>
						</h3>
						{showRelative ? (
							<Badge tone={event.relative === 'Starting soon' ? 'green' : 'blue'}>{event.relative}</Badge>
						) : null}
					</div>
					{event.description ? <p className="text-sm text-gray-600">{event.description}</p> : null}
					<EventWhenWhere
						date={event.date}
						time={event.time}
						location={event.location}
						className="flex-wrap gap-x-4 gap-y-1 pt-1"
					/>
				</div>
				<EventActions eventId={event.id} title={event.title} returnTo={returnTo} {...event.actions} />
			</div>
		</li>
	)
}
