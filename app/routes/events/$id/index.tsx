import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { EventWhenWhere } from '~/components/event-when-where'
import { EventActions } from '~/components/events/event-actions'
import { pageMeta } from '~/components/page-meta'
import { TimeZoneNote } from '~/components/time-zone-note'
import { Avatar } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { ActionToast } from '~/components/ui/toaster'
import { readTimeZone } from '~/web/time-zone.server'
import { requireUser } from '~/web/auth.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { requireNumericId } from '~/web/http.server'
import { handleRsvpPost } from '~/routes/events/__rsvp.server'
import { describeEventPage } from '~/services/events/event-views.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.event.title ?? 'Event', data?.event.description ?? 'An event of the LeaderForge community.')

/** product §2 "Event": one event's page, linked from its card, the dashboard and its notifications. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const id = requireNumericId(params.id, 'Event')
	const { timeZone, fromHint } = readTimeZone(request.headers.get('Cookie'))
	const event = await describeEventPage(user, id, new Date(), timeZone).catch(rethrowAsResponse)
	return json({ event, timeZone, timeZoneFromHint: fromHint })
}

/** The RSVP form on this page comes back to it. */
export function action({ request }: ActionFunctionArgs) {
	return handleRsvpPost(request, (eventId) => `/events/${eventId}`)
}

export default function EventPage() {
	const { event, timeZone, timeZoneFromHint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { going } = event
	const unlisted = going.total - going.people.length
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<Link
				to={event.upcoming ? '/events' : '/events?tab=past'}
				className="inline-flex min-h-6 items-center gap-1 py-1 text-sm font-medium text-brand-700 hover:underline"
			>
				<span aria-hidden="true">←</span> All events
			</Link>
			<article
				aria-labelledby="event-title"
				className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
			>
				<div className="flex flex-wrap items-center gap-2">
					<h1 id="event-title" className="text-2xl font-bold text-gray-900">
						{event.title}
					</h1>
					{event.relative ? (
						<Badge tone={event.relative === 'Starting soon' ? 'green' : 'blue'}>{event.relative}</Badge>
					) : (
						<Badge tone="gray">Past event</Badge>
					)}
				</div>
				<div className="space-y-1">
					<EventWhenWhere date={event.date} time={event.time} location={event.location} className="flex-col gap-1" />
					<TimeZoneNote timeZone={timeZone} fromHint={timeZoneFromHint} />
				</div>
				{event.description ? <p className="whitespace-pre-line text-gray-700">{event.description}</p> : null}
				<EventActions
					eventId={event.id}
					title={event.title}
					returnTo={`/events/${event.id}`}
					{...event.actions}
					showAttendees={false}
					align="page"
				/>
			</article>

			<section
				aria-labelledby="going-title"
				className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
			>
				<div className="flex items-baseline justify-between gap-4">
					<h2 id="going-title" className="text-lg font-semibold text-gray-900">
						Who is going
					</h2>
					<p className="text-sm text-gray-600">{`${going.total} going`}</p>
				</div>
				{going.people.length ? (
					<ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
						{going.people.map((person) => (
							<li key={person.id}>
								<Link
									to={`/members/${person.id}`}
									className="flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm font-medium text-gray-900 hover:bg-gray-50"
								>
									<Avatar name={person.name} src={person.avatar} size="sm" />
									<span className="min-w-0 truncate">{person.name}</span>
								</Link>
							</li>
						))}
					</ul>
				) : (
					<p className="text-sm text-gray-600">
						{event.upcoming ? 'Nobody has said they are going yet.' : 'Nobody said they were going.'}
					</p>
				)}
				{unlisted > 0 ? <p className="text-sm text-gray-600">{`and ${unlisted} more`}</p> : null}
			</section>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
		</div>
	)
}
