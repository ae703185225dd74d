import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { ITEM_KIND_ICONS, programSize } from '~/components/programs/program-card'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { BackLink } from '~/components/ui/back-link'
import { Icon } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { ActionToast } from '~/components/ui/toaster'
import { VideoThumbnail } from '~/components/video-thumbnail'
import {
	ITEM_KIND_LABELS,
	lockText,
	nextStep,
	programItemPath,
	programProgressText,
	type OutlineModule,
} from '~/lib/programs'
import { EmptyFormSchema, JoinPodQueueSchema } from '~/lib/form-schemas.server'
import { isPremium } from '~/lib/subscription'
import { readTimeZone } from '~/web/time-zone.server'
import { PodQueuePanel, type PodPanelState } from '~/components/pods/pod-queue-panel'
import { enrol, getProgramOutline } from '~/services/learning/program-learning.server'
import { joinPodQueue, leavePodQueue, podQueueState } from '~/services/pods/matching.server'
import { requireUser } from '~/web/auth.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { readProtectedForm } from '~/web/csrf.server'
import { handleFormSubmission } from '~/web/form.server'
import { requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.outline.title ?? 'Program', data?.outline.summary ?? 'A LeaderForge leadership program.')

/** product §2 "Programs": a program's outline, module by module, with the member's states and what opens when. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const outline = await getProgramOutline(user, requireNumericId(params.id, 'Program')).catch(rethrowAsResponse)
	const timeZone = readTimeZone(request.headers.get('Cookie')).timeZone
	return json({ outline, timeZone, pod: await podPanelState(user, outline, timeZone) })
}

/** The pod section: Premium first, then a started program, then the queue (a draft program has none). */
async function podPanelState(
	user: Awaited<ReturnType<typeof requireUser>>,
	outline: Awaited<ReturnType<typeof getProgramOutline>>,
	timeZone: string,
): Promise<PodPanelState | null> {
	if (!outline.published) return null
	if (!isPremium(user)) return { kind: 'premium-required' }
	if (!outline.progress.enrolled) return { kind: 'start-first' }
	const state = await podQueueState(user, outline.id)
	const timeZones = Intl.supportedValuesOf('timeZone')
	if (state.state === 'matched') return { kind: 'matched', podId: state.podId! }
	if (state.state === 'waiting')
		return {
			kind: 'waiting',
			timeZone: state.timeZone!,
			checkInDay: state.checkInDay!,
			waitingNearby: state.waitingNearby,
			timeZones,
		}
	return { kind: 'none', timeZone, timeZones: timeZones.includes(timeZone) ? timeZones : [timeZone, ...timeZones] }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const programId = requireNumericId(params.id, 'Program')
	const formData = await readProtectedForm(request)
	const intent = formData.get('intent')
	if (intent === 'join-pod')
		return handleFormSubmission({
			request,
			formData,
			schema: JoinPodQueueSchema,
			intent: 'join-pod',
			failureTitle: 'Could not join a pod',
			announceInvalid: true,
			onValid: async (choice) => {
				const state = await joinPodQueue(user, programId, choice)
				return redirectWithToast(`/programs/${programId}`, {
					title: state.state === 'matched' ? 'Your pod is ready' : 'You are in the queue',
					description: state.state === 'matched' ? 'Meet your pod.' : 'We will tell you as soon as your pod forms.',
				})
			},
		})
	if (intent === 'leave-pod-queue')
		return handleFormSubmission({
			request,
			formData,
			schema: EmptyFormSchema,
			intent: 'leave-pod-queue',
			failureTitle: 'Could not leave the queue',
			onValid: async () => {
				await leavePodQueue(user, programId)
				return redirectWithToast(`/programs/${programId}`, { title: 'You left the queue' })
			},
		})
	return handleFormSubmission({
		formData,
		request,
		schema: EmptyFormSchema,
		intent: 'start',
		failureTitle: 'Could not start the program',
		onValid: async () => {
			const outline = await enrol(user, programId)
			const next = outline.progress.nextItem
			return redirectWithToast(next ? programItemPath(programId, next.id) : `/programs/${programId}`, {
				title: 'Program started',
				description: next ? `First up: ${next.title}.` : `${outline.title} is yours to take.`,
			})
		},
	})
}

