import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { Badge, type BadgeTone } from '~/components/ui/badge'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { TabLinks } from '~/components/ui/tab-links'
import { ActionToast } from '~/components/ui/toaster'
import { useFormActionToast } from '~/components/form-action-toast'
import { roleLabel } from '~/lib/roles'
import { formatDateTime } from '~/lib/dates'
import { MODERATION_INTENTS, MUTE_DURATION_OPTIONS, REPORT_REASON_LABELS } from '~/lib/moderation'
import { readTimeZone } from '~/web/time-zone.server'
import { listActiveMutes, type MuteJSON } from '~/services/moderation/mutes.server'
import { MODERATION_ROLES } from '~/services/permissions.server'
import { listReports, type ReportJSON } from '~/services/moderation/reports.server'
import { requireUserWithRole } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { type RouteHandle } from '~/types'
import { handleModerationAction } from '~/routes/moderation/__actions.server'
import { pageMeta } from '~/components/page-meta'

/** Pending labels need JavaScript; every form works without it. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction = () => pageMeta('Moderation', 'Reports from members and the members who are muted.')

const TABS = [
	{ value: 'open', label: 'Open' },
	{ value: 'resolved', label: 'Resolved' },
] as const
type Tab = (typeof TABS)[number]['value']

/**
 * /moderation (product §2 "Moderation"): moderators and admins work the
 * report queue (open reports oldest first, resolved ones newest first, a
 * page at a time with `?cursor=`) and see the mutes in force. Others go to
 * /dashboard, visitors to /auth.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUserWithRole(request, MODERATION_ROLES)
	const url = new URL(request.url)
	const tab: Tab = url.searchParams.get('tab') === 'resolved' ? 'resolved' : 'open'
	const cursorParam = url.searchParams.get('cursor') ?? ''
	// A mangled cursor shows the first page.
	const cursor = /^\d{1,15}$/.test(cursorParam) ? Number(cursorParam) : undefined
	const [page, mutes] = await Promise.all([listReports(user, { status: tab, cursor }), listActiveMutes(user)])
	return json({
		tab,
		cursor: cursor ?? null,
		page,
		mutes,
		me: { id: user.id, role: user.role },
		timeZone: readTimeZone(request.headers.get('Cookie')).timeZone,
	})
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUserWithRole(request, MODERATION_ROLES)
	const formData = await readProtectedForm(request)
	const url = new URL(request.url)
	return handleModerationAction(request, user, formData, `/moderation${url.search}`)
}

const TARGET_WORD = { message: 'message', post: 'post', comment: 'comment', checkin: 'check-in' } as const
const resolutionText = (action: 'dismissed' | 'deleted' | 'muted', target: keyof typeof TARGET_WORD) =>
	action === 'deleted'
		? `${capitalize(TARGET_WORD[target])} deleted`
		: action === 'dismissed'
			? 'Dismissed'
			: 'Author muted'
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const ROLE_TONES: Record<string, BadgeTone> = { admin: 'red', content_manager: 'blue', moderator: 'green' }

export default function ModerationPage() {
	const { tab, cursor, page, mutes, me, timeZone } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const toast = useFormActionToast()
	const when = (iso: string) => formatDateTime(iso, timeZone)
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold text-gray-900">Moderation</h1>
				<p className="mt-1 text-gray-600">Reports from members, and the members muted in the rooms.</p>
			</div>
			<TabLinks
				label="Report queue"
				param="tab"
				active={tab}
				tabs={[...TABS]}
				searchParams={searchParams}
				resetParams={['cursor']}
			/>
			<section aria-labelledby="reports-title" className="space-y-4">
				<h2 id="reports-title" className="text-lg font-semibold text-gray-900">
					{tab === 'open' ? 'Open reports' : 'Resolved reports'}
				</h2>
				{page.reports.length === 0 ? (
					<EmptyState title={tab === 'open' ? 'No open reports' : 'No resolved reports'}>
						{tab === 'open' ? 'Nothing is waiting for a moderator.' : 'Resolved reports will be listed here.'}
					</EmptyState>
				) : (
					<ol className="space-y-4" aria-label={tab === 'open' ? 'Open reports' : 'Resolved reports'}>
						{page.reports.map((report) => (
							<li key={report.id}>
								<ReportCard
									report={report}
									when={when}
									canActOnAuthor={me.role === 'admin' || !['admin', 'moderator'].includes(report.author.role)}
								/>
							</li>
						))}
					</ol>
				)}
				<nav aria-label="Report pages" className="flex justify-between">
					{cursor !== null ? (
						<ButtonLink to={`/moderation?tab=${tab}`} variant="secondary" size="sm">
							First page
						</ButtonLink>
					) : (
						<span />
					)}
					{page.next !== null ? (
						<ButtonLink to={`/moderation?tab=${tab}&cursor=${page.next}`} variant="secondary" size="sm">
							{tab === 'open' ? 'Next reports' : 'Older reports'}
						</ButtonLink>
					) : null}
				</nav>
			</section>
			<MutesSection mutes={mutes} when={when} me={me} />
			<ActionToast toast={toast} />
		</div>
	)
}

function ReportCard({
	report,
	when,
	canActOnAuthor,
}: {
	report: ReportJSON
	when: (iso: string) => string
	canActOnAuthor: boolean
}) {
	const word = TARGET_WORD[report.target]
	const room = report.message.communityName ?? 'a deleted room'
	const where = report.message.isPrivate
		? `a private message to ${report.reporter.name}`
		: report.target === 'checkin'
			? 'a peer pod'
			: report.discussion
				? `a discussion in ${room}`
				: room
	const changedSince = report.message.deleted
		? 'Deleted since it was reported.'
		: report.message.content !== report.message.reportedContent
			? 'Edited since it was reported.'
			: null
	return (
		<Card className="space-y-3 p-4" aria-labelledby={`report-${report.id}-title`}>
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h3 id={`report-${report.id}-title`} className="font-semibold text-gray-900">
					{`${REPORT_REASON_LABELS[report.reason]}: ${report.author.name} in ${where}`}
				</h3>
				<span className="text-xs text-gray-600">
					{`Reported by ${report.reporter.name} · `}
					<time dateTime={report.createdAt}>{when(report.createdAt)}</time>
				</span>
			</div>
			{report.details ? <p className="text-sm text-gray-700">{`“${report.details}”`}</p> : null}
			<div className="rounded-lg bg-gray-50 p-3">
				<p className="text-xs font-medium text-gray-600">
					{`Reported ${word} by ${report.author.name}`}{' '}
					{report.author.role !== 'member' ? (
						<Badge tone={ROLE_TONES[report.author.role] ?? 'gray'}>{roleLabel(report.author.role)}</Badge>
					) : null}
				</p>
				<blockquote className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-900">
					{report.message.reportedContent}
				</blockquote>
				{changedSince ? <p className="mt-1 text-xs italic text-gray-600">{changedSince}</p> : null}
				{report.discussion ? (
					<p className="mt-1 text-xs">
						<Link to={report.discussion.url} className="font-medium text-brand-700 hover:underline">
							{`Open “${report.discussion.postTitle}”`}
						</Link>
					</p>
				) : null}
			</div>
			{report.context.length ? (
				<details className="text-sm">
					<summary className="cursor-pointer font-medium text-brand-700">
						{report.discussion ? 'Around it in the discussion' : 'Messages around it'}
					</summary>
					<ol
						className="mt-2 space-y-1"
						aria-label={report.discussion ? `Around the reported ${word}` : 'Messages around the reported one'}
					>
						{[...report.context, { ...report.message, content: report.message.content }]
							.sort((a, b) => a.id - b.id)
							.map((message) => (
								<li
									key={message.id}
									className={message.id === report.message.id ? 'rounded bg-amber-50 px-2 py-1' : 'px-2 py-1'}
								>
									<span className="font-medium text-gray-900">{message.senderName}: </span>
									<span className="text-gray-700">
										{message.deleted ? `${message.content} (deleted)` : message.content}
									</span>
								</li>
							))}
					</ol>
				</details>
			) : null}
			{report.resolution ? (
				<p className="text-sm text-gray-700">
					{`${resolutionText(report.resolution.action, report.target)}${report.resolution.action === 'muted' ? ` (${muteLength(report.resolution.muteHours)})` : ''} by ${report.resolution.resolvedBy.name} · `}
					<time dateTime={report.resolution.resolvedAt}>{when(report.resolution.resolvedAt)}</time>
				</p>
			) : (
				<ResolveForms report={report} canActOnAuthor={canActOnAuthor} />
			)}
		</Card>
	)
}

function muteLength(hours: number | null) {
	return MUTE_DURATION_OPTIONS.find((option) => option.hours === hours)?.label.toLowerCase() ?? `${hours} hours`
}

/** True while this report's form for `outcome` is on its way. */
function usePendingOutcome(reportId: number) {
	const navigation = useNavigation()
	const submitted = navigation.state !== 'idle' ? navigation.formData : undefined
	return (outcome: string) => submitted?.get('reportId') === String(reportId) && submitted.get('outcome') === outcome
}

