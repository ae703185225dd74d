import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useRef, useState, type MouseEvent } from 'react'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { z } from 'zod'
import { useIsSubmitting } from '~/components/forms'
import { pageMeta } from '~/components/page-meta'
import { StatusButton, buttonClassName, ButtonLink } from '~/components/ui/button'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/empty-state'
import { Icon } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { ActionToast } from '~/components/ui/toaster'
import { VideoCard } from '~/components/video-card'
import { VideoPlayer, type VideoPlayerHandle } from '~/components/video-player/index'
import { VideoThumbnail } from '~/components/video-thumbnail'
import { requireNumericId } from '~/web/http.server'
import { formatMinutes, minutesRemaining, progressState, progressText, toVideoCards } from '~/lib/videos'
import { requireUser } from '~/web/auth.server'
import { handleFormSubmission } from '~/web/form.server'
import { listProgress, recordProgress } from '~/services/learning/progress.server'
import { redirectWithToast } from '~/web/toast.server'
import { rethrowAsResponse } from '~/web/errors.server'
import { getVideoForMember, listRelatedVideos } from '~/services/catalogue/videos.server'
import { type RouteHandle } from '~/types'

/** Related lessons in the first row of the grid on a wide screen (three columns). */
const RELATED_FIRST_ROW = 3

/** The player is an island. */
export const handle: RouteHandle = { hydrate: true }

export const meta: MetaFunction<typeof loader> = ({ data }) =>
	pageMeta(
		data?.video.title ?? 'Video',
		data?.video.description ?? 'A video lesson of the LeaderForge content library.',
	)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const user = await requireUser(request)
	const id = requireNumericId(params.id, 'Video')
	const video = await getVideoForMember(user, id).catch(rethrowAsResponse)
	const [related, progress] = await Promise.all([listRelatedVideos(user, video), listProgress(user.id)])
	return json({
		// For a locked video `url` is null: the media address never reaches a member without access.
		video,
		progress: progress.find((record) => record.videoId === id)?.progress ?? 0,
		related: toVideoCards(related, progress),
	})
}

/** "Mark as complete" has no fields: the form is its CSRF token and the video in the address. */
const MarkCompleteSchema = z.object({})

export async function action({ request, params }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const id = requireNumericId(params.id, 'Video')
	return handleFormSubmission({
		request,
		schema: MarkCompleteSchema,
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
	const { video, progress: savedProgress, related } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const player = useRef<VideoPlayerHandle>(null)
	const [reported, setReported] = useState(0)
	// While the video plays, the card follows it at once instead of waiting for the next 10-second save (docs/decisions/068).
	const [watching, setWatching] = useState<number | null>(null)
	const progress = Math.max(savedProgress, reported, watching ?? 0)
	const duration = formatMinutes(video.duration)

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
				</div>

				<Card className="self-start">
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
			</div>

			<section aria-labelledby="related-heading" className="space-y-4">
				<h2 id="related-heading" className="text-lg font-semibold text-gray-900">
					Related Content
				</h2>
				{related.length ? (
					<ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
						{related.map((item, index) => (
							<li key={item.id} className="flex [&>article]:flex-1">
								{/* On a wide screen the first row shares the first screenful with the player: its pictures are often the page's largest. */}
								<VideoCard video={item} eager={index < RELATED_FIRST_ROW} />
							</li>
						))}
					</ul>
				) : (
					<EmptyState title="No related content found" />
				)}
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
