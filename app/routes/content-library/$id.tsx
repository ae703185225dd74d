import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useCallback, useRef, useState, type MouseEvent } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { lazyIsland } from '~/components/lazy-island'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type NoteJSON } from '#models/index'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { StatusButton, buttonClassName, ButtonLink } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { ActionToast } from '~/components/ui/toaster'
import { VideoPlayer, type VideoPlayerHandle } from '~/components/video-player/index'
import { VideoThumbnail } from '~/components/video-thumbnail'
import { requireNumericId } from '~/web/http.server'
import { formatMinutes, minutesRemaining, progressState, progressText, toVideoCards } from '~/lib/videos'
import { requireUser } from '~/web/auth.server'
import { readProtectedForm } from '~/web/csrf.server'
import { handleFormSubmission } from '~/web/form.server'
import { listProgress, recordProgress } from '~/services/learning/progress.server'
import { redirectWithToast } from '~/web/toast.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { getVideoForMember, listRelatedVideos } from '~/services/catalogue/videos.server'
import { lessonTextFor } from '~/services/catalogue/captions.server'
import { createNote, deleteNote, listNotes, updateNote } from '~/services/learning/notes.server'
import { CAPTIONS_OFF, isCaptionLanguage, readCaptionsChoice } from '~/lib/captions'
import { MAX_SEARCH_LENGTH } from '~/lib/search-text'
import {
	DeleteNoteFormSchema,
	EditNoteFormSchema,
	EmptyFormSchema,
	NOTE_INTENTS,
	NoteFormSchema,
} from '~/lib/form-schemas.server'
import { activeChapterIndex, activeCueIndex, searchTranscript, startTimeParam } from '~/lib/transcripts'
import { ChapterList, Transcript, type Seek } from '~/routes/content-library/__lesson-text'
import { type RouteHandle } from '~/types'

/**
 * The notes panel and Conform, which only its forms use on this page, are not among the page's first
 * scripts: they are fetched once the page's scripts have run, and the player is ready without waiting for them (decision 254).
 */
const NotesPanel = lazyIsland(() => import('~/routes/content-library/__notes').then((module) => module.NotesPanel))
/** The related lessons' cards are links and pictures: their code need not come before the player's (decision 254). */
const RelatedLessons = lazyIsland(() =>
	import('~/routes/content-library/__related').then((module) => module.RelatedLessons),
)

/** The player is an island. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(
		data?.video.title ?? 'Video',
		data?.video.description ?? 'A video lesson of the LeaderForge content library.',
	)

/**
 * The lesson (product §2 "Video page"). Its address may carry `t` (the
 * second the video starts at: a media fragment on its source, docs/decisions/171),
 * `q` (a phrase to find in the transcript; the video then starts at the
 * first line that has it), `lang` (the transcript's language) and `note`
 * (the note whose edit form is open).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const id = requireNumericId(params.id, 'Video')
	const url = new URL(request.url)
	const video = await getVideoForMember(user, id).catch(rethrowAsResponse)
	const remembered = readCaptionsChoice(request.headers.get('Cookie'))
	const asked = url.searchParams.get('lang')
	const transcriptLanguage = isCaptionLanguage(asked) ? asked : remembered === CAPTIONS_OFF ? null : remembered
	const [related, progress, text, notes] = await Promise.all([
		listRelatedVideos(user, video),
		listProgress(user.id),
		lessonTextFor(video, transcriptLanguage),
		video.locked ? ([] as NoteJSON[]) : listNotes(user, id),
	])
	const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
	const matches = q && text.transcript ? searchTranscript(text.transcript.cues, q) : []
	const editing = Number(url.searchParams.get('note'))
	return json({
		// For a locked video `url` is null: the media address never reaches a member without access.
		video,
		progress: progress.find((record) => record.videoId === id)?.progress ?? 0,
		related: toVideoCards(related, progress),
		...text,
		captions: remembered,
		search: { q, matches },
		startAt: startTimeParam(url.searchParams.get('t')) ?? (matches[0] ? Math.floor(matches[0].start) : null),
		notes,
		editingNote: notes.some((note) => note.id === editing) ? editing : null,
	})
}

/** Back to the lesson's notes after a note's form, with a notice. */
const backToNotes = (videoId: number, title: string, description: string) =>
	redirectWithToast(`/content-library/${videoId}#notes`, { title, description })

