import { getFormProps, getTextareaProps } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { ErrorList, FormErrors, FormOnceInput, TextareaField, useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { ITEM_KIND_ICONS } from '~/components/programs/program-card'
import { Badge } from '~/components/ui/badge'
import { ButtonLink, StatusButton } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { BackLink } from '~/components/ui/back-link'
import { Icon } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { ActionToast } from '~/components/ui/toaster'
import { useConformForm } from '~/components/use-conform-form'
import { VideoPlayer } from '~/components/video-player/index'
import { formatDateTime } from '~/lib/dates'
import { CheckFormSchema, EmptyFormSchema, ReflectionSchema } from '~/lib/form-schemas.server'
import {
	answerField,
	ITEM_KIND_LABELS,
	PROGRAM_LIMITS,
	lockText,
	programItemPath,
	programProgressText,
} from '~/lib/programs'
import { readTimeZone } from '~/web/time-zone.server'
import { progressText } from '~/lib/videos'
import {
	getItemPage,
	markItemDone,
	saveReflection,
	submitCheck,
	type ItemContent,
} from '~/services/learning/program-learning.server'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { handleFormSubmission, newFormOnceToken } from '~/web/form.server'
import { jsonError, requireNumericId } from '~/web/http.server'
import { redirectWithToast } from '~/web/toast.server'
import { type RouteHandle } from '~/types'

/** The lesson player and the forms' pending labels are islands. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(data?.page.item.title ?? 'Program item', data ? `Part of ${data.page.program.title}.` : 'A program item.')

function addressOf(params: LoaderFunctionArgs['params']) {
	return { programId: requireNumericId(params.id, 'Program'), itemId: requireNumericId(params.itemId, 'Item') }
}

/**
 * product §2 "Programs": one item, with "Previous" and "Next" in the program.
 * A locked item is refused with a 403 whose page says why; its content never
 * reaches the page. `?attempt=latest` (or an attempt's number) shows the
 * results of one of the member's own knowledge check attempts.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const { programId, itemId } = addressOf(params)
	const attempt = new URL(request.url).searchParams.get('attempt')
	const page = await getItemPage(user, programId, itemId, {
		attempt: attempt === 'latest' ? 'latest' : attempt && /^\d{1,15}$/.test(attempt) ? Number(attempt) : undefined,
	}).catch(rethrowAsResponse)
	const timeZone = readTimeZone(request.headers.get('Cookie')).timeZone
	// A check's form carries a token of its own: sent twice (a double click), it records one attempt (decision 204).
	const formOnce = page.content?.kind === 'check' ? newFormOnceToken() : null
	return json({ page, timeZone, formOnce }, { status: page.item.lock ? 403 : 200 })
}

/** The item's forms: "Mark as done", the reflection, the knowledge check. Each calls the same service as its JSON call. */
export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const { programId, itemId } = addressOf(params)
	const here = programItemPath(programId, itemId)
	const formData = await readProtectedForm(request)
	switch (formData.get('intent')) {
		case 'done':
			return handleFormSubmission({
				request,
				formData,
				schema: EmptyFormSchema,
				intent: 'done',
				failureTitle: 'Could not mark it as done',
				onValid: async () => {
					await markItemDone(user, itemId)
					return redirectWithToast(here, { title: 'Marked as done', description: 'Your progress has been saved.' })
				},
			})
		case 'reflection':
			return handleFormSubmission({
				request,
				formData,
				schema: ReflectionSchema,
				intent: 'reflection',
				failureTitle: 'Reflection not saved',
				onValid: async ({ text }) => {
					await saveReflection(user, itemId, text)
					return redirectWithToast(here, {
						title: 'Reflection saved',
						description: 'Only you can see it. Come back to it whenever you like.',
					})
				},
			})
		case 'check':
			return handleFormSubmission({
				request,
				formData,
				schema: CheckFormSchema,
				intent: 'check',
				failureTitle: 'Answers not sent',
				// Each question's problem is said in the notice too: a radio group cannot be marked invalid itself.
				announceInvalid: true,
				once: { onRepeat: () => redirect(`${here}?attempt=latest`) },
				onValid: async ({ answers }) => {
					const result = await submitCheck(user, itemId, answers)
					return redirectWithToast(`${here}?attempt=latest`, {
						title: result.passed ? 'Passed' : 'Not passed yet',
						description: `You scored ${result.score}%. The pass mark is ${result.passMark}%.`,
					})
				},
			})
		default:
			throw jsonError(400, 'Unknown action')
	}
}

