import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { Avatar } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink, buttonClassName } from '~/components/ui/button'
import { Icon } from '~/components/ui/icon'

/** The event card's right-hand side (product §2 "Events"): RSVP, join, replay, calendar file and who is going. */
export interface EventActionsProps {
	eventId: number
	title: string
	attendeeCount: number
	going: boolean
	attendees: Array<{ id: number; name: string; avatar: string | null }>
	canRsvp: boolean
	join: { kind: 'open'; url: string } | { kind: 'later'; opensAt: string } | { kind: 'where'; where: string } | null
	replayVideoId: number | null
	/** The page the RSVP form is on: it posts there and comes back there. */
	returnTo: string
	/** The first faces and the count; the event's own page lists everyone going instead. */
	showAttendees?: boolean
	/** Right-aligned beside a card's text from `sm` up; the event's page stacks it under its text. */
	align?: 'card' | 'page'
}

export function EventActions({
	eventId,
	title,
	attendeeCount,
	going,
	attendees,
	canRsvp,
	join,
	replayVideoId,
	returnTo,
	showAttendees = true,
	align = 'card',
}: EventActionsProps) {
	const card = align === 'card'
	return (
		<div className={`flex shrink-0 flex-col items-start gap-2 ${card ? 'sm:items-end' : ''}`}>
			<div className={`flex flex-wrap items-center gap-2 ${card ? 'sm:justify-end' : ''}`}>
				{going ? <Badge tone="green">Going</Badge> : null}
				{canRsvp ? <RsvpForm eventId={eventId} title={title} going={going} returnTo={returnTo} /> : null}
				{join?.kind === 'open' ? (
					<a
						href={join.url}
						target="_blank"
						rel="noopener noreferrer"
						aria-label={`Join Now: ${title} (opens the meeting in a new tab)`}
						className={buttonClassName({ className: 'bg-green-700 hover:bg-green-800' })}
					>
						Join Now
					</a>
				) : null}
				{replayVideoId !== null ? (
					<ButtonLink to={`/content-library/${replayVideoId}`} variant="secondary" aria-label={`Replay: ${title}`}>
						Replay
					</ButtonLink>
				) : null}
			</div>
			{join?.kind === 'later' ? <p className="text-sm text-gray-600">{`Join opens at ${join.opensAt}`}</p> : null}
			{join?.kind === 'where' ? <p className="text-sm text-gray-600">{`Happens at: ${join.where}`}</p> : null}
			{showAttendees ? (
				<div className="flex items-center gap-2">
					{attendees.length ? (
						<ul aria-label={`Some of the people going to ${title}`} className="flex -space-x-2">
							{attendees.map((person) => (
								<li key={person.id} title={person.name} className="rounded-full ring-2 ring-white">
									<Avatar name={person.name} src={person.avatar} size="sm" />
								</li>
							))}
						</ul>
					) : null}
					<span className="text-sm text-gray-600">{`${attendeeCount} going`}</span>
				</div>
			) : null}
			<a
				href={`/events/${eventId}/calendar.ics`}
				download
				aria-label={`Add to calendar: ${title}`}
				className="inline-flex min-h-6 items-center gap-1 py-1 text-sm font-medium text-brand-700 hover:underline"
			>
				<Icon name="download" className="h-4 w-4" />
				Add to calendar
			</a>
		</div>
	)
}

/** A plain form: 'RSVP' says going, 'Cancel RSVP' says not going (works without JavaScript). */
function RsvpForm({
	eventId,
	title,
	going,
	returnTo,
}: {
	eventId: number
	title: string
	going: boolean
	returnTo: string
}) {
	return (
		// Posted to the page it is on (the list, or the event's page), so a refusal is said there.
		<Form method="post" action={returnTo.split(/[?#]/)[0]} preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="rsvp" />
			<input type="hidden" name="eventId" value={eventId} />
			<input type="hidden" name="going" value={going ? 'false' : 'true'} />
			<input type="hidden" name="returnTo" value={returnTo} />
			<Button
				type="submit"
				variant={going ? 'secondary' : 'primary'}
				aria-label={`${going ? 'Cancel RSVP' : 'RSVP'}: ${title}`}
			>
				{going ? 'Cancel RSVP' : 'RSVP'}
			</Button>
		</Form>
	)
}