/** "Mark as complete" (a post without an intent, as it always was), and the note forms (their `intent`). */
export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const id = requireNumericId(params.id, 'Video')
	const formData = await readProtectedForm(request)
	switch (formData.get('intent')) {
		case NOTE_INTENTS.add:
			return handleFormSubmission({
				request,
				formData,
				intent: NOTE_INTENTS.add,
				schema: NoteFormSchema,
				failureTitle: 'Could not save the note',
				// A refusal shows as a notice too: a note's id is a hidden field, with nowhere of its own to show it.
				announceInvalid: true,
				onValid: async ({ time, text }) => {
					await createNote(user, id, { atSeconds: time, text })
					return backToNotes(id, 'Note saved', 'Only you can read it.')
				},
			})
		case NOTE_INTENTS.edit:
			return handleFormSubmission({
				request,
				formData,
				intent: NOTE_INTENTS.edit,
				schema: EditNoteFormSchema,
				failureTitle: 'Could not save the note',
				// A refusal shows as a notice too: a note's id is a hidden field, with nowhere of its own to show it.
				announceInvalid: true,
				onValid: async ({ noteId, time, text }) => {
					await updateNote(user, noteId, { atSeconds: time, text })
					return backToNotes(id, 'Note updated', 'Your note has been saved.')
				},
			})
		case NOTE_INTENTS.remove:
			return handleFormSubmission({
				request,
				formData,
				intent: NOTE_INTENTS.remove,
				schema: DeleteNoteFormSchema,
				failureTitle: 'Could not delete the note',
				// A refusal shows as a notice too: a note's id is a hidden field, with nowhere of its own to show it.
				announceInvalid: true,
				onValid: async ({ noteId }) => {
					await deleteNote(user, noteId)
					return backToNotes(id, 'Note deleted', 'The note is gone.')
				},
			})
	}
	return handleFormSubmission({
		request,
		formData,
		// "Mark as complete" has no fields: the form is its CSRF token and the video in the address.
		schema: EmptyFormSchema,
		failureTitle: 'Could not save progress',
		onValid: async () => {
			await recordProgress(user, { videoId: id, progress: 100 })
			return redirectWithToast(`/content-library/${id}`, {
				title: 'Lesson completed',
				description: 'Your progress has been saved.',
			})
		},
	})
}

export default function VideoPage() {
	const {
		video,
		progress: savedProgress,
		related,
		tracks,
		transcript,
		chapters,
		captions,
		search,
		startAt,
		notes,
		editingNote,
	} = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const player = useRef<VideoPlayerHandle>(null)
	const hydrated = useHydrated()
	const [reported, setReported] = useState(0)
	// While the video plays, the card follows it at once instead of waiting for the next 10-second save (docs/decisions/068).
	const [watching, setWatching] = useState<number | null>(null)
	const progress = Math.max(savedProgress, reported, watching ?? 0)
	const duration = formatMinutes(video.duration)
	// Where the video is, for new notes; and the transcript line and chapter it is at (state only changes when they do).
	const position = useRef<number | null>(null)
	const [activeCue, setActiveCue] = useState(-1)
	const [activeChapter, setActiveChapter] = useState(-1)
	const cues = transcript?.cues
	const followTime = useCallback(
		(seconds: number) => {
			position.current = seconds
			setActiveCue(cues ? activeCueIndex(cues, seconds) : -1)
			setActiveChapter(activeChapterIndex(chapters, seconds))
		},
		[cues, chapters],
	)
	const seek: Seek = useCallback((seconds: number) => player.current?.seek(seconds), [])
	const currentTime = useCallback(() => position.current, [])
	const playable = Boolean(video.url)

	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<Link
				to="/content-library"
				className="inline-flex min-h-6 items-center gap-2 py-1 text-sm font-medium text-gray-600 hover:text-gray-900"
			>
				<Icon name="arrowLeft" className="h-4 w-4" />
				Back to Library
			</Link>

			<div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
				<div className="space-y-4 lg:col-span-2">
					{video.url ? (
						<VideoPlayer
							key={video.id}
							ref={player}
							videoId={video.id}
							src={video.url}
							poster={video.thumbnail}
							title={video.title}
							initialProgress={savedProgress}
							onProgress={(value) => setReported((previous) => Math.max(previous, value))}
							onPosition={(value) => setWatching((previous) => Math.max(previous ?? 0, value))}
							tracks={tracks}
							captions={captions}
							chapters={chapters}
							startAt={startAt}
							onTime={followTime}
						/>
					) : (
						<PremiumPanel thumbnail={video.thumbnail} />
					)}
					<div className="flex flex-wrap gap-2">
						<Badge tone="brand">{video.category ?? 'Uncategorized'}</Badge>
						{duration ? (
							<Badge>
								<Icon name="clock" className="mr-1 h-3.5 w-3.5" />
								{duration}
							</Badge>
						) : null}
					</div>
					<h1 className="text-2xl font-bold text-gray-900">{video.title}</h1>
					{video.description ? <p className="text-gray-700">{video.description}</p> : null}
					<ChapterList
						videoId={video.id}
						chapters={chapters}
						current={activeChapter}
						seek={hydrated && playable ? seek : null}
					/>
				</div>

				<div className="space-y-6 self-start">
					<Card>
						<CardHeader>
							<CardTitle>Course Information</CardTitle>
						</CardHeader>
						<CardContent className="space-y-4">
							<dl className="space-y-2 text-sm">
								<div className="flex justify-between gap-4">
									<dt className="text-gray-500">Category</dt>
									<dd className="font-medium text-gray-900">{video.category ?? 'Uncategorized'}</dd>
								</div>
								<div className="flex justify-between gap-4">
									<dt className="text-gray-500">Duration</dt>
									<dd className="font-medium text-gray-900">
										{video.duration ? `${video.duration} ${video.duration === 1 ? 'minute' : 'minutes'}` : 'Unknown'}
									</dd>
								</div>
							</dl>
							{video.locked ? (
								<p className="text-sm text-gray-600">
									Subscribe to Premium to watch this lesson and track your progress.
								</p>
							) : (
								<>
									<div>
										<div className="mb-1 flex justify-between text-sm">
											<span className="text-gray-500">Your progress</span>
											<span className="font-medium text-gray-900" data-testid="progress-text">
												{progress === 0 && watching !== null ? 'Started' : progressText(progress)}
											</span>
										</div>
										<ProgressBar value={progress} label="Your progress" />
									</div>
									<ProgressButton progress={progress} durationMinutes={video.duration} player={player} />
									{progressState(progress) === 'completed' ? null : <MarkCompleteForm />}
								</>
							)}
						</CardContent>
					</Card>
					{playable ? (
						<NotesPanel
							videoId={video.id}
							notes={notes}
							editing={editingNote}
							startAt={startAt}
							seek={seek}
							currentTime={currentTime}
						/>
					) : null}
				</div>
			</div>

			{transcript ? (
				<Transcript
					videoId={video.id}
					transcript={transcript}
					tracks={tracks}
					chapters={chapters}
					search={search}
					active={activeCue}
					seek={hydrated ? seek : null}
				/>
			) : null}

			<section aria-labelledby="related-heading" className="space-y-4">
				<h2 id="related-heading" className="text-lg font-semibold text-gray-900">
					Related Content
				</h2>
				<RelatedLessons related={related} />
			</section>
			<ActionToast toast={actionData?.toast} />
		</div>
	)
}

