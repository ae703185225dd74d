import { Link } from '@remix-run/react'
import { Badge } from '~/components/ui/badge'
import { Icon } from '~/components/ui/icon'
import { ProgressBar } from '~/components/ui/progress-bar'
import { formatMinutes, progressState, progressText, type VideoCardData } from '~/lib/videos'
import { VideoThumbnail } from '~/components/video-thumbnail'
import { ButtonLink } from '~/components/ui/button'

/**
 * A video in a grid. A video the member cannot watch (product §6) shows its
 * picture dimmed under a 'Premium Content' lock; its title and description
 * stay readable below, and 'Unlock' (to /subscribe) sits at the foot of the
 * card, where it covers nothing (docs/decisions/063); 'Completed' is a badge
 * beside the category for the same reason.
 * `eager`: the card is in the first screenful, so its picture loads at once.
 */
export function VideoCard({ video, eager = false }: { video: VideoCardData; eager?: boolean }) {
	const duration = formatMinutes(video.duration)
	const state = progressState(video.progress)
	const picture = (
		<div className="relative">
			<VideoThumbnail src={video.thumbnail} eager={eager} className={`w-full ${video.locked ? 'grayscale' : ''}`} />
			{duration ? (
				<span className="absolute bottom-2 right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white">
					{duration}
				</span>
			) : null}
			{video.locked ? (
				<div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gray-900/55 text-white">
					<span className="rounded-full bg-gray-900/80 p-3">
						<Icon name="lock" />
					</span>
					<p className="text-sm font-semibold">Premium Content</p>
				</div>
			) : null}
		</div>
	)
	// 'Completed' sits beside the category, not on the picture, whose own corner often holds a label (a lesson's cover).
	const completed = state === 'completed' && !video.locked
	const text = (
		<>
			{video.category || completed ? (
				<div className="flex flex-wrap items-center gap-2">
					{video.category ? <Badge tone="brand">{video.category}</Badge> : null}
					{completed ? (
						<span className="inline-flex items-center gap-1 rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white">
							<Icon name="check" className="h-3.5 w-3.5" /> Completed
						</span>
					) : null}
				</div>
			) : null}
			<h3 className="mt-2 font-semibold text-gray-900">{video.title}</h3>
			{video.description ? <p className="mt-1 line-clamp-2 text-sm text-gray-600">{video.description}</p> : null}
		</>
	)

	if (video.locked) {
		return (
			<article
				aria-label={`${video.title} (Premium Content)`}
				className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm"
			>
				{picture}
				<div className="flex flex-1 flex-col p-4">
					{text}
					<div className="mt-auto pt-3">
						<ButtonLink to="/subscribe" size="sm">
							Unlock<span className="sr-only"> {video.title}</span>
						</ButtonLink>
					</div>
				</div>
			</article>
		)
	}
	return (
		<article className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
			<Link to={`/content-library/${video.id}`} className="flex flex-1 flex-col focus-visible:outline-offset-[-2px]">
				{picture}
				<div className="flex flex-1 flex-col p-4">
					{text}
					{state === 'in-progress' ? (
						<div className="mt-auto pt-3">
							<ProgressBar value={video.progress} label={`Progress of ${video.title}`} />
							<p className="mt-1 text-xs text-gray-600">{progressText(video.progress)}</p>
						</div>
					) : null}
				</div>
			</Link>
		</article>
	)
}