export default function ProgramPage() {
	const { outline, timeZone, pod } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const step = nextStep(outline)
	const waitingOn = outline.modules.flatMap((module) => module.items).find((item) => !item.done && item.lock)?.lock
	return (
		<div className="mx-auto max-w-5xl space-y-8">
			<BackLink to="/programs">All programs</BackLink>
			<header className="grid grid-cols-1 gap-6 md:grid-cols-5">
				<VideoThumbnail src={outline.cover} eager className="w-full rounded-xl md:col-span-2" />
				<div className="space-y-3 md:col-span-3">
					{outline.published ? null : <Badge tone="amber">Draft: only staff see it</Badge>}
					<h1 className="text-2xl font-bold text-gray-900">{outline.title}</h1>
					{outline.summary ? <p className="text-lg text-gray-700">{outline.summary}</p> : null}
					<p className="text-sm text-gray-500">{programSize(outline)}</p>
					<div className="space-y-1">
						<ProgressBar value={outline.progress.percent} label={`Progress in ${outline.title}`} />
						<p className="text-sm text-gray-700" data-testid="program-progress">
							{`${programProgressText(outline.progress)} · ${outline.progress.done} of ${outline.progress.total} items done`}
						</p>
					</div>
					<div className="flex flex-wrap items-center gap-3">
						{!outline.progress.enrolled ? (
							<StartForm />
						) : step.itemId !== null ? (
							<ButtonLink to={programItemPath(outline.id, step.itemId)}>
								<Icon name="play" className="h-4 w-4" />
								{step.label}
							</ButtonLink>
						) : waitingOn ? (
							<p className="text-sm text-gray-700">{`Your next module: ${lockText(waitingOn, timeZone)}.`}</p>
						) : null}
						{outline.certificate ? (
							<ButtonLink to={outline.certificate.url} variant="secondary">
								<Icon name="star" className="h-4 w-4" />
								{outline.certificate.revoked ? 'Your certificate (revoked)' : 'Your certificate'}
							</ButtonLink>
						) : null}
					</div>
				</div>
			</header>
			{pod ? <PodQueuePanel state={pod} /> : null}
			{outline.description ? (
				<section aria-labelledby="about-heading" className="space-y-2">
					<h2 id="about-heading" className="text-lg font-semibold text-gray-900">
						About this program
					</h2>
					<p className="whitespace-pre-line text-gray-700">{outline.description}</p>
				</section>
			) : null}
			<section aria-labelledby="outline-heading" className="space-y-4">
				<h2 id="outline-heading" className="text-lg font-semibold text-gray-900">
					Outline
				</h2>
				<ol className="space-y-4">
					{outline.modules.map((module) => (
						<ModuleCard key={module.id} programId={outline.id} module={module} timeZone={timeZone} />
					))}
				</ol>
			</section>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

function StartForm() {
	const pending = useIsSubmitting('start')
	return (
		<Form method="post">
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="start" />
			<StatusButton pending={pending} pendingLabel="Starting...">
				<Icon name="play" className="h-4 w-4" />
				Start
			</StatusButton>
		</Form>
	)
}

const MODULE_STATE: Record<OutlineModule['state'], { label: string; tone: 'green' | 'blue' | 'gray' }> = {
	complete: { label: 'Complete', tone: 'green' },
	open: { label: 'Open', tone: 'blue' },
	locked: { label: 'Locked', tone: 'gray' },
}

function ModuleCard({ programId, module, timeZone }: { programId: number; module: OutlineModule; timeZone: string }) {
	const headingId = `module-${module.id}`
	return (
		<li>
			<section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
				<div className="flex flex-wrap items-start justify-between gap-2">
					<div>
						<p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{`Module ${module.number}`}</p>
						<h3 id={headingId} className="text-base font-semibold text-gray-900">
							{module.title}
						</h3>
					</div>
					<div className="flex items-center gap-2">
						<Badge tone={MODULE_STATE[module.state].tone}>{MODULE_STATE[module.state].label}</Badge>
						{module.lock && module.state === 'locked' ? (
							<span className="text-sm text-gray-600">{lockText(module.lock, timeZone)}</span>
						) : null}
					</div>
				</div>
				{module.description ? <p className="mt-2 text-sm text-gray-600">{module.description}</p> : null}
				<ol className="mt-4 divide-y divide-gray-100 border-t border-gray-100">
					{module.items.map((item) => {
						const state = item.lock ? lockText(item.lock, timeZone) : item.done ? 'Done' : 'Open'
						return (
							<li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
								<div className="flex min-w-0 items-center gap-3">
									<span
										className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${item.done ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-600'}`}
									>
										<Icon name={item.done ? 'check' : ITEM_KIND_ICONS[item.kind]} className="h-4 w-4" />
									</span>
									<div className="min-w-0">
										<p className="text-xs text-gray-500">
											{ITEM_KIND_LABELS[item.kind]}
											{item.minutes ? ` · ${item.minutes} min` : ''}
										</p>
										{item.lock ? (
											<p className="font-medium text-gray-500">{item.title}</p>
										) : (
											// At least 24 pixels tall, a target a finger can hit (decision 207).
											<Link
												to={programItemPath(programId, item.id)}
												className="inline-flex min-h-6 items-center font-medium text-gray-900 hover:text-brand-700 hover:underline"
											>
												{item.title}
											</Link>
										)}
									</div>
								</div>
								<span
									className={`inline-flex items-center gap-1 text-sm ${item.lock ? 'text-gray-600' : item.done ? 'text-green-800' : 'text-brand-700'}`}
								>
									{item.lock ? <Icon name="lock" className="h-3.5 w-3.5" /> : null}
									{state}
								</span>
							</li>
						)
					})}
				</ol>
			</section>
		</li>
	)
}
