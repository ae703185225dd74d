import { Form, useActionData, useRouteLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { StatusButton } from '~/components/ui/button'
import { TabCard } from '~/routes/profile/__tab-card'

/**
 * The personal calendar feed (product §2 "Profile"): a secret address of
 * the events the member is going to, for a calendar app to subscribe to.
 * Only its hash is kept, so the address is shown once, right after it is
 * made; making a new one ends the old one (docs/decisions/103).
 */
export function CalendarCard() {
	// The profile route's loader says whether a feed exists (read here, not passed down, so the tabs stay as they are).
	const feed =
		useRouteLoaderData<{ calendarFeed: { createdAt: string } | null }>('routes/profile/route')?.calendarFeed ?? null
	const actionData = useActionData<{ intent?: string; calendarUrl?: string }>()
	const calendarUrl = actionData?.intent === 'calendar-feed' ? actionData.calendarUrl : undefined
	const pending = useIsSubmitting('calendar-feed')
	return (
		<TabCard title="Calendar Feed" description="Subscribe to the events you are going to from your calendar app.">
			<div className="space-y-3">
				{calendarUrl ? (
					<div className="space-y-1">
						<label htmlFor="calendar-url" className="text-sm font-medium text-gray-900">
							Your calendar address
						</label>
						<input
							id="calendar-url"
							readOnly
							value={calendarUrl}
							onFocus={(event) => event.currentTarget.select()}
							className="block w-full rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900"
						/>
						<p className="text-xs text-gray-600">
							Copy it now: for your safety it is shown only once. Anyone with it can see the events you are going to.
						</p>
					</div>
				) : (
					<p className="text-sm text-gray-600">
						{feed
							? 'You have a calendar address. If you lost it, or someone else has it, make a new one: the old one stops working.'
							: 'Make a private address for your calendar app. It lists the events you RSVP to.'}
					</p>
				)}
				<Form method="post" action="/profile?tab=account">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="calendar-feed" />
					<StatusButton variant="secondary" pending={pending} pendingLabel="Making address...">
						{feed || calendarUrl ? 'Reset calendar address' : 'Create calendar address'}
					</StatusButton>
				</Form>
			</div>
		</TabCard>
	)
}
