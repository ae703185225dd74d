import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useToast } from '~/components/ui/toaster'
import { useDefaultThumbnail } from '~/components/video-thumbnail'
import { COMPLETED_THRESHOLD, percentWatched } from '~/lib/videos'
import { PlayerControls } from '~/components/video-player/player-controls'
import { useAutoHidingControls } from '~/components/video-player/use-auto-hiding-controls'
import { useFullscreen } from '~/components/video-player/use-fullscreen'
import { useProgressReporting } from '~/components/video-player/use-progress-reporting'
import { useAdaptiveStream } from '~/components/video-player/use-adaptive-stream'
import { HLS_TYPE, progressiveUrl, streamKeyOf } from '~/lib/media'

export interface VideoPlayerHandle {
	/** Starts playing, from the beginning or from where the member left off. */
	play: (options: { fromStart: boolean }) => void
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
	{ videoId, src, poster, title, initialProgress, onProgress, onPosition },
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
	// An uploaded lesson streams (HLS, with a single file for browsers that play neither HLS nor hls.js).
	const streamKey = streamKeyOf(src)

	function showPlaybackError() {
		showToast({ type: 'destructive', title: 'Playback Error', description: 'Could not play video. Please try again.' })
	}
	useAdaptiveStream(videoRef, streamKey ? src : null, showPlaybackError)

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
	}))

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
			{/* eslint-disable-next-line jsx-a11y/media-has-caption -- a lesson without captions has no track to offer */}
			<video
				ref={videoRef}
				src={streamKey ? undefined : src}
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
						<source src={src} type={HLS_TYPE} />
						<source src={progressiveUrl(streamKey)} type="video/mp4" />
					</>
				) : null}
				<p className="p-4 text-white">
					Your browser cannot play this video. <a href={streamKey ? progressiveUrl(streamKey) : src}>Download it</a>{' '}
					instead.
				</p>
			</video>
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
				/>
			) : null}
		</div>
	)
})