/** product §2: 'Start Course', 'Continue' with the minutes left, or 'Review'. Without JavaScript it jumps to the player. */
function ProgressButton({
	progress,
	durationMinutes,
	player,
}: {
	progress: number
	durationMinutes: number | null
	player: React.RefObject<VideoPlayerHandle>
}) {
	const hydrated = useHydrated()
	const state = progressState(progress)
	const remaining = minutesRemaining(durationMinutes, progress)
	const label =
		state === 'completed'
			? 'Review'
			: state === 'in-progress'
				? remaining
					? `Continue (${remaining} min remaining)`
					: 'Continue'
				: 'Start Course'
	function onClick(event: MouseEvent<HTMLAnchorElement>) {
		if (!hydrated || !player.current) return
		event.preventDefault()
		player.current.play({ fromStart: state !== 'in-progress' })
	}
	return (
		<a href="#player" onClick={onClick} className={buttonClassName({ size: 'wide' })}>
			<Icon name="play" className="h-4 w-4" />
			{label}
		</a>
	)
}

function MarkCompleteForm() {
	const pending = useIsSubmitting('complete')
	return (
		<Form method="post" preventScrollReset>
			<AuthenticityTokenInput />
			<input type="hidden" name="intent" value="complete" />
			<StatusButton
				pending={pending}
				pendingLabel="Saving..."
				className="w-full border border-gray-300 bg-white !text-gray-800 shadow-none hover:bg-gray-50"
			>
				<Icon name="check" className="h-4 w-4" />
				Mark as complete
			</StatusButton>
		</Form>
	)
}

/**
 * product §6: what a free member sees instead of a premium video. A 16:9
 * spacer and the text share one grid cell, so the panel is as tall as the
 * player where the text fits and grows on a narrow phone instead of cutting
 * 'Subscribe Now' off; the picture lies behind both (docs/decisions/063).
 */
function PremiumPanel({ thumbnail }: { thumbnail: string | null }) {
	return (
		<section
			aria-labelledby="premium-panel-heading"
			className="relative isolate grid grid-cols-1 overflow-hidden rounded-xl bg-gray-900 text-white"
		>
			<VideoThumbnail
				src={thumbnail}
				eager
				className="absolute inset-0 -z-10 h-full w-full scale-105 opacity-30 blur-sm"
			/>
			<div aria-hidden="true" className="aspect-video [grid-area:1/1]" />
			<div className="flex flex-col items-center justify-center gap-3 px-4 py-6 text-center [grid-area:1/1] sm:p-6">
				<span className="rounded-full bg-white/15 p-3">
					<Icon name="lock" className="h-6 w-6 sm:h-7 sm:w-7" />
				</span>
				<h2 id="premium-panel-heading" className="text-lg font-bold sm:text-xl">
					Premium Content
				</h2>
				<p className="max-w-sm text-sm text-gray-100">
					Enjoy your first month free and get access to all premium content
				</p>
				<ButtonLink to="/subscribe" className="px-5">
					Subscribe Now
				</ButtonLink>
			</div>
		</section>
	)
}
