import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Icon } from '~/components/ui/icon'
import { useToast } from '~/components/ui/toaster'
import {
	COMPLETED_THRESHOLD,
	DEFAULT_THUMBNAIL,
	SEEK_STEP_SECONDS,
	formatPlaybackTime,
} from '~/lib/videos'
import { useAutoHidingControls } from './use-auto-hiding-controls'
import { useFullscreen } from './use-fullscreen'
import { useProgressReporting } from './use-progress-reporting'

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
}

/**
 * The player island (SPEC §2 "Video detail"). Rendered on the server as a
 * native <video controls>, so it plays without JavaScript; once hydrated it
 * draws its own controls: play and pause, 10 s back and forward, volume
 * 0–1 in steps of 0.1, fullscreen, a time read-out, and controls that hide
 * 3 s after the last mouse move while playing. It saves the member's progress
 * while playing, on pause and at the end (useProgressReporting).
 * Times come from the media element itself (docs/decisions/005).
 */
export const VideoPlayer = forwardRef<VideoPlayerHandle, VideoPlayerProps>(function VideoPlayer(
	{ videoId, src, poster, title, initialProgress, onProgress },
	ref,
) {
	const hydrated = useHydrated()
	const { showToast } = useToast()
	const containerRef = useRef<HTMLDivElement>(null)
	const videoRef = useRef<HTMLVideoElement>(null)
	const [playing, setPlaying] = useState(false)
	const [currentTime, setCurrentTime] = useState(0)
	const [duration, setDuration] = useState(0)
	const [volume, setVolume] = useState(1)
	const { controlsHidden, revealControls, containerHandlers } = useAutoHidingControls({ container: containerRef, media: videoRef })
	const { isFullscreen, toggleFullscreen } = useFullscreen(containerRef)

	const playbackError = useCallback(() => {
		showToast({ type: 'destructive', title: 'Playback Error', description: 'Could not play video. Please try again.' })
	}, [showToast])

	const startPlaying = useCallback(() => {
		videoRef.current?.play().catch((error: unknown) => {
			// A pause() that interrupts play() is not a failure.
			if (error instanceof DOMException && error.name === 'AbortError') return
			playbackError()
		})
	}, [playbackError])

	useImperativeHandle(ref, () => ({
		play({ fromStart }) {
			const video = videoRef.current
			if (!video) return
			if (fromStart) video.currentTime = 0
			containerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' })
			startPlaying()
		},
	}))

	const progressReports = useProgressReporting({ videoId, onReport: onProgress })

	function playbackStarted() {
		setPlaying(true)
		progressReports.playbackStarted()
		revealControls()
	}

	function playbackStopped(video: HTMLVideoElement) {
		setPlaying(false)
		progressReports.playbackStopped(video)
		revealControls()
	}

	const onMetadata = useCallback(
		(video: HTMLVideoElement) => {
			setDuration(video.duration)
			// Pick up where the member left off.
			if (initialProgress > 0 && initialProgress < COMPLETED_THRESHOLD && video.currentTime === 0) {
				video.currentTime = (video.duration * initialProgress) / 100
				setCurrentTime(video.currentTime)
			}
		},
		[initialProgress],
	)
	// The server-drawn element may have loaded its metadata before hydration, when no handler listened yet.
	useEffect(() => {
		const video = videoRef.current
		if (!video) return
		if (video.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata(video)
		if (!video.paused) playbackStarted()
		setVolume(video.muted ? 0 : video.volume)
		// Once, at hydration: later changes arrive through the element's events.
	}, [])

	function togglePlay() {
		const video = videoRef.current
		if (!video) return
		if (video.paused || video.ended) startPlaying()
		else video.pause()
	}

	function seekBy(seconds: number) {
		const video = videoRef.current
		if (!video) return
		const end = Number.isFinite(video.duration) ? video.duration : Infinity
		video.currentTime = Math.max(0, Math.min(end, video.currentTime + seconds))
		setCurrentTime(video.currentTime)
	}

	function seekTo(seconds: number) {
		const video = videoRef.current
		if (!video) return
		video.currentTime = seconds
		setCurrentTime(seconds)
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
			<video
				ref={videoRef}
				src={src}
				poster={poster || DEFAULT_THUMBNAIL}
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
					progressReports.positionChanged(event.currentTarget)
				}}
				onLoadedMetadata={(event) => onMetadata(event.currentTarget)}
				onDurationChange={(event) => setDuration(event.currentTarget.duration)}
				onVolumeChange={(event) => setVolume(event.currentTarget.muted ? 0 : event.currentTarget.volume)}
				onError={playbackError}
			>
				<p className="p-4 text-white">
					Your browser cannot play this video. <a href={src}>Download it</a> instead.
				</p>
			</video>
			{hydrated ? (
				<div
					data-testid="player-controls"
					data-visible={!hidden}
					className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-3 pb-3 pt-10 text-white transition-opacity duration-300 ${
						hidden ? 'pointer-events-none opacity-0' : 'opacity-100'
					}`}
				>
					<input
						type="range"
						aria-label="Seek"
						aria-valuetext={`${formatPlaybackTime(currentTime)} of ${formatPlaybackTime(duration)}`}
						min={0}
						max={duration || 0}
						step={1}
						value={Math.min(currentTime, duration || 0)}
						onChange={(event) => seekTo(Number(event.target.value))}
						className="h-1 w-full cursor-pointer accent-brand-500"
					/>
					<div className="mt-2 flex items-center gap-1 sm:gap-2">
						<ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
							<Icon name={playing ? 'pause' : 'play'} />
						</ControlButton>
						<ControlButton label="Back 10 seconds" onClick={() => seekBy(-SEEK_STEP_SECONDS)}>
							<Icon name="back10" />
						</ControlButton>
						<ControlButton label="Forward 10 seconds" onClick={() => seekBy(SEEK_STEP_SECONDS)}>
							<Icon name="forward10" />
						</ControlButton>
						<span className="ml-1 whitespace-nowrap font-mono text-xs tabular-nums sm:text-sm" data-testid="player-time">
							{formatPlaybackTime(currentTime)} / {formatPlaybackTime(duration)}
						</span>
						<div className="ml-auto flex items-center gap-2">
							{/* Phones have their own volume buttons: the slider shows from small screens up. */}
							<Icon name={volume === 0 ? 'muted' : 'volume'} className="hidden h-5 w-5 sm:block" />
							<input
								type="range"
								aria-label="Volume"
								aria-valuetext={`${Math.round(volume * 100)}%`}
								min={0}
								max={1}
								step={0.1}
								value={volume}
								onChange={(event) => changeVolume(Number(event.target.value))}
								className="hidden h-1 w-24 cursor-pointer accent-white sm:block"
							/>
							<ControlButton label={isFullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={toggleFullscreen}>
								<Icon name="fullscreen" />
							</ControlButton>
						</div>
					</div>
				</div>
			) : null}
		</div>
	)
})

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
	return (
		<button type="button" onClick={onClick} aria-label={label} title={label} className="rounded-md p-1.5 hover:bg-white/20">
			{children}
		</button>
	)
}