function ResolveForms({ report, canActOnAuthor }: { report: ReportJSON; canActOnAuthor: boolean }) {
	const isPending = usePendingOutcome(report.id)
	const hidden = (
		<>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value={MODERATION_INTENTS.resolve} />
			<input type="hidden" name="reportId" value={report.id} />
		</>
	)
	return (
		<div className="flex flex-wrap items-end gap-2 border-t border-gray-100 pt-3">
			<Form method="post" preventScrollReset>
				{hidden}
				<input type="hidden" name="outcome" value="dismiss" />
				<StatusButton
					variant="secondary"
					size="sm"
					pending={isPending('dismiss')}
					pendingLabel="Dismissing..."
					aria-label={`Dismiss report of ${TARGET_WORD[report.target]} by ${report.author.name}`}
				>
					Dismiss
				</StatusButton>
			</Form>
			{canActOnAuthor ? (
				<>
					{report.message.deleted ? null : (
						<Form method="post" preventScrollReset>
							{hidden}
							<input type="hidden" name="outcome" value="delete" />
							<StatusButton
								variant="danger"
								size="sm"
								pending={isPending('delete')}
								pendingLabel="Deleting..."
								aria-label={`Delete ${TARGET_WORD[report.target]} by ${report.author.name}`}
							>
								{`Delete ${TARGET_WORD[report.target]}`}
							</StatusButton>
						</Form>
					)}
					<Form method="post" preventScrollReset className="flex items-end gap-2">
						{hidden}
						<input type="hidden" name="outcome" value="mute" />
						<div>
							<label htmlFor={`mute-duration-${report.id}`} className="block text-xs font-medium text-gray-700">
								Mute for
							</label>
							<select
								id={`mute-duration-${report.id}`}
								name="duration"
								defaultValue="24"
								className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
							>
								{MUTE_DURATION_OPTIONS.map((option) => (
									<option key={option.value} value={option.value}>
										{option.label}
									</option>
								))}
							</select>
						</div>
						<StatusButton
							variant="dark"
							size="sm"
							pending={isPending('mute')}
							pendingLabel="Muting..."
							aria-label={`Mute author ${report.author.name}`}
						>
							Mute author
						</StatusButton>
					</Form>
				</>
			) : (
				<p className="text-xs text-gray-600">Only an admin can delete or mute an admin's or a moderator's messages.</p>
			)}
		</div>
	)
}

