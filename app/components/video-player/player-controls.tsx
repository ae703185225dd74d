import { type ReactNode } from 'react'
import { Icon } from '~/components/ui/icon'
import { SEEK_STEP_SECONDS, formatPlaybackTime } from '~/lib/videos'

interface PlayerControlsProps {
	/** Faded out and out of the pointer's way; still in the page for assistive technology. */
	hidden: boolean
	playing: boolean
	/** Seconds, from the media element. */
	currentTime: number
	/** Seconds, from the media element; 0 until its metadata has loaded. */
	duration: number
	/** 0 to 1; 0 when muted. */
	volume: number
	fullscreen: boolean
	onTogglePlay: () => void
	onSeekBy: (seconds: number) => void
	onSeekTo: (seconds: number) => void
	onVolumeChange: (volume: number) => void
	onToggleFullscreen: () => void
	/** The lesson's own controls (the chapter menu, the captions button), before the volume. */
	lessonControls?: ReactNode
}

/**
 * The player's own controls (product §2 "Video detail"): a seek bar, play and
 * pause, 10 s back and forward, the time as m:ss or h:mm:ss, volume 0–1 in
 * steps of 0.1, and fullscreen. It only draws what it is given and says what
 * the member asked for; the player owns the media element.
 */
export function PlayerControls({
	hidden,
	playing,
	currentTime,
	duration,
	volume,
	fullscreen,
	onTogglePlay,
	onSeekBy,
	onSeekTo,
	onVolumeChange,
	onToggleFullscreen,
	lessonControls,
}: PlayerControlsProps) {
	return (
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
				onChange={(event) => onSeekTo(Number(event.target.value))}
				className="block h-6 w-full cursor-pointer accent-brand-500"
			/>
			<div className="mt-2 flex items-center gap-1 sm:gap-2">
				<ControlButton label={playing ? 'Pause' : 'Play'} onClick={onTogglePlay}>
					<Icon name={playing ? 'pause' : 'play'} />
				</ControlButton>
				<ControlButton label="Back 10 seconds" onClick={() => onSeekBy(-SEEK_STEP_SECONDS)}>
					<Icon name="back10" />
				</ControlButton>
				<ControlButton label="Forward 10 seconds" onClick={() => onSeekBy(SEEK_STEP_SECONDS)}>
					<Icon name="forward10" />
				</ControlButton>
				<span className="ml-1 whitespace-nowrap font-mono text-xs tabular-nums sm:text-sm" data-testid="player-time">
					{formatPlaybackTime(currentTime)} / {formatPlaybackTime(duration)}
				</span>
				<div className="ml-auto flex items-center gap-1 sm:gap-2">
					{lessonControls}
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
						onChange={(event) => onVolumeChange(Number(event.target.value))}
						className="hidden h-6 w-24 cursor-pointer accent-white sm:block"
					/>
					<ControlButton label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={onToggleFullscreen}>
						<Icon name="fullscreen" />
					</ControlButton>
				</div>
			</div>
		</div>
	)
}

function ControlButton({
	label,
	onClick,
	children,
}: {
	label: string
	onClick: () => void
	children: React.ReactNode
}) {
	return (
		<button
			type="button"
			onClick={onClick}
			aria-label={label}
			title={label}
			className="rounded-md p-1.5 hover:bg-white/20"
		>
			{children}
		</button>
	)
}
