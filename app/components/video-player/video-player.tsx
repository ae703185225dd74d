import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useToast } from '~/components/ui/toaster'
import { useDefaultThumbnail } from '~/components/video-thumbnail'
import { COMPLETED_THRESHOLD, percentWatched } from '~/lib/videos'
import { type CaptionTrackSource, type CaptionsChoice } from '~/lib/captions'
import { withStartFragment, type Chapter } from '~/lib/transcripts'
import { CaptionsControl, ChaptersMenu } from '~/components/video-player/lesson-controls'
import { PlayerControls } from '~/components/video-player/player-controls'
import { useCaptions } from '~/components/video-player/use-captions'
import { useAutoHidingControls } from '~/components/video-player/use-auto-hiding-controls'
import { useFullscreen } from '~/components/video-player/use-fullscreen'
import { useProgressReporting } from '~/components/video-player/use-progress-reporting'
import { useAdaptiveStream } from '~/components/video-player/use-adaptive-stream'
import { HLS_TYPE, progressiveUrl, streamKeyOf } from '~/lib/media'

export interface VideoPlayerHandle {
	/** Starts playing, from the beginning or from where the member left off. */
	play: (options: { fromStart: boolean }) => void
	/** Moves to a time of the lesson (a transcript line, a chapter, a note) and plays from there. */
	seek: (seconds: number) => void
}

interface VideoPlayerProps {
	videoId: number
	src: string
	poster: string | null
	title: string
	/** Saved progress in percent: playback resumes there when it is in progress. */
	initialProgress: number
	/** Called with each percent reported to the server. */
	onProgress?: (progress: number) => void
	/** Called as the video plays, with the percent it has reached (reported to the server only every 10 seconds). */
	onPosition?: (percent: number) => void
	/** The lesson's captions, one `<track kind="captions">` each (docs/decisions/170). */
	tracks?: readonly CaptionTrackSource[]
	/** The member's remembered captions choice (the `captions` cookie). */
	captions?: CaptionsChoice
	chapters?: readonly Chapter[]
	/** Seconds where playback starts (`?t=`): a media fragment on the source, so it works without JavaScript too. */
	startAt?: number | null
	/** Called with the playback position in seconds whenever it moves (the transcript follows it). */
	onTime?: (seconds: number) => void
}

/**
 * The player island (product §2 "Video detail"). Rendered on the server as a
 * native <video controls>, so it plays without JavaScript; once hydrated it
 * draws its own controls (PlayerControls) that hide while the video plays
 * (useAutoHidingControls), can go fullscreen (useFullscreen), and saves the
 * member's progress (useProgressReporting).
 *
 * The media element is the one source of truth: playing, time, duration and
 * volume are copied from its events, never predicted, and times come from
 * the media itself, not the stored minutes (docs/decisions/005).
 */
