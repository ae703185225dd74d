import { Form } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { WEEKDAYS, weekdayName } from '~/lib/pods'

/** What the program page knows of the member and pods (product §2 "Peer pods: joining"). */
export type PodPanelState =
	| { kind: 'premium-required' }
	| { kind: 'start-first' }
	| { kind: 'none'; timeZone: string; timeZones: string[] }
	| {
			kind: 'waiting'
			timeZone: string
			checkInDay: number
			waitingNearby: number
			timeZones: string[]
	  }
	| { kind: 'matched'; podId: number }

const WHAT_A_POD_SEES =
	'Your pod sees your name, your progress in this program (items done, the module you are in) and your weekly check-ins. Nobody else reads your check-ins or your pod’s chat.'

/** The "Peer pod" section of a program's page: join, wait (and leave the queue), or go to one's pod. */
export function PodQueuePanel({ state }: { state: PodPanelState }) {
	return (
		<section
			aria-labelledby="pod-heading"
			className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
		>
			<h2 id="pod-heading" className="text-lg font-semibold text-gray-900">
				Go through it with a peer pod
			</h2>
			<p className="text-sm text-gray-700">
				A pod is four to six members taking this program at the same time, in time zones close to yours. Each week you
				say what you will practise and whether last week’s commitment happened, and you cheer each other on.
			</p>
			{state.kind === 'premium-required' ? (
				<div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
					<div>
						<p className="font-semibold text-amber-900">Premium Feature</p>
						<p className="text-sm text-amber-800">Peer pods are part of Premium.</p>
					</div>
					<ButtonLink to="/subscribe">Upgrade to Premium</ButtonLink>
				</div>
			) : state.kind === 'start-first' ? (
				<p className="text-sm text-gray-700">Start the program first: then you can join a pod.</p>
			) : state.kind === 'matched' ? (
				<ButtonLink to={`/pods/${state.podId}`}>Go to your pod</ButtonLink>
			) : state.kind === 'waiting' ? (
				<div className="space-y-3" data-testid="pod-waiting">
					<p className="text-sm font-medium text-gray-900">
						{`You are waiting for a pod: check-ins on ${weekdayName(state.checkInDay)}, time zone ${state.timeZone}.`}
					</p>
					<p className="text-sm text-gray-700">
						{state.waitingNearby === 1
							? '1 other member in a time zone near yours is waiting too.'
							: `${state.waitingNearby} other members in time zones near yours are waiting too.`}{' '}
						A pod forms as soon as four of you can be matched; after a week of waiting you join a smaller pod or one
						with room. We will tell you when it forms.
					</p>
					<p className="text-sm text-gray-600">{WHAT_A_POD_SEES}</p>
					<LeaveQueueForm />
				</div>
			) : (
				<JoinPodForm timeZone={state.timeZone} timeZones={state.timeZones} />
			)}
		</section>
	)
}

function JoinPodForm({ timeZone, timeZones }: { timeZone: string; timeZones: string[] }) {
	const pending = useIsSubmitting('join-pod')
	return (
		<Form method="post" className="space-y-3">
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="join-pod" />
			<p className="text-sm text-gray-600">{WHAT_A_POD_SEES}</p>
			<div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
				<div>
					<label htmlFor="pod-time-zone" className="mb-1 block text-sm font-medium text-gray-700">
						Your time zone
					</label>
					<select
						id="pod-time-zone"
						name="timeZone"
						defaultValue={timeZone}
						className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900"
					>
						{timeZones.map((zone) => (
							<option key={zone} value={zone}>
								{zone}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="pod-check-in-day" className="mb-1 block text-sm font-medium text-gray-700">
						Check-in day
					</label>
					<select
						id="pod-check-in-day"
						name="checkInDay"
						defaultValue="1"
						className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900"
					>
						{WEEKDAYS.map((day, index) => (
							<option key={day} value={index + 1}>
								{day}
							</option>
						))}
					</select>
				</div>
			</div>
			<StatusButton pending={pending} pendingLabel="Joining...">
				Join a pod
			</StatusButton>
		</Form>
	)
}

function LeaveQueueForm() {
	const pending = useIsSubmitting('leave-pod-queue')
	return (
		<Form method="post">
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="leave-pod-queue" />
			<StatusButton variant="secondary" pending={pending} pendingLabel="Leaving...">
				Leave the queue
			</StatusButton>
		</Form>
	)
}