function MutesSection({
	mutes,
	when,
	me,
}: {
	mutes: MuteJSON[]
	when: (iso: string) => string
	me: { id: number; role: string }
}) {
	const pending = useIsSubmitting(MODERATION_INTENTS.lift)
	return (
		<section aria-labelledby="mutes-title" className="space-y-3">
			<h2 id="mutes-title" className="text-lg font-semibold text-gray-900">
				Muted members
			</h2>
			{mutes.length === 0 ? (
				<p className="text-sm text-gray-600">Nobody is muted.</p>
			) : (
				<div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
					<table className="min-w-full divide-y divide-gray-200 text-sm">
						<caption className="sr-only">Muted members</caption>
						<thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
							<tr>
								<th scope="col" className="px-4 py-2">
									Member
								</th>
								<th scope="col" className="px-4 py-2">
									Until
								</th>
								<th scope="col" className="px-4 py-2">
									Reason
								</th>
								<th scope="col" className="px-4 py-2">
									Muted by
								</th>
								<th scope="col" className="px-4 py-2 text-right">
									Actions
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-gray-100">
							{mutes.map((mute) => (
								<tr key={mute.userId}>
									<td className="px-4 py-2 font-medium text-gray-900">
										<Link to={`/members/${mute.userId}`} className="hover:underline">
											{mute.name}
										</Link>
									</td>
									<td className="px-4 py-2">
										{mute.until ? <time dateTime={mute.until}>{when(mute.until)}</time> : 'Until lifted'}
									</td>
									<td className="px-4 py-2">{mute.reason}</td>
									<td className="px-4 py-2">{mute.mutedBy.name}</td>
									<td className="px-4 py-2 text-right">
										{mute.userId === me.id ? null : (
											<Form method="post" preventScrollReset>
												<AuthenticityTokenInput />
												<input type="hidden" name="intent" value={MODERATION_INTENTS.lift} />
												<input type="hidden" name="userId" value={mute.userId} />
												<StatusButton
													variant="secondary"
													size="sm"
													pending={pending}
													pendingLabel="Lifting..."
													aria-label={`Lift mute of ${mute.name}`}
												>
													Lift mute
												</StatusButton>
											</Form>
										)}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	)
}