export default function ProgramItemPage() {
	const { page, timeZone, formOnce } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { program, module, item, content, previous, next, progress } = page
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<BackLink to={`/programs/${program.id}`}>{program.title}</BackLink>
			<header className="space-y-2">
				<p className="text-xs font-semibold uppercase tracking-wide text-gray-500">{`Module ${module.number}: ${module.title}`}</p>
				<h1 className="text-2xl font-bold text-gray-900">{item.title}</h1>
				<div className="flex flex-wrap items-center gap-2">
					<Badge tone="brand">
						<Icon name={ITEM_KIND_ICONS[item.kind]} className="mr-1 h-3.5 w-3.5" />
						{ITEM_KIND_LABELS[item.kind]}
					</Badge>
					{item.minutes ? <Badge>{`${item.minutes} min`}</Badge> : null}
					{item.done ? <Badge tone="green">Done</Badge> : null}
				</div>
				<div className="max-w-sm space-y-1 pt-1">
					<ProgressBar value={progress.percent} label={`Progress in ${program.title}`} />
					<p className="text-xs text-gray-600">{programProgressText(progress)}</p>
				</div>
			</header>

			{item.lock || !content ? (
				<LockedPanel
					reason={item.lock ? lockText(item.lock, timeZone) : 'Locked'}
					premium={item.lock?.reason === 'premium'}
				/>
			) : (
				<ItemBody content={content} done={item.done} timeZone={timeZone} formOnce={formOnce} />
			)}

			<nav aria-label="In this program" className="flex flex-wrap justify-between gap-3 border-t border-gray-200 pt-4">
				{previous ? (
					<Link
						to={programItemPath(program.id, previous.id)}
						className="inline-flex min-h-6 items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
					>
						<Icon name="chevronLeft" className="h-4 w-4" />
						<span>
							Previous<span className="sr-only">{`: ${previous.title}`}</span>
						</span>
					</Link>
				) : (
					<span />
				)}
				{next ? (
					<Link
						to={programItemPath(program.id, next.id)}
						className="inline-flex min-h-6 items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
					>
						<span>
							Next<span className="sr-only">{`: ${next.title}`}</span>
						</span>
						<Icon name="chevronRight" className="h-4 w-4" />
					</Link>
				) : (
					<Link
						to={`/programs/${program.id}`}
						className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 hover:underline"
					>
						Back to the outline
					</Link>
				)}
			</nav>
			<ActionToast toast={actionData && 'toast' in actionData ? actionData.toast : null} />
		</div>
	)
}

/** A locked item: why, and for Premium the way to subscribe. */
function LockedPanel({ reason, premium }: { reason: string; premium: boolean }) {
	return (
		<section
			aria-labelledby="locked-heading"
			className="flex flex-col items-center gap-3 rounded-xl bg-gray-900 px-6 py-10 text-center text-white"
		>
			<span className="rounded-full bg-white/15 p-3">
				<Icon name="lock" className="h-6 w-6" />
			</span>
			<h2 id="locked-heading" className="text-lg font-bold">
				{premium ? 'Premium Content' : 'This item is locked'}
			</h2>
			<p className="max-w-sm text-sm text-gray-100">
				{premium ? 'Enjoy your first month free and get access to every program, module and lesson.' : `${reason}.`}
			</p>
			{premium ? <ButtonLink to="/subscribe">Subscribe Now</ButtonLink> : null}
		</section>
	)
}

function ItemBody({
	content,
	done,
	timeZone,
	formOnce,
}: {
	content: ItemContent
	done: boolean
	timeZone: string
	formOnce: string | null
}) {
	switch (content.kind) {
		case 'lesson':
			return <LessonBody content={content} done={done} />
		case 'reading':
			return (
				<>
					<Card>
						<CardContent className="pt-5">
							{/* The reading's own headings are h3 and h4 (decision 099): this names its part of the page. */}
							<h2 className="sr-only">The reading</h2>
							{/* Rendered from Markdown and sanitized on the server (decision 099). */}
							<div className="rich-text" dangerouslySetInnerHTML={{ __html: content.html }} />
						</CardContent>
					</Card>
					{done ? null : <DoneForm />}
				</>
			)
		case 'reflection':
			return <ReflectionBody content={content} timeZone={timeZone} />
		case 'check':
			return <CheckBody content={content} formOnce={formOnce} />
	}
}

function LessonBody({ content, done }: { content: Extract<ItemContent, { kind: 'lesson' }>; done: boolean }) {
	const [reported, setReported] = useState(content.progress)
	const { video } = content
	return (
		<div className="space-y-4">
			{video.url ? (
				<VideoPlayer
					key={video.id}
					videoId={video.id}
					src={video.url}
					poster={video.thumbnail}
					title={video.title}
					initialProgress={content.progress}
					onProgress={(value) => setReported((previous) => Math.max(previous, value))}
				/>
			) : null}
			{video.description ? <p className="text-gray-700">{video.description}</p> : null}
			<p className="text-sm text-gray-700" data-testid="progress-text">{`Your progress: ${progressText(reported)}`}</p>
			{done ? null : <DoneForm />}
		</div>
	)
}

function DoneForm() {
	const pending = useIsSubmitting('done')
	return (
		<Form method="post" preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="done" />
			<StatusButton pending={pending} pendingLabel="Saving...">
				<Icon name="check" className="h-4 w-4" />
				Mark as done
			</StatusButton>
		</Form>
	)
}

