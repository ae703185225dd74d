import { useEffect, useState, type RefObject } from 'react'
import {
	CAPTIONS_OFF,
	captionsChoiceCookie,
	type CaptionLanguage,
	type CaptionTrackSource,
	type CaptionsChoice,
} from '~/lib/captions'

/**
 * The captions of the player (docs/decisions/171): which language shows,
 * or none, and the words to show now. It starts from the member's
 * remembered choice (the `captions` cookie, which the server also read to
 * mark that track `default` for the browser's own controls) and remembers
 * a new one for a year on this browser.
 *
 * The chosen track is loaded in `hidden` mode: the browser keeps its active
 * cues, and the player draws them itself, above its controls while they
 * show (the browser's own drawing would sit under them), in fullscreen too.
 */
export function useCaptions({
	media,
	tracks,
	remembered,
}: {
	media: RefObject<HTMLMediaElement>
	tracks: readonly CaptionTrackSource[]
	remembered: CaptionsChoice
}) {
	const [language, setLanguage] = useState<CaptionLanguage | null>(() => initialLanguage(tracks, remembered))
	const [cueText, setCueText] = useState<string | null>(null)

	useEffect(() => {
		const textTracks = media.current?.textTracks
		setCueText(null)
		if (!textTracks) return
		let shown: TextTrack | undefined
		for (const track of Array.from(textTracks)) {
			if (track.kind !== 'captions') continue
			const chosen = track.language === language
			track.mode = chosen ? 'hidden' : 'disabled'
			if (chosen) shown = track
		}
		if (!shown) return
		const track = shown
		const video = media.current!
		const follow = () => setCueText(activeText(track, video.currentTime))
		track.addEventListener('cuechange', follow)
		follow()
		return () => track.removeEventListener('cuechange', follow)
	}, [media, language])

	function chooseCaptions(next: CaptionLanguage | null) {
		setLanguage(next)
		document.cookie = captionsChoiceCookie(next ?? CAPTIONS_OFF)
	}

	return { captionsLanguage: language, cueText, chooseCaptions }
}

/** The remembered language when this lesson has it; off when the member chose off, never chose, or it has no such track. */
export function initialLanguage(
	tracks: readonly CaptionTrackSource[],
	remembered: CaptionsChoice,
): CaptionLanguage | null {
	return tracks.find((track) => track.language === remembered)?.language ?? null
}

/**
 * The words of the cues showing now, without their markup, a cue a line. A
 * cue ends at its end time: Chromium still counts it active at that very
 * instant, which would show the line before a transcript line just chosen.
 */
function activeText(track: TextTrack, now: number): string | null {
	const lines = Array.from(track.activeCues ?? [])
		.filter((cue) => cue.endTime > now)
		.map((cue) => (cue instanceof VTTCue ? (cue.getCueAsHTML().textContent ?? cue.text) : ''))
	const text = lines.filter(Boolean).join('\n').trim()
	return text || null
}