export const VideoPlayer = forwardRef<VideoPlayerHandle, VideoPlayerProps>(function VideoPlayer(
	{
		videoId,
		src,
		poster,
		title,
		initialProgress,
		onProgress,
		onPosition,
		tracks = [],
		captions = null,
		chapters = [],
		startAt = null,
		onTime,
	},
	ref,
) {
	const hydrated = useHydrated()
	const { showToast } = useToast()
	const defaultThumbnail = useDefaultThumbnail()
	const containerRef = useRef<HTMLDivElement>(null)
	const videoRef = useRef<HTMLVideoElement>(null)
	const [playing, setPlaying] = useState(false)
	const [currentTime, setCurrentTime] = useState(0)
	const [duration, setDuration] = useState(0)
	const [volume, setVolume] = useState(1)
	const progressReports = useProgressReporting({ videoId, onReport: onProgress })
	const { controlsHidden, revealControls, containerHandlers } = useAutoHidingControls({
		container: containerRef,
		media: videoRef,
	})
	const { isFullscreen, toggleFullscreen } = useFullscreen(containerRef)
	const { captionsLanguage, cueText, chooseCaptions } = useCaptions({ media: videoRef, tracks, remembered: captions })
	// Where the page opened the lesson: it stays on the source as drawn, so the element never reloads its media.
	const openedAt = useRef(startAt)
	// An uploaded lesson streams (HLS, with a single file for browsers that play neither HLS nor hls.js).
	const streamKey = streamKeyOf(src)

	function showPlaybackError() {
		showToast({ type: 'destructive', title: 'Playback Error', description: 'Could not play video. Please try again.' })
	}
	useAdaptiveStream(videoRef, streamKey ? src : null, openedAt.current, showPlaybackError)

	function startPlaying() {
		videoRef.current?.play().catch((error: unknown) => {
			// A pause() that interrupts play() is not a failure.
			if (error instanceof DOMException && error.name === 'AbortError') return
			showPlaybackError()
		})
	}

	useImperativeHandle(ref, () => ({
		play({ fromStart }) {
			const video = videoRef.current
			if (!video) return
			if (fromStart) video.currentTime = 0
			containerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' })
			startPlaying()
		},
		seek(seconds) {
			seekTo(seconds)
			startPlaying()
		},
	}))

	// A later start time (a transcript search that found a line) moves the playing video there.
	useEffect(() => {
		if (startAt !== null && startAt !== openedAt.current) seekTo(startAt)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only a new start time moves the video
	}, [startAt])

	function playbackStarted() {
		setPlaying(true)
		if (videoRef.current) onPosition?.(percentWatched(videoRef.current.currentTime, videoRef.current.duration))
		progressReports.playbackStarted()
		revealControls()
	}

	function playbackStopped(video: HTMLVideoElement) {
		setPlaying(false)
		progressReports.playbackStopped(video)
		revealControls()
	}

	function metadataLoaded(video: HTMLVideoElement) {
		setDuration(video.duration)
		// An address with a time (`?t=`) starts there, before a saved place.
		if (openedAt.current) {
			if (Math.abs(video.currentTime - openedAt.current) >= 1) video.currentTime = openedAt.current
			setCurrentTime(video.currentTime)
			return
		}
		// Pick up where the member left off.
		if (initialProgress > 0 && initialProgress < COMPLETED_THRESHOLD && video.currentTime === 0) {
			video.currentTime = (video.duration * initialProgress) / 100
			setCurrentTime(video.currentTime)
		}
	}

	// The server-drawn element may have loaded its metadata, started playing (from its native controls)
	// or changed volume before hydration, when no handler listened yet. Once: later changes arrive as events.
	useEffect(() => {
		const video = videoRef.current
		if (!video) return
		if (video.readyState >= HTMLMediaElement.HAVE_METADATA) metadataLoaded(video)
		if (!video.paused) playbackStarted()
		setVolume(video.muted ? 0 : video.volume)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: later changes arrive as events
	}, [])

	function togglePlay() {
		const video = videoRef.current
		if (!video) return
		if (video.paused || video.ended) startPlaying()
		else video.pause()
	}

	// Seeking and volume also update the state at once, not only from the element's events: those arrive a
	// task later, and a controlled slider would meanwhile snap back to the old value under the member's hand.
	function seekTo(seconds: number) {
		const video = videoRef.current
		if (!video) return
		video.currentTime = seconds
		setCurrentTime(video.currentTime)
		onTime?.(video.currentTime)
	}

	function seekBy(seconds: number) {
		const video = videoRef.current
		if (!video) return
		const end = Number.isFinite(video.duration) ? video.duration : Infinity
		seekTo(Math.max(0, Math.min(end, video.currentTime + seconds)))
	}

	function changeVolume(value: number) {
		const video = videoRef.current
		if (!video) return
		video.volume = value
		video.muted = value === 0
		setVolume(value)
	}

	const hidden = playing && controlsHidden
	return (
		<div
			ref={containerRef}
			id="player"
			className={`group relative overflow-hidden rounded-xl bg-black ${isFullscreen ? 'flex items-center' : ''} ${hidden ? 'cursor-none' : ''}`}
			{...containerHandlers}
		>
			{/* eslint-disable-next-line jsx-a11y/media-has-caption -- the tracks are given as a list; a lesson without captions has none to offer (docs/decisions/171) */}
			<video
				ref={videoRef}
				src={streamKey ? undefined : withStartFragment(src, openedAt.current)}
				poster={poster || defaultThumbnail}
				controls={!hydrated}
				preload="metadata"
				playsInline
				aria-label={title}
				className="aspect-video w-full bg-black"
				onClick={hydrated ? togglePlay : undefined}
				onPlay={playbackStarted}
				onPause={(event) => playbackStopped(event.currentTarget)}
				onEnded={(event) => playbackStopped(event.currentTarget)}
				onTimeUpdate={(event) => {
					setCurrentTime(event.currentTarget.currentTime)
					onTime?.(event.currentTarget.currentTime)
					if (!event.currentTarget.paused)
						onPosition?.(percentWatched(event.currentTarget.currentTime, event.currentTarget.duration))
					progressReports.positionChanged(event.currentTarget)
				}}
				onLoadedMetadata={(event) => metadataLoaded(event.currentTarget)}
				onDurationChange={(event) => setDuration(event.currentTarget.duration)}
				onVolumeChange={(event) => setVolume(event.currentTarget.muted ? 0 : event.currentTarget.volume)}
				onError={showPlaybackError}
			>
				{streamKey ? (
					<>
						<source src={withStartFragment(src, openedAt.current)} type={HLS_TYPE} />
						<source src={withStartFragment(progressiveUrl(streamKey), openedAt.current)} type="video/mp4" />
					</>
				) : null}
				{tracks.map((track) => (
					<track
						key={track.language}
						kind="captions"
						src={track.src}
						srcLang={track.language}
						label={track.label}
						default={track.language === captionsLanguage}
					/>
				))}
				<p className="p-4 text-white">
					Your browser cannot play this video. <a href={streamKey ? progressiveUrl(streamKey) : src}>Download it</a>{' '}
					instead.
				</p>
			</video>
			{hydrated && cueText ? (
				// What is said now, above the controls while they show; screen readers have the transcript instead.
				<div
					aria-hidden="true"
					data-testid="player-captions"
					className={`pointer-events-none absolute inset-x-0 flex justify-center px-4 transition-[bottom] duration-300 ${hidden ? 'bottom-4' : 'bottom-20'}`}
				>
					<span
						className={`whitespace-pre-line rounded bg-black/80 px-2 py-0.5 text-center text-white ${isFullscreen ? 'text-2xl' : 'text-sm sm:text-lg'}`}
					>
						{cueText}
					</span>
				</div>
			) : null}
			{hydrated ? (
				<PlayerControls
					hidden={hidden}
					playing={playing}
					currentTime={currentTime}
					duration={duration}
					volume={volume}
					fullscreen={isFullscreen}
					onTogglePlay={togglePlay}
					onSeekBy={seekBy}
					onSeekTo={seekTo}
					onVolumeChange={changeVolume}
					onToggleFullscreen={toggleFullscreen}
					lessonControls={
						<>
							<ChaptersMenu chapters={chapters} currentTime={currentTime} onSeek={(seconds) => seekTo(seconds)} />
							<CaptionsControl tracks={tracks} language={captionsLanguage} onChoose={chooseCaptions} />
						</>
					}
				/>
			) : null}
		</div>
	)
})