function ReflectionBody({
	content,
	timeZone,
}: {
	content: Extract<ItemContent, { kind: 'reflection' }>
	timeZone: string
}) {
	const pending = useIsSubmitting('reflection')
	const [form, fields] = useConformForm({
		id: 'reflection-form',
		schema: () => import('~/lib/program-schemas').then((m) => m.ReflectionSchema),
		intent: 'reflection',
		defaultValue: { text: content.text ?? '' },
	})
	return (
		<Card>
			<CardContent className="space-y-4 pt-5">
				<blockquote className="whitespace-pre-line border-l-4 border-brand-200 pl-4 text-gray-800">
					{content.prompt}
				</blockquote>
				<Form method="post" preventScrollReset className="space-y-3" {...getFormProps(form)}>
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="reflection" />
					<FormErrors errors={form.errors} />
					<TextareaField
						label="Your reflection"
						errors={fields.text.errors}
						help={`Only you can see your reflection. Up to ${PROGRAM_LIMITS.reflection.toLocaleString('en-US')} characters.`}
						textareaProps={{ ...getTextareaProps(fields.text), rows: 8 }}
					/>
					<div className="flex flex-wrap items-center gap-3">
						<StatusButton pending={pending} pendingLabel="Saving...">
							{content.text ? 'Save changes' : 'Save reflection'}
						</StatusButton>
						{content.updatedAt ? (
							<span className="text-sm text-gray-600">{`Saved ${formatDateTime(content.updatedAt, timeZone)}`}</span>
						) : null}
					</div>
				</Form>
			</CardContent>
		</Card>
	)
}

function CheckBody({
	content,
	formOnce,
}: {
	content: Extract<ItemContent, { kind: 'check' }>
	formOnce: string | null
}) {
	const pending = useIsSubmitting('check')
	const [form, fields] = useConformForm({
		id: 'check-form',
		schema: () => import('~/lib/program-schemas').then((m) => m.CheckFormSchema),
		intent: 'check',
	})
	const { attempt } = content
	return (
		<div className="space-y-6">
			<p className="text-sm text-gray-700">
				{`Answer every question. The pass mark is ${content.passMark}%; you may try as often as you like.`}
				{content.bestScore !== null ? ` Your best score so far: ${content.bestScore}%.` : ''}
			</p>
			{attempt ? (
				<section
					id="results"
					aria-labelledby="results-heading"
					className="space-y-3 rounded-xl border border-gray-200 bg-white p-5"
				>
					<h2 id="results-heading" className="text-lg font-semibold text-gray-900">
						{attempt.passed ? `Passed with ${attempt.score}%` : `${attempt.score}%: not passed yet`}
					</h2>
					<ol className="space-y-3">
						{content.questions.map((question, index) => {
							const result = attempt.results[index]!
							return (
								<li key={index} className="rounded-lg border border-gray-100 p-3">
									<p className="font-medium text-gray-900">{`${index + 1}. ${question.prompt}`}</p>
									<p className="text-sm text-gray-700">{`Your answer: ${question.choices[attempt.answers[index]!] ?? '–'}`}</p>
									<p className={`text-sm font-semibold ${result.correct ? 'text-green-800' : 'text-red-700'}`}>
										{result.correct ? 'Correct' : 'Not quite'}
									</p>
									<p className="text-sm text-gray-700">{result.explanation}</p>
								</li>
							)
						})}
					</ol>
				</section>
			) : null}
			<Form method="post" preventScrollReset className="space-y-5" {...getFormProps(form)}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="check" />
				{formOnce ? <FormOnceInput token={formOnce} /> : null}
				<FormErrors errors={form.errors} />
				{content.questions.map((question, index) => {
					const name = answerField(index + 1)
					const field = fields[name]
					return (
						<fieldset
							key={name}
							aria-describedby={field?.errors ? `${name}-error` : undefined}
							className="space-y-2 rounded-xl border border-gray-200 bg-white p-4"
						>
							<legend className="px-1 font-medium text-gray-900">{`${index + 1}. ${question.prompt}`}</legend>
							{question.choices.map((choice, choiceIndex) => {
								const id = `${name}-${choiceIndex}`
								return (
									// The whole row is the choice's label: a target a finger can hit on a phone (decision 207).
									<label
										key={id}
										htmlFor={id}
										className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2 text-sm text-gray-800 hover:bg-gray-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
									>
										<input
											type="radio"
											id={id}
											name={name}
											value={String(choiceIndex)}
											className="h-4 w-4 shrink-0 border-gray-300 text-brand-600 focus:ring-brand-500"
										/>
										<span>{choice}</span>
									</label>
								)
							})}
							<ErrorList id={`${name}-error`} errors={field?.errors} />
						</fieldset>
					)
				})}
				<StatusButton pending={pending} pendingLabel="Checking...">
					{attempt ? 'Try again' : 'Submit answers'}
				</StatusButton>
			</Form>
		</div>
	)
}
