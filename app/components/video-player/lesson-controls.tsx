import { Icon } from '~/components/ui/icon'
import { PlayerMenu } from '~/components/video-player/player-menu'
import { type CaptionLanguage, type CaptionTrackSource } from '~/lib/captions'
import { activeChapterIndex, formatLessonTime, type Chapter } from '~/lib/transcripts'

const OFF = 'off'

/**
 * The captions button (docs/decisions/171): with one language a toggle
 * ('Captions', pressed while they show), with several a menu of 'Off' and
 * the languages. Nothing without captions.
 */
export function CaptionsControl({
	tracks,
	language,
	onChoose,
}: {
	tracks: readonly CaptionTrackSource[]
	language: CaptionLanguage | null
	onChoose: (language: CaptionLanguage | null) => void
}) {
	const only = tracks.length === 1 ? tracks[0] : undefined
	if (only)
		return (
			<button
				type="button"
				aria-label="Captions"
				aria-pressed={language !== null}
				title={language ? `Captions (${only.label}) on` : 'Captions off'}
				onClick={() => onChoose(language ? null : only.language)}
				className="rounded-md p-1.5 hover:bg-white/20 aria-pressed:bg-white/25"
			>
				<Icon name="captions" />
			</button>
		)
	if (tracks.length === 0) return null
	return (
		<PlayerMenu
			label="Captions"
			title="Captions"
			icon={<Icon name="captions" className={`h-5 w-5 ${language ? 'text-white' : 'text-white/70'}`} />}
			items={[
				{ key: OFF, label: 'Off', checked: language === null },
				...tracks.map((track) => ({ key: track.language, label: track.label, checked: track.language === language })),
			]}
			onSelect={(key) => onChoose(tracks.find((track) => track.language === key)?.language ?? null)}
		/>
	)
}

/** The chapter menu: each chapter with its time, the one playing checked; choosing one plays from there. */
export function ChaptersMenu({
	chapters,
	currentTime,
	onSeek,
}: {
	chapters: readonly Chapter[]
	currentTime: number
	onSeek: (seconds: number) => void
}) {
	if (chapters.length === 0) return null
	const playing = activeChapterIndex(chapters, currentTime)
	return (
		<PlayerMenu
			label="Chapters"
			title="Chapters"
			icon={<Icon name="chapters" />}
			items={chapters.map((chapter, index) => ({
				key: String(index),
				label: `${formatLessonTime(chapter.start)} ${chapter.title}`,
				checked: index === playing,
			}))}
			onSelect={(key) => onSeek(chapters[Number(key)]!.start)}
		/>
	)
}
