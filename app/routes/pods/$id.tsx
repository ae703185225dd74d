import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ChatPanel } from '~/components/chat/chat-panel'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { Badge } from '~/components/ui/badge'
import { BackLink } from '~/components/ui/back-link'
import { Button, StatusButton } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { ProgressBar } from '~/components/ui/progress-bar'
import { ActionToast } from '~/components/ui/toaster'
import { formatDateTime } from '~/lib/dates'
import { OUTCOMES, OUTCOME_LABELS, POD_LIMITS } from '~/lib/pods'
import {
	CheckInIdFormSchema,
	CheckInSchema,
	EditCheckInFormSchema,
	EmptyFormSchema,
	PodNameSchema,
	PodReplyFormSchema,
} from '~/lib/form-schemas.server'
import { readTimeZone } from '~/web/time-zone.server'
import { type RouteHandle } from '~/types'
import { getCommunityHistory, sendCommunityMessage } from '~/services/chat/messages.server'
import { getActiveMute } from '~/services/moderation/mutes.server'
import {
	cheerCheckIn,
	getPod,
	leavePod,
	postCheckIn,
	renamePod,
	replyToCheckIn,
	updateCheckIn,
	type CheckInView,
	type PodView,
} from '~/services/pods/pods.server'
import { requireUser } from '~/web/auth.server'
import { chatPermissionsFor, handleChatPageAction, readOpenForm, readPageCursor } from '~/web/chat-form.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { handleFormSubmission, newFormOnceToken } from '~/web/form.server'
import { requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

/** The pod's chat is an island, as a room's is. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.pod.name ?? 'Pod', 'Your peer pod: check-ins, progress and chat.')

/** product §2 "Inside a pod": the pod's members only; anyone else is told it does not exist. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const pod = await getPod(user, requireNumericId(params.id, 'Pod')).catch(rethrowAsResponse)
	const cursor = readPageCursor(request)
	const [history, permissions, mute] = await Promise.all([
		getCommunityHistory(user, pod.roomId, cursor).catch(rethrowAsResponse),
		chatPermissionsFor(user),
		pod.canWrite ? getActiveMute(user.id) : null,
	])
	return json({
		me: { id: user.id, username: user.username },
		pod,
		history,
		viewingOlder: cursor.before !== undefined,
		permissions,
		mute,
		openForm: readOpenForm(request),
		timeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
		renderedAt: new Date().toISOString(),
		formOnce: newFormOnceToken(),
	})
}

const POD_INTENTS = ['check-in', 'edit-check-in', 'cheer', 'uncheer', 'reply', 'rename', 'leave-pod'] as const
type PodIntent = (typeof POD_INTENTS)[number]
const isPodIntent = (value: unknown): value is PodIntent => POD_INTENTS.includes(value as PodIntent)

/** The chat's forms (send, edit, delete, report) as a room's, and the pod's own, each by its intent. */
export async function action({ request, params }: ActionFunctionArgs) {
	const podId = requireNumericId(params.id, 'Pod')
	const here = `/pods/${podId}`
	const user = await requireUser(request)
	const pod = await getPod(user, podId).catch(rethrowAsResponse)
	return handleChatPageAction(
		request,
		(actor, content) => sendCommunityMessage(actor, { communityId: pod.roomId, content }),
		here,
		(actor, formData) => {
			const intent = formData.get('intent')
			if (!isPodIntent(intent)) return null
			const common = { request, formData, intent, announceInvalid: true }
			switch (intent) {
				case 'check-in':
					return handleFormSubmission({
						...common,
						schema: CheckInSchema,
						failureTitle: 'Could not post your check-in',
						onValid: async (input) => {
							await postCheckIn(actor, podId, input)
							return redirectWithToast(here, {
								title: 'Checked in',
								description: 'Your pod’s check-ins are open to you now.',
							})
						},
					})
				case 'edit-check-in':
					return handleFormSubmission({
						...common,
						schema: EditCheckInFormSchema,
						failureTitle: 'Could not save your check-in',
						onValid: async ({ checkInId, ...input }) => {
							await updateCheckIn(actor, checkInId, input)
							return redirectWithToast(here, { title: 'Check-in saved' })
						},
					})
				case 'cheer':
				case 'uncheer':
					return handleFormSubmission({
						...common,
						schema: CheckInIdFormSchema,
						failureTitle: 'Could not cheer',
						onValid: async ({ checkInId }) => {
							await cheerCheckIn(actor, checkInId, intent === 'cheer')
							return redirect(`${here}#check-in-${checkInId}`, 303)
						},
					})
				case 'reply':
					return handleFormSubmission({
						...common,
						schema: PodReplyFormSchema,
						failureTitle: 'Could not reply',
						onValid: async ({ checkInId, text }) => {
							await replyToCheckIn(actor, checkInId, { text })
							return redirect(`${here}#check-in-${checkInId}`, 303)
						},
					})
				case 'rename':
					return handleFormSubmission({
						...common,
						schema: PodNameSchema,
						failureTitle: 'Could not rename the pod',
						onValid: async (input) => {
							await renamePod(actor, podId, input)
							return redirectWithToast(here, { title: 'Pod renamed' })
						},
					})
				case 'leave-pod':
					return handleFormSubmission({
						...common,
						schema: EmptyFormSchema,
						failureTitle: 'Could not leave the pod',
						onValid: async () => {
							await leavePod(actor, podId)
							return redirectWithToast(`/programs/${pod.programId}`, { title: `You left ${pod.name}` })
						},
					})
			}
		},
	)
}

export default function PodPage() {
	const { me, pod, history, viewingOlder, permissions, mute, openForm, timeZone, renderedAt, formOnce } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const finished = pod.state === 'finished'
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<BackLink to="/pods">Your pods</BackLink>
			<header className="space-y-2">
				<div className="flex flex-wrap items-center gap-2">
					<h1 className="text-2xl font-bold text-gray-900">{pod.name}</h1>
					{finished ? (
						<Badge tone="green">Finished</Badge>
					) : (
						<Badge tone="blue">{`Week ${pod.week} of ${pod.weeks}`}</Badge>
					)}
				</div>
				<p className="text-gray-700">
					<Link to={`/programs/${pod.programId}`} className="font-medium text-brand-700 hover:underline">
						{pod.programTitle}
					</Link>
					{` · Check-ins on ${pod.checkInDayName} · ${pod.timeZone}`}
				</p>
				{finished ? null : (
					<p className="text-sm text-gray-600">
						{`This week runs from ${formatDateTime(pod.weekStartsAt, timeZone)} to ${formatDateTime(pod.weekEndsAt, timeZone)}.`}
					</p>
				)}
				{pod.readOnlyReason ? (
					<p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
						{pod.readOnlyReason}
					</p>
				) : null}
			</header>

			{pod.summary ? <Summary summary={pod.summary} /> : null}

			<div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
				<div className="min-w-0 space-y-6">
					{pod.canWrite ? <ThisWeek pod={pod} /> : null}
					<CheckIns pod={pod} timeZone={timeZone} />
					<Card className="overflow-hidden">
						<ChatPanel
							key={pod.roomId}
							me={me}
							target={{ kind: 'community', communityId: pod.roomId }}
							history={history}
							pageUrl={`/pods/${pod.id}`}
							viewingOlder={viewingOlder}
							canPost={pod.canWrite}
							readOnlyNotice={<p className="p-4 text-sm text-gray-700">{pod.readOnlyReason}</p>}
							emptyState={
								<>
									<p className="font-medium text-gray-900">No messages yet</p>
									<p className="mt-1 text-sm text-gray-600">Say hello to your pod.</p>
								</>
							}
							placeholder={`Message ${pod.name}`}
							label={`Chat in ${pod.name}`}
							timeZone={timeZone}
							renderedAt={renderedAt}
							formOnce={formOnce}
							permissions={permissions}
							openForm={openForm}
							mute={mute}
						/>
					</Card>
				</div>
				<aside className="space-y-6 self-start">
					<Members pod={pod} />
					{pod.canWrite ? <PodSettings name={pod.name} /> : null}
				</aside>
			</div>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

function Summary({ summary }: { summary: NonNullable<PodView['summary']> }) {
	const rows: Array<[string, string]> = [
		['Weeks', String(summary.weeks)],
		['Check-in rate', `${summary.checkInRate}%`],
		['Commitments kept', `${summary.commitmentsKept} of ${summary.commitmentsReported}`],
		['Certificates earned', String(summary.certificates)],
	]
	return (
		<section aria-labelledby="summary-heading" className="rounded-xl border border-green-200 bg-green-50 p-5">
			<h2 id="summary-heading" className="text-lg font-semibold text-green-900">
				How your pod did
			</h2>
			<dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
				{rows.map(([label, value]) => (
					<div key={label}>
						<dt className="text-sm text-green-800">{label}</dt>
						<dd className="text-2xl font-bold text-green-900">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

function Members({ pod }: { pod: PodView }) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>Members</CardTitle>
			</CardHeader>
			<CardContent>
				<ul className="space-y-4" aria-label="Pod members">
					{pod.members.map((member, index) => (
						<li key={member.userId ?? `former-${index}`} className="space-y-1">
							<p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
								{member.name}
								{member.you ? <span className="font-normal text-gray-500">(you)</span> : null}
								{member.state === 'left' ? <Badge>left</Badge> : null}
								{member.completed ? <Badge tone="green">Completed</Badge> : null}
							</p>
							{member.state === 'active' && member.percent !== null ? (
								<>
									<ProgressBar value={member.percent} label={`${member.name}’s progress`} />
									<p className="text-xs text-gray-600">
										{`${member.done} of ${member.total} items · ${member.currentModule ?? 'Not started'} · `}
										{member.streak === 1 ? '1 week streak' : `${member.streak} weeks streak`}
										{member.checkedInThisWeek ? ' · checked in' : ''}
									</p>
								</>
							) : null}
						</li>
					))}
				</ul>
			</CardContent>
		</Card>
	)
}

function OutcomeChoice({ name, defaultValue }: { name: string; defaultValue?: string | null }) {
	return (
		<fieldset>
			<legend className="mb-1 text-sm font-medium text-gray-700">How did last week’s commitment go?</legend>
			<div className="flex flex-wrap gap-2">
				{OUTCOMES.map((outcome) => (
					<label
						key={outcome}
						className="flex min-h-6 cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm"
					>
						<input type="radio" name={name} value={outcome} defaultChecked={defaultValue === outcome} required />
						{OUTCOME_LABELS[outcome]}
					</label>
				))}
			</div>
		</fieldset>
	)
}

const inputClass =
	'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200'

function CheckInFields({ pod, checkIn }: { pod: PodView; checkIn?: CheckInView | null }) {
	const prefix = checkIn ? `edit-${checkIn.id}` : 'new'
	return (
		<>
			<OutcomeChoice name="outcome" defaultValue={checkIn?.outcome} />
			<div>
				<label htmlFor={`${prefix}-note`} className="mb-1 block text-sm font-medium text-gray-700">
					A note (optional)
				</label>
				<textarea
					id={`${prefix}-note`}
					name="note"
					rows={3}
					maxLength={POD_LIMITS.note}
					defaultValue={checkIn?.note ?? ''}
					className={inputClass}
				/>
			</div>
			<div>
				<label htmlFor={`${prefix}-commitment`} className="mb-1 block text-sm font-medium text-gray-700">
					This week I will practise…
				</label>
				<input
					id={`${prefix}-commitment`}
					name="commitment"
					required
					maxLength={POD_LIMITS.commitment}
					defaultValue={checkIn?.commitment ?? ''}
					placeholder="Try the feedback model in my one-to-one with Sam"
					className={inputClass}
				/>
			</div>
			<div>
				<label htmlFor={`${prefix}-item`} className="mb-1 block text-sm font-medium text-gray-700">
					Tied to an item of the program (optional)
				</label>
				<select id={`${prefix}-item`} name="itemId" defaultValue={checkIn?.item?.id ?? ''} className={inputClass}>
					<option value="">None</option>
					{pod.items.map((item) => (
						<option key={item.id} value={item.id}>
							{item.title}
						</option>
					))}
				</select>
			</div>
		</>
	)
}

function ThisWeek({ pod }: { pod: PodView }) {
	const posting = useIsSubmitting('check-in')
	const saving = useIsSubmitting('edit-check-in')
	if (pod.myCheckIn)
		return (
			<details className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
				<summary className="cursor-pointer font-semibold text-gray-900">{`Edit your week ${pod.week} check-in`}</summary>
				<Form method="post" className="mt-4 space-y-4">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="edit-check-in" />
					<input type="hidden" name="checkInId" value={pod.myCheckIn.id} />
					<CheckInFields pod={pod} checkIn={pod.myCheckIn} />
					<StatusButton pending={saving} pendingLabel="Saving...">
						Save check-in
					</StatusButton>
				</Form>
			</details>
		)
	return (
		<section aria-labelledby="check-in-heading" className="rounded-xl border border-brand-200 bg-white p-5 shadow-sm">
			<h2 id="check-in-heading" className="text-lg font-semibold text-gray-900">
				{`Your week ${pod.week} check-in`}
			</h2>
			<p className="mt-1 text-sm text-gray-600">The others’ check-ins of this week show once you have posted yours.</p>
			<Form method="post" className="mt-4 space-y-4">
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="check-in" />
				<CheckInFields pod={pod} />
				<StatusButton pending={posting} pendingLabel="Posting...">
					Check in
				</StatusButton>
			</Form>
		</section>
	)
}

function CheckIns({ pod, timeZone }: { pod: PodView; timeZone: string }) {
	if (pod.weeksOfCheckIns.length === 0)
		return <p className="text-sm text-gray-600">No check-ins yet. The first one sets the tone.</p>
	return (
		<section aria-labelledby="check-ins-heading" className="space-y-4">
			<h2 id="check-ins-heading" className="text-lg font-semibold text-gray-900">
				Check-ins
			</h2>
			{pod.weeksOfCheckIns.map(({ week, checkIns }) => (
				<section key={week} aria-labelledby={`week-${week}`} className="space-y-3">
					<h3 id={`week-${week}`} className="text-sm font-semibold uppercase tracking-wide text-gray-500">
						{week === pod.week && pod.state === 'active' ? `Week ${week} (this week)` : `Week ${week}`}
					</h3>
					<ul className="space-y-3">
						{checkIns.map((checkIn) => (
							<CheckInCard key={checkIn.id} pod={pod} checkIn={checkIn} timeZone={timeZone} />
						))}
					</ul>
				</section>
			))}
		</section>
	)
}

function CheckInCard({ pod, checkIn, timeZone }: { pod: PodView; checkIn: CheckInView; timeZone: string }) {
	if (checkIn.hidden)
		return (
			<li
				id={`check-in-${checkIn.id}`}
				className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700"
			>
				{`${checkIn.name} has checked in. Post yours to read it.`}
			</li>
		)
	return (
		<li
			id={`check-in-${checkIn.id}`}
			className="space-y-2 rounded-lg border border-gray-200 bg-white p-4"
			data-testid="check-in"
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<p className="font-medium text-gray-900">{checkIn.mine ? `${checkIn.name} (you)` : checkIn.name}</p>
				<Badge tone={checkIn.outcome === 'done' ? 'green' : checkIn.outcome === 'partly' ? 'amber' : 'gray'}>
					{`Last week: ${OUTCOME_LABELS[checkIn.outcome!]}`}
				</Badge>
			</div>
			{checkIn.note ? <p className="whitespace-pre-line text-sm text-gray-700">{checkIn.note}</p> : null}
			<p className="text-sm text-gray-900">
				<span className="font-medium">This week: </span>
				{checkIn.commitment}
			</p>
			{checkIn.item ? (
				<p className="text-sm">
					<Link to={`/programs/${pod.programId}/items/${checkIn.item.id}`} className="text-brand-700 hover:underline">
						{checkIn.item.title}
					</Link>
				</p>
			) : null}
			<p className="text-xs text-gray-500">{formatDateTime(checkIn.updatedAt, timeZone)}</p>
			<div className="flex flex-wrap items-center gap-3">
				<span className="text-sm text-gray-700">{checkIn.cheers === 1 ? '1 cheer' : `${checkIn.cheers} cheers`}</span>
				{pod.canWrite && !checkIn.mine ? (
					<Form method="post">
						<AuthenticityTokenInput />
						<input type="hidden" name="intent" value={checkIn.cheeredByMe ? 'uncheer' : 'cheer'} />
						<input type="hidden" name="checkInId" value={checkIn.id} />
						<Button type="submit" size="sm" variant="secondary" aria-pressed={checkIn.cheeredByMe}>
							{checkIn.cheeredByMe ? `Cheered ${checkIn.name}` : `Cheer ${checkIn.name}`}
						</Button>
					</Form>
				) : null}
				{checkIn.mine ? null : (
					<Link
						to={`/pods/${pod.id}/check-ins/${checkIn.id}/report`}
						className="inline-flex min-h-6 items-center text-sm text-gray-600 hover:underline"
						aria-label={`Report ${checkIn.name}’s check-in`}
					>
						Report
					</Link>
				)}
			</div>
			{checkIn.replies.length ? (
				<ul className="space-y-2 border-l-2 border-gray-100 pl-3" aria-label={`Replies to ${checkIn.name}`}>
					{checkIn.replies.map((reply) => (
						<li key={reply.id} className="text-sm">
							<span className="font-medium text-gray-900">{reply.name}: </span>
							<span className="whitespace-pre-line text-gray-700">{reply.text}</span>
						</li>
					))}
				</ul>
			) : null}
			{pod.canWrite ? (
				<Form method="post" className="flex flex-wrap items-end gap-2">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="reply" />
					<input type="hidden" name="checkInId" value={checkIn.id} />
					<label htmlFor={`reply-${checkIn.id}`} className="sr-only">
						{`Reply to ${checkIn.name}`}
					</label>
					<input
						id={`reply-${checkIn.id}`}
						name="text"
						required
						maxLength={POD_LIMITS.reply}
						placeholder="Reply"
						className={`${inputClass} min-w-0 flex-1`}
					/>
					<Button type="submit" size="sm" variant="secondary">
						Reply
					</Button>
				</Form>
			) : null}
		</li>
	)
}

function PodSettings({ name }: { name: string }) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>Pod</CardTitle>
			</CardHeader>
			<CardContent className="space-y-4">
				<Form method="post" className="space-y-2">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="rename" />
					<label htmlFor="pod-name" className="block text-sm font-medium text-gray-700">
						Pod name
					</label>
					<input
						id="pod-name"
						name="name"
						required
						maxLength={POD_LIMITS.name}
						defaultValue={name}
						className={inputClass}
					/>
					<Button type="submit" size="sm" variant="secondary">
						Rename
					</Button>
				</Form>
				<details>
					<summary className="cursor-pointer text-sm font-medium text-red-700">Leave the pod</summary>
					<Form method="post" className="mt-2 space-y-2">
						<AuthenticityTokenInput />
						<input type="hidden" name="intent" value="leave-pod" />
						<p className="text-sm text-gray-700">
							The pod will see that you left. You can join a new pod from the program.
						</p>
						<Button type="submit" size="sm" variant="danger">
							Leave {name}
						</Button>
					</Form>
				</details>
			</CardContent>
		</Card>
	)
}
